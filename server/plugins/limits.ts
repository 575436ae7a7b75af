import type {
  CreateRateLimitOptions,
  errorResponseBuilderContext,
  RateLimitOptions,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { addressKey } from '../client-address.js';
import { TooManyRequests } from '../errors.js';
import type { LimitedRoute } from './rate-limit-store.js';
import { visitorRateKey } from './session.js';

/**
 * How each route declares its limits, in one line:
 *
 *   config: limits({ visitor: perMinute(KITS_PER_MINUTE), address: perMinute(KITS_PER_ADDRESS) })
 *
 * - `visitor`: per visitor (`visitorRateKey`: the session of a returning visitor, else the
 *   address), @fastify/rate-limit's own route limit.
 * - `address`: per client address, whatever cookies it sends (`addressKey`: an IPv4 address, an
 *   IPv6 client by its /64). A session cookie costs nothing, so a per-visitor limit alone is no
 *   limit: fresh cookies made fifty-country safety kits with no limit at all (issue 25,
 *   docs/decisions/009). A family or an office shares one address behind NAT, so each route's
 *   address allowance is several visitors'.
 *
 * Both are counted in the store the plugin was registered with (Redis, HMAC'd keys, with
 * REDIS_URL: docs/decisions/006), and a 429 says how long to wait. Every POST, PUT, PATCH and
 * DELETE under /api must declare an address limit: the server refuses to start otherwise.
 */

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** At most `max` requests in each `timeWindow` milliseconds. */
export interface Rate {
  readonly max: number;
  readonly timeWindow: number;
}
export const perMinute = (max: number): Rate => ({ max, timeWindow: MINUTE_MS });
export const perHour = (max: number): Rate => ({ max, timeWindow: HOUR_MS });

export interface VisitorRate extends Rate {
  /** What is counted instead of the visitor (beta resends count per e-mail address). */
  readonly key?: (request: FastifyRequest) => string;
  /** 'preHandler' when `key` reads the parsed body. */
  readonly hook?: 'preHandler';
}

export interface RouteLimits {
  visitor?: VisitorRate;
  address: Rate;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Requests one client address may make (limits()); the limits plugin enforces it. */
    addressLimit?: Rate;
  }
}

/** A route's `config`: its limit per visitor and its limit per address. */
export function limits({ visitor, address }: RouteLimits): {
  rateLimit?: RateLimitOptions;
  addressLimit: Rate;
} {
  if (!visitor) return { addressLimit: address };
  return {
    rateLimit: {
      max: visitor.max,
      timeWindow: visitor.timeWindow,
      keyGenerator: visitor.key ?? visitorRateKey,
      ...(visitor.hook ? { hook: visitor.hook } : {}),
    },
    addressLimit: address,
  };
}

/** A wait as a 429's message says it: "40 seconds", "2 minutes", "60 minutes". */
export function waitInWords(seconds: number): string {
  if (seconds <= 1) return '1 second';
  if (seconds <= 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** The answer past a per-visitor limit (@fastify/rate-limit's errorResponseBuilder). */
export function visitorLimitError(
  _request: FastifyRequest,
  context: errorResponseBuilderContext,
): TooManyRequests {
  const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
  return new TooManyRequests(
    `Too many requests. Please try again in ${waitInWords(seconds)}.`,
    seconds,
  );
}

/** The answer past a per-address limit. */
export function addressLimitError(seconds: number): TooManyRequests {
  return new TooManyRequests(
    `Too many requests from your network. Please try again in ${waitInWords(seconds)}.`,
    seconds,
  );
}

/**
 * A per-address limit for `route`, counted in @fastify/rate-limit's store through its
 * `createRateLimit`: each call counts one request and answers 0, or, past the limit, the seconds
 * until the address's window starts again. (Its `rateLimit()` preHandler would not do: it skips a
 * request the route's own limit has already counted.) Also used for pages (spa.ts).
 */
export function addressLimiter(
  app: FastifyInstance,
  route: LimitedRoute,
  rate: Rate,
): (request: FastifyRequest) => Promise<number> {
  return keyedLimiter(app, route, rate, (request) => `address:${addressKey(request.ip)}`);
}

/**
 * A limit for `route` on whatever `key` names (sign-in mails count an e-mail address), counted
 * like `addressLimiter`'s, in the shared store: each call counts one request and answers 0, or,
 * past the limit, the seconds to wait. The caller decides what a refusal looks like.
 */
export function keyedLimiter(
  app: FastifyInstance,
  route: LimitedRoute,
  rate: Rate,
  key: (request: FastifyRequest) => string | Promise<string>,
): (request: FastifyRequest) => Promise<number> {
  const options: CreateRateLimitOptions & { limitedRoute: LimitedRoute } = {
    max: rate.max,
    timeWindow: rate.timeWindow,
    keyGenerator: key,
    // The store names the limit's keys by its route (rate-limit-store.ts).
    limitedRoute: route,
  };
  const limiter = app.createRateLimit(options);
  return async (request) => {
    const result = await limiter(request);
    return !result.isAllowed && result.isExceeded ? Math.max(1, result.ttlInSeconds) : 0;
  };
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Enforces each route's `config.addressLimit` with an onRequest hook (after the route's
 * per-visitor limit, before its body is read), and refuses to start a server with a writing API
 * route or a per-visitor limit and no address limit. Registered after @fastify/rate-limit and
 * before any route.
 */
async function limitsPlugin(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    const rate = route.config?.addressLimit;
    if (!rate) {
      const writes = route.url.startsWith('/api/') && methods.some((m) => WRITE_METHODS.has(m));
      if (writes || route.config?.rateLimit) {
        throw new Error(
          `${methods.join(',')} ${route.url} has no per-address limit: declare its limits with limits() (server/plugins/limits.ts)`,
        );
      }
      return;
    }
    const wait = addressLimiter(app, { method: methods.join(','), url: route.url }, rate);
    const hook: onRequestHookHandler = async (request) => {
      const seconds = await wait(request);
      if (seconds > 0) throw addressLimitError(seconds);
    };
    route.onRequest = [...[route.onRequest ?? []].flat(), hook];
  });
}

export default fp(limitsPlugin, { name: 'limits', dependencies: ['@fastify/rate-limit'] });
