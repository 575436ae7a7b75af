import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectTestRedis,
  dropKeys,
  keysUnder,
  probeTestRedis,
  recordingLog,
  testKeyPrefix,
} from '../../../../tests/helpers/redis.js';
import { createRedis } from '../../../adapters/redis.js';
import {
  createAddressBudget,
  createRedisAddressBudget,
  type AddressBudget,
} from './address-budget.js';

const redisProbe = await probeTestRedis();

describe('createAddressBudget', () => {
  it("counts each address's bytes for an hour, and says when it may ask again", async () => {
    let clock = 0;
    const budget = createAddressBudget({ bytes: 100, now: () => clock });
    expect(await budget.take('203.0.113.7', 60)).toBe(0);
    expect(await budget.take('203.0.113.7', 40)).toBe(0);
    clock = 10 * 60 * 1000;
    // Full: refused, the 50 minutes left given in seconds, and nothing counted.
    expect(await budget.take('203.0.113.7', 1)).toBe(50 * 60);
    // Another address has its own hour.
    expect(await budget.take('198.51.100.2', 100)).toBe(0);
    // A new hour, a new budget.
    clock = 60 * 60 * 1000;
    expect(await budget.take('203.0.113.7', 100)).toBe(0);
  });

  it('refuses one request larger than the whole budget, and never says 0 seconds', async () => {
    let clock = 0;
    const budget = createAddressBudget({ bytes: 100, windowMs: 1000, now: () => clock });
    expect(await budget.take('a', 101)).toBe(1);
    expect(await budget.take('a', 100)).toBe(0);
    clock = 999.5;
    expect(await budget.take('a', 1)).toBe(1);
  });

  it('forgets the least recently used addresses past its size', async () => {
    const budget = createAddressBudget({ bytes: 10, maxAddresses: 2, now: () => 0 });
    expect(await budget.take('a', 10)).toBe(0);
    expect(await budget.take('b', 10)).toBe(0);
    expect(await budget.take('a', 1)).toBeGreaterThan(0);
    // 'c' pushes out the address used least recently, 'a' (a refused take is no use), whose
    // hour is forgotten; 'c' itself is remembered, and full.
    expect(await budget.take('c', 10)).toBe(0);
    expect(await budget.take('a', 10)).toBe(0);
    expect(await budget.take('c', 1)).toBeGreaterThan(0);
  });

  it('counts an IPv6 client by its /64 network, however it writes the address', async () => {
    const budget = createAddressBudget({ bytes: 10, now: () => 0 });
    expect(await budget.take('2001:db8:1:2::1', 10)).toBe(0);
    expect(await budget.take('2001:0db8:0001:0002:ffff:0:0:9', 1)).toBeGreaterThan(0);
    expect(await budget.take('2001:db8:1:3::1', 10)).toBe(0);
  });
});

describe.skipIf(!redisProbe.reachable)(
  `createRedisAddressBudget on a real Redis${redisProbe.skipped}`,
  () => {
    const keyPrefix = testKeyPrefix();
    const secret = 'a session secret of at least thirty-two characters';
    let redis: Redis;
    /** Another process's connection: each budget is what one server process would hold. */
    let other: Redis;

    beforeAll(async () => {
      [redis, other] = [connectTestRedis(), connectTestRedis()];
      await Promise.all([redis.connect(), other.connect()]);
    });
    afterAll(async () => {
      await dropKeys(redis, keyPrefix);
      redis.disconnect();
      other.disconnect();
    });

    let test = 0;
    /** A budget under a prefix of its own, as process `on` would make it. */
    function budget(bytes: number, options: { on?: Redis; windowMs?: number; prefix?: string }) {
      return createRedisAddressBudget({
        redis: options.on ?? redis,
        bytes,
        windowMs: options.windowMs,
        keyPrefix: options.prefix ?? keyPrefix,
        secret,
        fallback: createAddressBudget({ bytes }),
        log: recordingLog(),
      });
    }
    const prefixes = () => `${keyPrefix}${++test}:`;

    it('is one budget for every process, and says how long until the hour starts again', async () => {
      const prefix = prefixes();
      const [a, b] = [budget(100, { prefix }), budget(100, { prefix, on: other })];
      expect(await a.take('203.0.113.7', 60)).toBe(0);
      expect(await b.take('203.0.113.7', 40)).toBe(0);
      // Full on both, with nothing counted: the hour's seconds left, nearly all of them.
      const wait = await a.take('203.0.113.7', 1);
      expect(wait).toBeGreaterThan(3590);
      expect(wait).toBeLessThanOrEqual(3600);
      expect(await b.take('203.0.113.7', 1)).toBeGreaterThan(3590);
      // Another address, or another /64, has its own hour; one /64 is one budget.
      expect(await b.take('198.51.100.2', 100)).toBe(0);
      expect(await a.take('2001:db8:1:2::1', 100)).toBe(0);
      expect(await b.take('2001:db8:1:2:ffff::9', 1)).toBeGreaterThan(0);
    });

    it('lets exactly the budget through when two processes ask at once', async () => {
      const prefix = prefixes();
      const [a, b] = [budget(100, { prefix }), budget(100, { prefix, on: other })];
      const asks = Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).take('203.0.113.9', 10));
      const waits = await Promise.all(asks);
      expect(waits.filter((wait) => wait === 0)).toHaveLength(10);
    });

    it('refuses one ask larger than the budget without counting it, and starts a new window when one ends', async () => {
      const prefix = prefixes();
      const a = budget(100, { prefix, windowMs: 300 });
      expect(await a.take('a', 101)).toBe(1);
      expect(await keysUnder(redis, prefix)).toEqual([]);
      expect(await a.take('a', 100)).toBe(0);
      // The count expires with its window: a TTL, never a key kept for ever.
      const [key] = await keysUnder(redis, prefix);
      const ttl = await redis.pttl(key!);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(300);
      expect(await a.take('a', 1)).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect(await a.take('a', 100)).toBe(0);
    });

    it('keeps each address under a hash, never the address itself', async () => {
      const prefix = prefixes();
      await budget(100, { prefix }).take('203.0.113.77', 1);
      await budget(100, { prefix }).take('2001:db8:77::1', 1);
      const keys = await keysUnder(redis, prefix);
      expect(keys).toHaveLength(2);
      for (const key of keys) {
        expect(key).toMatch(new RegExp(`^${prefix}[\\w-]{43}$`));
        expect(key).not.toMatch(/203|2001|db8/);
      }
    });
  },
);

describe('createRedisAddressBudget while Redis is down', () => {
  it("counts in this process's memory instead, and logs a warning once, not per upload", async () => {
    const log = recordingLog();
    // Nothing listens on port 1: the connection is refused and every command fails at once.
    const redis = await createRedis('redis://127.0.0.1:1', log);
    const budget: AddressBudget = createRedisAddressBudget({
      redis,
      bytes: 100,
      keyPrefix: 'unused:',
      secret: 'a session secret of at least thirty-two characters',
      fallback: createAddressBudget({ bytes: 100 }),
      log,
    });
    try {
      expect(await budget.take('203.0.113.7', 60)).toBe(0);
      expect(await budget.take('203.0.113.7', 40)).toBe(0);
      expect(await budget.take('203.0.113.7', 1)).toBeGreaterThan(3590);
      expect(log.warnings.filter((w) => w.includes('could not be counted in Redis'))).toHaveLength(
        1,
      );
    } finally {
      redis.disconnect();
    }
  });
});
