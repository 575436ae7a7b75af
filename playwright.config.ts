import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type LaunchOptions } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/helpers/chromium.js';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const PORT = process.env.E2E_PORT ?? '4310';
const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * A fresh, empty data directory for the server, so every run starts from an empty database (the
 * landing page then populates the catalogue itself). Playwright loads this file again in each
 * worker process; workers inherit the runner's environment, so only the runner creates (and, on
 * exit, removes) the directory.
 */
function runnerTempDir(envKey: string, prefix: string): string {
  const inherited = process.env[envKey];
  if (inherited) return inherited;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  process.env[envKey] = dir;
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const DATA_DIR = runnerTempDir('AJ_E2E_DATA_DIR', 'aj-e2e-');

/** A TCP port nobody listens on now, found synchronously (config loading cannot wait). */
function freePortSync(): number {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

/**
 * A real SMTP receiver the e2e server sends its mail to (SMTP_URL below), so the e-mail a visitor
 * causes really travels over SMTP. It files each message it accepts as a .eml file in
 * DATA_DIR/outbox, where the server's own outbox mailer would have put it, before acknowledging
 * it: the sending request has not answered yet when the file is there, and specs that read the
 * outbox read it the same way with either mailer. Playwright starts the webServer before any
 * globalSetup, so the receiver starts here, at config load, in the runner only (workers inherit
 * AJ_E2E_SMTP_URL); it listens long before the server has started and sends anything.
 */
function runnerSmtpReceiver(outbox: string): string {
  const inherited = process.env.AJ_E2E_SMTP_URL;
  if (inherited) return inherited;
  const port = Number(process.env.E2E_SMTP_PORT) || freePortSync();
  fs.mkdirSync(outbox, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const file = path.join(outbox, `smtp-${Date.now()}-${++received}.eml`);
        try {
          fs.writeFileSync(file, Buffer.concat(chunks), { mode: 0o600 });
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  server.on('error', (error) => console.error(`e2e SMTP receiver on port ${port}:`, error));
  server.listen(port, '127.0.0.1');
  // The runner's end is not held up by a receiver waiting for mail.
  server.server.unref();
  const url = `smtp://127.0.0.1:${port}`;
  process.env.AJ_E2E_SMTP_URL = url;
  return url;
}

/** Where every mail the e2e server sends ends up (see runnerSmtpReceiver). */
const MAIL_DIR = path.join(DATA_DIR, 'outbox');
process.env.AJ_E2E_MAIL_DIR = MAIL_DIR;
const SMTP_URL = runnerSmtpReceiver(MAIL_DIR);
/** The client build under test; E2E_CLIENT_DIST lets a second run use its own build side by side. */
const CLIENT_DIST = process.env.E2E_CLIENT_DIST ?? path.resolve(ROOT, 'dist/client');
if (!fs.existsSync(path.join(CLIENT_DIST, 'index.html'))) {
  throw new Error('No client build: run `npm run test:e2e`, which builds it first.');
}

/** No Playwright browser is downloaded: use the system Chromium. */
const launchOptions: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
};

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A hang guard, not a speed check (speed lives in `npm run bench`). The long journeys (several axe
  // runs, two browsers) ran past Playwright's default 30 s on this shared two-core machine, one
  // different test each CI run; a steady 60 s keeps the guard without naming each journey slow.
  timeout: 60_000,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions,
    // A trace records every action's DOM snapshots and a screencast, a real share of a run's time.
    // CI keeps only its log, so it turns them off (E2E_TRACE=off in .ci/run); locally a failure
    // keeps its trace.
    trace: process.env.E2E_TRACE === 'off' ? 'off' : 'retain-on-failure',
    // The site's service worker answers navigations and /assets/ from its caches, out of page.route's
    // reach; the specs of offline use allow it (tests/e2e/offline.spec.ts).
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      // Specs of what no screen size changes run once, at desktop size: the HTML before any script
      // and its hydration, the preload headers, the query keys, the service worker and offline
      // edits, and passkeys (whose desktop run already signs in on a phone-sized second browser).
      // Running them again at phone size took 4 minutes of a quiet run (more on CI's busy machine,
      // whose whole run must finish inside its time limit) and tested nothing a screen size changes.
      testIgnore: [
        'prerender.spec.ts',
        'page-preloads.spec.ts',
        'query-keys.spec.ts',
        'offline.spec.ts',
        'offline-edits.spec.ts',
        'passkeys.spec.ts',
      ],
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
    },
  ],
  webServer: {
    // The production build, as `npm start` runs it (`test:e2e` builds it first when stale).
    command: 'node --enable-source-maps dist/server/server/main.js',
    cwd: ROOT,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT,
      LOG_LEVEL: 'warn',
      DATA_DIR,
      CLIENT_DIST,
      SMTP_URL,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
