import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the shared-limit tests use; they are skipped when it does not answer. */
export const REDIS_TEST_URL = process.env.REDIS_TEST_URL || 'redis://127.0.0.1:6379';

/** A connection for the tests themselves (to look at keys), failing fast instead of retrying. */
export function connectTestRedis(url = REDIS_TEST_URL): Redis {
  const client = new Redis(url, {
    connectTimeout: 1000,
    enableOfflineQueue: false,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined); // a refused connection is reported by connect()
  return client;
}

/**
 * Whether Redis answers at REDIS_TEST_URL, and if not, the title suffix that says why a suite was
 * skipped, so `npm test` on a laptop without Redis passes and says what it left out.
 */
export async function probeTestRedis(): Promise<{ reachable: boolean; skipped: string }> {
  const client = connectTestRedis();
  try {
    await client.connect();
    await client.ping();
    return { reachable: true, skipped: '' };
  } catch {
    return {
      reachable: false,
      skipped: ` (skipped: no Redis answers at ${REDIS_TEST_URL}; start one or set REDIS_TEST_URL)`,
    };
  } finally {
    client.disconnect();
  }
}

/** A key prefix of its own for one test run, so parallel runs on one Redis never meet. */
export function testKeyPrefix(): string {
  return `aj-test:${randomBytes(6).toString('hex')}:`;
}

/** Every key under `prefix` (SCAN, not KEYS: the Redis may be shared). */
export async function keysUnder(client: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return keys;
}

/** Removes a test run's keys. */
export async function dropKeys(client: Redis, prefix: string): Promise<void> {
  const keys = await keysUnder(client, prefix);
  if (keys.length > 0) await client.del(...keys);
}

/** A logger that keeps its warnings, to see what a Redis outage says. */
export function recordingLog() {
  const warnings: string[] = [];
  return {
    warnings,
    warn: (_details: object, message: string) => void warnings.push(message),
    info: () => undefined,
  };
}
