import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, type LaunchOptions } from '@playwright/test';

const PORT = process.env.E2E_PORT ?? '4310';
const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * A fresh, empty data directory for the server, so every run starts from an empty database (the
 * landing page then populates the catalogue itself). Playwright loads this file again in each
 * worker process; workers inherit the runner's environment, so only the runner creates (and, on
 * exit, removes) the directory.
 */
function freshDataDir(): string {
  const inherited = process.env.AJ_E2E_DATA_DIR;
  if (inherited) return inherited;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aj-e2e-'));
  process.env.AJ_E2E_DATA_DIR = dir;
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
const DATA_DIR = freshDataDir();

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
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT,
      LOG_LEVEL: 'warn',
      DATA_DIR,
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
