import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectTestRedis,
  dropKeys,
  keysUnder,
  probeTestRedis,
  recordingLog,
  testKeyPrefix,
} from '../../tests/helpers/redis.js';
import { createRedis, sharedKey } from '../adapters/redis.js';
import { sharedRateLimitStore } from './rate-limit-store.js';

const redisProbe = await probeTestRedis();
const SECRET = 'a session secret of at least thirty-two characters';
/** What `visitorRateKey` answers for a returning visitor: the raw session token. */
const TOKEN = 'Zm9yZ2VkLXNlc3Npb24tdG9rZW4tdGhhdC1tdXN0LW5vdC1sZWFr';

/** An app with one route limited to `max` a minute per session, counted through `redis`. */
async function limitedApp(redis: Redis, nameSpace: string, log = recordingLog()) {
  const app = Fastify();
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore({ redis, nameSpace, secret: SECRET, log }),
    skipOnError: true,
  });
  app.get(
    '/limited',
    {
      config: {
        rateLimit: { max: 2, timeWindow: '1 minute', keyGenerator: () => `session:${TOKEN}` },
      },
    },
    async () => ({ ok: true }),
  );
  await app.ready();
  return app;
}

describe.skipIf(!redisProbe.reachable)(
  `sharedRateLimitStore on a real Redis${redisProbe.skipped}`,
  () => {
    const prefix = testKeyPrefix();
    let redis: Redis;
    beforeAll(async () => {
      redis = connectTestRedis();
      await redis.connect();
    });
    afterAll(async () => {
      await dropKeys(redis, prefix);
      redis.disconnect();
    });

    it('limits by the HMAC of the key: no raw session token in Redis', async () => {
      const app = await limitedApp(redis, prefix);
      try {
        const statuses = [];
        for (let i = 0; i < 3; i++) statuses.push((await app.inject('/limited')).statusCode);
        expect(statuses).toEqual([200, 200, 429]);
        const keys = await keysUnder(redis, prefix);
        expect(keys).toEqual([`${prefix}GET/limited-${sharedKey(SECRET, `session:${TOKEN}`)}`]);
        expect(keys[0]).not.toContain(TOKEN);
        expect(keys[0]).not.toContain('session:');
        expect(await redis.get(keys[0]!)).toBe('3');
        expect(await redis.pttl(keys[0]!)).toBeGreaterThan(50_000);
      } finally {
        await app.close();
      }
    });
  },
);

describe('sharedRateLimitStore while Redis is down', () => {
  it('counts in this process meanwhile, and logs one warning, not one per request', async () => {
    const log = recordingLog();
    // Nothing listens on port 1: every command fails at once.
    const redis = await createRedis('redis://127.0.0.1:1', log);
    const app = await limitedApp(redis, 'unused:', log);
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await app.inject('/limited')).statusCode);
      expect(statuses).toEqual([200, 200, 429, 429, 429]);
      expect(log.warnings.filter((w) => w.includes('by this process alone'))).toHaveLength(1);
    } finally {
      await app.close();
      redis.disconnect();
    }
  });
});
