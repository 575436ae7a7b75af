/**
 * @fastify/rate-limit's Redis store, which its `redis` option builds: reached directly so the keys
 * can be hashed before they are stored (rate-limit-store.ts). Its file and arguments are those of
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
