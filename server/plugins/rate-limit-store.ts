import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
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
 * raw token reaches Redis. While Redis is down or slow, each process counts in its own memory (the
 * plugin's own store) so the limits still hold per process, and says so in the log at most once a
 * minute; back, Redis counts again.
 */
export function sharedRateLimitStore(options: SharedRateLimitOptions): FastifyRateLimitStoreCtor {
  const warn = outageWarning(
    options.log,
    'a rate limit could not be counted in Redis; counted by this process alone meanwhile',
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
      const fallback = new LocalStore(continueExceeding, exponentialBackoff);
      super(store, fallback, (key) => sharedKey(options.secret, key), warn);
    }
  };
}

/**
 * A store that keeps each count under the hash of its key, and counts in `fallback` (this
 * process's memory) whatever `inner` fails to count.
 */
class HashedKeyStore implements FastifyRateLimitStore {
  constructor(
    private readonly inner: FastifyRateLimitStore,
    private readonly fallback: FastifyRateLimitStore,
    private readonly hash: (key: string) => string,
    private readonly warn: (error: unknown) => void,
  ) {}

  incr(...[key, callback, timeWindow, max]: Parameters<FastifyRateLimitStore['incr']>) {
    this.inner.incr(
      this.hash(key),
      (error, result) => {
        if (!error) return callback(null, result);
        this.warn(error);
        this.fallback.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const named = withRouteName(routeOptions);
    return new HashedKeyStore(
      this.inner.child(named),
      this.fallback.child(named),
      this.hash,
      this.warn,
    );
  }
}

/** The route a limit made by `app.createRateLimit` counts for (server/plugins/limits.ts). */
export interface LimitedRoute {
  method: string;
  url: string;
}

/**
 * The options a store's child is made with, naming its route. A route's own limit (its
 * `config.rateLimit`) comes with the route; one made by `app.createRateLimit` comes with an empty
 * `routeInfo` (@fastify/rate-limit 11), and the Redis store would put every such limit under one
 * "undefinedundefined" name, so limits.ts passes the route as `limitedRoute`: the limit's keys
 * then sit beside the route's own (`rate:POST/api/chat-`), told apart by what they count.
 */
function withRouteName(
  routeOptions: Parameters<FastifyRateLimitStore['child']>[0],
): Parameters<FastifyRateLimitStore['child']>[0] {
  const given = routeOptions as typeof routeOptions & {
    routeInfo?: Partial<LimitedRoute>;
    limitedRoute?: LimitedRoute;
  };
  if (given.routeInfo?.method) return routeOptions;
  if (!given.limitedRoute) {
    throw new Error('a rate limit made by app.createRateLimit must name its route (limitedRoute)');
  }
  return { ...routeOptions, routeInfo: given.limitedRoute } as typeof routeOptions;
}
