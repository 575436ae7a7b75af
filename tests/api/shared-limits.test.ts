import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisReady } from '../../server/adapters/redis.js';
import { CHAT_PER_MINUTE, CHAT_PER_MINUTE_PER_ADDRESS } from '../../server/features/chat/routes.js';
import { newToken } from '../../server/lib/tokens.js';
import { keysUnder, probeTestRedis } from '../helpers/redis.js';
import { createVisitor, startTestServer, type TestServer } from '../helpers/server.js';
import { startTwoProcesses, type TwoProcesses } from '../helpers/two-processes.js';

const redisProbe = await probeTestRedis();

/**
 * Two server processes (two apps) on one database and one Redis, as behind a load balancer: a
 * visitor alternating between them gets one allowance, not one per process (the issue: 60 chat
 * messages a minute instead of 30, and twice the upload budget of an address).
 */
describe.skipIf(!redisProbe.reachable)(
  `limits shared by two processes through Redis${redisProbe.skipped}`,
  () => {
    let servers: TwoProcesses;
    let a: TestServer;
    let b: TestServer;
    let redis: Redis;
    let keyPrefix: string;

    beforeAll(async () => {
      servers = await startTwoProcesses('shared-limits', {
        MEDIA_HOURLY_BYTES_PER_ADDRESS: String(3 * 1024 * 1024),
        TRUST_PROXY: 'loopback',
      });
      ({ a, b, redis, keyPrefix } = servers);
    }, 120_000);
    afterAll(async () => {
      await servers?.close();
    });

    /** One visitor (one cookie jar) whose requests go to either process. */
    function visitor() {
      const onA = createVisitor(a.url);
      const onB = createVisitor(b.url);
      return {
        cookies: onA.cookies,
        on(server: 'a' | 'b') {
          const [from, to] = server === 'a' ? [onA, onB] : [onB, onA];
          return async (...args: Parameters<typeof onA.request>) => {
            for (const [name, value] of to.cookies) from.cookies.set(name, value);
            const response = await from.request(...args);
            for (const [name, value] of from.cookies) to.cookies.set(name, value);
            return response;
          };
        },
      };
    }

    it('is connected to Redis on both processes', async () => {
      expect(await redisReady(a.app.redis!)).toBe(true);
      expect(await redisReady(b.app.redis!)).toBe(true);
    });

    it(`lets a visitor send ${CHAT_PER_MINUTE} chat messages a minute across both processes, not twice as many`, async () => {
      const v = visitor();
      // The session cookie first: the limit is then the visitor's, not the address's.
      expect((await v.on('a')('GET', '/api/chat')).status).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < 2 * CHAT_PER_MINUTE; i++) {
        const response = await v.on(i % 2 ? 'b' : 'a')('POST', '/api/chat', {
          body: { message: 'Is Canada safe?' },
        });
        statuses.push(response.status);
        if (response.status === 429) {
          const wait = Number(response.headers.get('retry-after'));
          expect(wait).toBeGreaterThan(0);
          expect(wait).toBeLessThanOrEqual(60);
        }
      }
      expect(statuses.slice(0, CHAT_PER_MINUTE)).toEqual(Array(CHAT_PER_MINUTE).fill(200));
      expect(statuses.slice(CHAT_PER_MINUTE)).toEqual(Array(CHAT_PER_MINUTE).fill(429));

      // Another visitor has an allowance of its own.
      const other = visitor();
      expect((await other.on('a')('GET', '/api/chat')).status).toBe(200);
      expect(
        (await other.on('b')('POST', '/api/chat', { body: { message: 'Is Canada safe?' } })).status,
      ).toBe(200);
    });

    it(`lets an address send ${CHAT_PER_MINUTE_PER_ADDRESS} chat messages a minute across both processes, whatever its cookies`, async () => {
      /** A new visitor (a fresh, valid cookie) at 203.0.113.60 asks `server`. */
      const ask = (server: TestServer) =>
        fetch(`${server.url}/api/chat`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': '203.0.113.60',
            cookie: `sid=${server.app.signCookie(newToken())}`,
          },
          body: JSON.stringify({ message: 'Is Canada safe?' }),
        });
      const statuses: number[] = [];
      for (let i = 0; i <= CHAT_PER_MINUTE_PER_ADDRESS; i++) {
        statuses.push((await ask(i % 2 ? b : a)).status);
      }
      expect(statuses.slice(0, CHAT_PER_MINUTE_PER_ADDRESS).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      expect((await ask(a)).status).toBe(429);
    });

    it('keeps no session token, cookie or address in any Redis key', async () => {
      const v = visitor();
      expect((await v.on('a')('GET', '/api/chat')).status).toBe(200);
      expect(
        (await v.on('b')('POST', '/api/chat', { body: { message: 'Is Canada safe?' } })).status,
      ).toBe(200);
      const cookie = decodeURIComponent(v.cookies.get('sid')!);
      const token = cookie.slice(0, cookie.lastIndexOf('.'));
      expect(token.length).toBeGreaterThan(40);

      const keys = await keysUnder(redis, keyPrefix);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) {
        expect(key).not.toContain(token);
        expect(key).not.toContain(token.slice(0, 16));
        expect(key).not.toMatch(/session:|ip:|127\.0\.0\.1|203\.0\.113/);
        // The prefix, what is limited, and a 43-character HMAC.
        expect(key).toMatch(/^aj-test:[0-9a-f]{12}:(rate:[A-Z]+\/\S*-|upload-budget:)[\w-]{43}$/);
      }
      for (const value of await Promise.all(keys.map((key) => redis.get(key)))) {
        expect(value).toMatch(/^\d+$/);
      }
    });

    it("counts an address's hour of uploads once for both processes", async () => {
      /** A new visitor (no cookie) at 203.0.113.7 asks `server` for an upload URL. */
      const ask = (server: TestServer, fileSize: number) =>
        createVisitor(server.url).request('POST', '/api/media/upload', {
          body: { fileType: 'image/jpeg', fileSize },
          headers: { 'x-forwarded-for': '203.0.113.7' },
        });
      expect((await ask(a, 2 * 1024 * 1024)).status).toBe(200);
      expect((await ask(b, 1024 * 1024)).status).toBe(200);
      // The 3 MB are used up on both, though each process handed out only part of them.
      for (const server of [a, b]) {
        const refused = await ask(server, 1);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
      }
      const keys = await keysUnder(redis, `${keyPrefix}upload-budget:`);
      expect(keys).toHaveLength(1);
      expect(await redis.get(keys[0]!)).toBe(String(3 * 1024 * 1024));
      expect(await redis.pttl(keys[0]!)).toBeGreaterThan(3500 * 1000);
    });
  },
);

/** Redis away: the site starts and serves; rate limits and upload budgets are per process. */
describe('a process whose Redis is down', () => {
  let server: TestServer;

  beforeAll(async () => {
    // Nothing listens on port 1: the connection is refused, and retried in the background.
    server = await startTestServer({ REDIS_URL: 'redis://127.0.0.1:1' });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('starts, serves chat and uploads, and keeps the limits in its own memory meanwhile', async () => {
    expect(await redisReady(server.app.redis!)).toBe(false);
    const v = createVisitor(server.url);
    expect((await v.request('GET', '/api/chat')).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i <= CHAT_PER_MINUTE; i++) {
      const response = await v.request('POST', '/api/chat', {
        body: { message: 'Is Canada safe?' },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, CHAT_PER_MINUTE).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const upload = await v.request('POST', '/api/media/upload', {
      body: { fileType: 'image/jpeg', fileSize: 1024 },
    });
    expect(upload.status).toBe(200);
  });
});
