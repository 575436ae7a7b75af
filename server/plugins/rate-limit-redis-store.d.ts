/**
 * @fastify/rate-limit's Redis and in-memory stores, which its `redis` option (or its absence)
 * builds: reached directly so the keys can be hashed before they are stored, and counted in memory
 * while Redis is away (rate-limit-store.ts). Their files and arguments are those of
 * @fastify/rate-limit 11; the Redis tests fail if an upgrade moves them.
 */
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';

  const RedisStore: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    redis: unknown,
    nameSpace?: string,
  ) => FastifyRateLimitStore;
  export default RedisStore;
}

declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';

  const LocalStore: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    cache?: number,
  ) => FastifyRateLimitStore;
  export default LocalStore;
}
