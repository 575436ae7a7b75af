import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type LaunchOptions } from '@playwright/test';

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
const CLIENT_DIST = path.resolve(ROOT, 'dist/client');
if (!fs.existsSync(path.join(CLIENT_DIST, 'index.html'))) {
  throw new Error('No client build: run `npm run test:e2e`, which builds it first.');
}

/** No Playwright browser is downloaded: use the system Chromium. */
const launchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
    },
  ],
  webServer: {
    command: 'npx tsx server/main.ts',
    cwd: ROOT,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT,
      LOG_LEVEL: 'warn',
      DATA_DIR,
      CLIENT_DIST,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
