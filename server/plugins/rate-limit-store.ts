import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';
import { outageWarning, sharedKey, type SharedStateLogger } from '../adapters/redis.js';

export interface SharedRateLimitOptions {
  redis: Redis;
  /** What every rate limit key starts with (REDIS_KEY_PREFIX and "rate:"). */
  nameSpace: string;
  /** The key of the HMAC that hides what a limit counts (the session secret). */
  secret: string;
  log: SharedStateLogger;
}

/** The options @fastify/rate-limit 11 hands a store it builds (its `store` option). */
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/**
 * Rate limits kept in Redis, for every process at once: @fastify/rate-limit's own Redis store
 * (one atomic script per request: INCR, and PEXPIRE on the first of a window), given the HMAC of
 * each key instead of the key. A route's key is a session token or an address (`visitorRateKey`),
 * and this is the one place every key passes, whichever route or key generator made it, so no
 * raw token reaches Redis. A failed command is logged here (at most once a minute) and passed on:
 * registered with `skipOnError`, the plugin then serves the request unlimited.
 */
export function sharedRateLimitStore(options: SharedRateLimitOptions): FastifyRateLimitStoreCtor {
  const warn = outageWarning(
    options.log,
    'a rate limit could not be counted in Redis; the request was served without it',
  );
  return class extends HashedKeyStore {
    constructor(params: FastifyRateLimitOptions) {
      const { continueExceeding = false, exponentialBackoff = false } = params as StoreParams;
      const store = new RedisStore(
        continueExceeding,
        exponentialBackoff,
        options.redis,
        options.nameSpace,
      );
      super(store, (key) => sharedKey(options.secret, key), warn);
    }
  };
}

/** A store that keeps each count under the hash of its key, and reports its failures. */
class HashedKeyStore implements FastifyRateLimitStore {
  constructor(
    private readonly inner: FastifyRateLimitStore,
    private readonly hash: (key: string) => string,
    private readonly warn: (error: unknown) => void,
  ) {}

  incr(...[key, callback, timeWindow, max]: Parameters<FastifyRateLimitStore['incr']>) {
    const reporting: typeof callback = (error, result) => {
      if (error) this.warn(error);
      callback(error, result);
    };
    this.inner.incr(this.hash(key), reporting, timeWindow, max);
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new HashedKeyStore(this.inner.child(routeOptions), this.hash, this.warn);
  }
}
