import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { closeRedis, createRedis, redisConnected } from '../adapters/redis.js';
import type { Config } from '../config.js';
import type { HttpServer } from '../http-server.js';
import { visitorLimitError } from './limits.js';
import { sharedRateLimitStore } from './rate-limit-store.js';

/** The Redis where several processes count together, and what their keys start with. */
export interface SharedState {
  redis: Redis;
  keyPrefix: string;
}

/**
 * With REDIS_URL the rate limits and upload budgets are counted in Redis, once for all processes
 * (docs/decisions/006); without it (null), in this process's memory. Decorates `app.redis`.
 */
export async function connectSharedState(
  app: HttpServer,
  config: Config,
): Promise<SharedState | null> {
  const shared: SharedState | null = config.redis
    ? { redis: await createRedis(config.redis.url, app.log), keyPrefix: config.redis.keyPrefix }
    : null;
  if (shared) {
    // Connected before listening, or not (logged by the connection): the site starts either way.
    app.addHook('onReady', async () => {
      await redisConnected(shared.redis);
    });
    app.addHook('onClose', () => closeRedis(shared.redis));
  }
  app.decorate('redis', shared?.redis ?? null);
  return shared;
}

/** @fastify/rate-limit, counting in Redis when there is one (keys hidden by `secret`). */
export async function registerRateLimit(
  app: HttpServer,
  shared: SharedState | null,
  secret: string,
): Promise<void> {
  await app.register(
    rateLimit,
    shared
      ? {
          global: false,
          store: sharedRateLimitStore({
            redis: shared.redis,
            nameSpace: `${shared.keyPrefix}rate:`,
            secret,
            log: app.log,
          }),
          // Redis down or slow: the store counts in this process's memory instead (and logs it);
          // should even that fail, the request is served rather than refused.
          skipOnError: true,
          errorResponseBuilder: visitorLimitError,
        }
      : { global: false, errorResponseBuilder: visitorLimitError },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The connection to REDIS_URL where the limits are counted, or null without it. Whether it
     * answers: `redisReady(app.redis)` (server/adapters/redis.ts).
     */
    redis: Redis | null;
  }
}
