/**
 * The system Chromium every browser run here uses (Playwright never downloads one), and the flags
 * it runs with: no sandbox (CI runs as root), and none of its background connections, which this
 * machine's closed network refuses.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
