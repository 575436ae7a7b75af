import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESTINATIONS } from '../../server/data/destinations.js';
import { createTestDatabaseUrl } from '../helpers/database.js';
import { startServerProcess } from '../helpers/process.js';

// Each test starts real server processes (one or two cold starts), so the default 30 s is too tight
// on a busy machine.
describe('the server process', { timeout: 150_000 }, () => {
  let dataDir: string;
  let env: Record<string, string>;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'aj-proc-'));
    const testDb = await createTestDatabaseUrl();
    dropDatabase = testDb?.drop;
    env = { DATA_DIR: dataDir, CLIENT_DIST: path.join(dataDir, 'no-client') };
    if (testDb) env.DATABASE_URL = testDb.url;
  });
  afterAll(async () => {
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('loses nothing it answered 2xx for when killed with SIGKILL right after', async () => {
    const first = await startServerProcess(env);
    const write = await fetch(`${first.url}/api/destinations/populate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(write.status).toBe(200);
    expect(await write.json()).toEqual({ inserted: DESTINATIONS.length });
    await first.stop('SIGKILL');

    const second = await startServerProcess(env);
    try {
      const list = (await (await fetch(`${second.url}/api/destinations`)).json()) as unknown[];
      expect(list).toHaveLength(DESTINATIONS.length);
    } finally {
      await second.stop('SIGKILL');
    }
  });

  it('shuts down gracefully on SIGTERM and on SIGINT, and migrates idempotently on restart', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const server = await startServerProcess(env);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect(await server.stop(signal)).toBe(0);
    }
  });

  it('refuses to start with bad configuration, naming every bad key', async () => {
    await expect(
      startServerProcess({ ...env, DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' }),
    ).rejects.toThrow(/DATABASE_URL[\s\S]*LOG_LEVEL/);
  });
});
