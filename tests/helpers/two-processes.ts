import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { createTestDatabaseUrl } from './database.js';
import { REDIS_TEST_URL, connectTestRedis, dropKeys, testKeyPrefix } from './redis.js';
import { startTestServer, type TestServer } from './server.js';

export interface TwoProcesses {
  a: TestServer;
  b: TestServer;
  /** The test's own connection to the Redis, to look at the keys. */
  redis: Redis;
  /** The prefix of every key the two write. */
  keyPrefix: string;
  close(): Promise<void>;
}

/**
 * Two server processes (two apps) on one database and one Redis, as behind a load balancer: one
 * DATA_DIR (one SQLite file, or one PostgreSQL schema with TEST_DATABASE_URL, and one session
 * secret, in a temporary folder named after `name`) and a Redis key prefix of their own, which
 * `close` removes. `env` is added to both.
 */
export async function startTwoProcesses(
  name: string,
  env: Record<string, string> = {},
): Promise<TwoProcesses> {
  const keyPrefix = testKeyPrefix();
  const dataDir = await mkdtemp(path.join(tmpdir(), `aj-${name}-`));
  const testDb = await createTestDatabaseUrl();
  const shared: Record<string, string> = {
    DATA_DIR: dataDir,
    ...(testDb ? { DATABASE_URL: testDb.url } : {}),
    REDIS_URL: REDIS_TEST_URL,
    REDIS_KEY_PREFIX: keyPrefix,
    ...env,
  };
  let a: TestServer | undefined;
  let b: TestServer | undefined;
  let redis: Redis | undefined;
  const close = async () => {
    await a?.close();
    await b?.close();
    await testDb?.drop();
    await rm(dataDir, { recursive: true, force: true });
    if (redis) {
      await dropKeys(redis, keyPrefix);
      redis.disconnect();
    }
  };
  try {
    a = await startTestServer(shared);
    b = await startTestServer(shared);
    redis = connectTestRedis();
    await redis.connect();
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  return { a, b, redis, keyPrefix, close };
}
