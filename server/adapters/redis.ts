import { createHmac } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * The one connection to Redis (REDIS_URL), where several processes keep what they must count
 * together: the rate limits and the per-address upload budgets (docs/decisions/006). Without
 * REDIS_URL nothing here runs and each process counts in its own memory.
 *
 * Redis is never needed to serve a visitor: when it is down or slow, a command fails within
 * COMMAND_TIMEOUT_MS instead of waiting, and its caller counts in memory or lets the request
 * through (fail open), with a warning in the log.
 */

export interface SharedStateLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** How long one command may take before it fails: a rate limit runs before every limited request. */
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 2000;
/** Reconnecting waits a little longer after each failure, up to this, and never gives up. */
const MAX_RECONNECT_DELAY_MS = 5000;
/** An outage is logged once, then at most this often, not once per request. */
const OUTAGE_LOG_INTERVAL_MS = 60_000;

/**
 * Connects at once and keeps reconnecting for as long as the process runs; logs when Redis goes
 * away (once per outage) and when it is back. Close it with `closeRedis`. ioredis is loaded here,
 * when REDIS_URL is set, not by every start (docs/quality.md, cold start).
 */
export async function createRedis(url: string, log: SharedStateLogger): Promise<Redis> {
  const { Redis: RedisClient } = await import('ioredis');
  const client = new RedisClient(url, {
    lazyConnect: false,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // Not connected: a command fails at once (no queue to wait in), and one cut off by a lost
    // connection is not sent again: its caller has failed open by then.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 200, MAX_RECONNECT_DELAY_MS),
  });
  // Without a listener ioredis prints every failed reconnection; the address is logged without
  // REDIS_URL's password.
  const where = { redis: `${client.options.host}:${client.options.port}` };
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { ...where, err: error },
      'Redis is unreachable: until it is back, rate limits are not applied and upload budgets are per process',
    );
  });
  client.on('ready', () => {
    log.info(where, down ? 'Redis is reachable again' : 'Redis connected');
    down = false;
  });
  return client;
}

/**
 * Whether Redis answers now: true when connected and a PING is answered within the command
 * timeout, else false (never throws). For a readiness check: the site still serves without Redis,
 * so a false here means "limits are not shared now", not "take this process out".
 */
export async function redisReady(client: Redis): Promise<boolean> {
  if (client.status !== 'ready') return false;
  try {
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  }
}

/** The readiness check of `/api/health/ready` (server/health.ts): rejects when Redis does not answer. */
export const redisCheck = (client: Redis) => async (): Promise<void> => {
  if (!(await redisReady(client))) throw new Error('Redis does not answer a PING');
};

/**
 * Waits for the first connection, at most the connect timeout, and answers whether it was made;
 * false at once when it fails (the client keeps trying). Run before listening, so the first
 * requests are counted in Redis, without ever holding up a start when Redis is away.
 */
export function redisConnected(client: Redis): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const settle = (connected: boolean) => () => {
      clearTimeout(timer);
      client.off('ready', onReady).off('error', onError);
      resolve(connected);
    };
    const onReady = settle(true);
    const onError = settle(false);
    const timer = setTimeout(onError, CONNECT_TIMEOUT_MS);
    client.once('ready', onReady).once('error', onError);
  });
}

/** Closes the connection: politely (QUIT) when connected, else at once. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // Lost while quitting: dropped below.
    }
  }
  client.disconnect();
}

/**
 * The name a counter is kept under in Redis: an HMAC-SHA256 of what it counts (a session token, an
 * address) with the session secret. What is counted never reaches Redis as it is: whoever reads
 * Redis learns no session to replay and no visitor's address, and cannot tell whose counter it is.
 */
export function sharedKey(secret: string, counted: string): string {
  return createHmac('sha256', secret).update(counted).digest('base64url');
}

/**
 * A warning for a failed Redis command, logged the first time and then at most once a minute, so
 * an outage under load does not write a line per request.
 */
export function outageWarning(log: SharedStateLogger, message: string) {
  let lastAt = -Infinity;
  return (error: unknown) => {
    const at = Date.now();
    if (at - lastAt < OUTAGE_LOG_INTERVAL_MS) return;
    lastAt = at;
    log.warn({ err: error }, message);
  };
}
