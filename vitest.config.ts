import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{server,client,contracts,tests/api}/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores here: API test files each start a real server, so keep the pool small.
    maxWorkers: 2,
  },
});
