import type { Redis } from 'ioredis';
import { outageWarning, sharedKey, type SharedStateLogger } from '../../../adapters/redis.js';
import { addressKey } from '../../../client-address.js';

/**
 * How many bytes of uploads one client address may ask for in an hour, whatever the cookies it
 * sends. A gallery's quota is per visitor and a new cookie is a new visitor, so without this one
 * address could fill the storage by starting new sessions (OWASP ASVS 12.1.3). Kept in this
 * process's memory (`createAddressBudget`), or, with REDIS_URL, in Redis for every process at once
 * (`createRedisAddressBudget`), under a hash of the address; never in the database. An address is
 * forgotten when its hour is over (in memory sooner, when `maxAddresses` newer ones push it out).
 */
export interface AddressBudget {
  /**
   * Counts `bytes` against the address's hour and answers 0, or, when they would go past the
   * budget, counts nothing and answers the seconds until the address's hour starts again.
   */
  take(address: string, bytes: number): Promise<number>;
}

export interface AddressBudgetOptions {
  /** Bytes one address may ask for in one window. */
  bytes: number;
  windowMs?: number;
  maxAddresses?: number;
  now?: () => number;
}

const HOUR_MS = 60 * 60 * 1000;

export function createAddressBudget({
  bytes,
  windowMs = HOUR_MS,
  maxAddresses = 10_000,
  now = Date.now,
}: AddressBudgetOptions): AddressBudget {
  /** Per address, in the order last used: when its window started, and the bytes taken since. */
  const windows = new Map<string, { startedAt: number; used: number }>();

  return {
    async take(address, wanted) {
      const key = addressKey(address);
      const at = now();
      let window = windows.get(key);
      if (!window || at - window.startedAt >= windowMs) window = { startedAt: at, used: 0 };
      if (window.used + wanted > bytes) {
        return Math.max(1, Math.ceil((window.startedAt + windowMs - at) / 1000));
      }
      window.used += wanted;
      windows.delete(key);
      windows.set(key, window);
      if (windows.size > maxAddresses) windows.delete(windows.keys().next().value!);
      return 0;
    },
  };
}

/**
 * Take or refuse, in one step on the Redis server, so two processes cannot both pass the last
 * bytes: the count of an address's window, made with its first bytes and expiring when the window
 * ends. Answers 0 when taken, else the milliseconds left in the window (all of it when the key is
 * missing: one ask larger than the whole budget).
 */
const TAKE_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local wanted = tonumber(ARGV[1])
if used + wanted > tonumber(ARGV[2]) then
  local left = redis.call('PTTL', KEYS[1])
  if left <= 0 then return tonumber(ARGV[3]) end
  return left
end
redis.call('INCRBY', KEYS[1], wanted)
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return 0
`;

export interface RedisAddressBudgetOptions {
  redis: Redis;
  /** Bytes one address may ask for in one window. */
  bytes: number;
  windowMs?: number;
  /** What the keys start with (REDIS_KEY_PREFIX and "upload-budget:"). */
  keyPrefix: string;
  /** The key of the HMAC that hides the address (the session secret). */
  secret: string;
  /** Counts when Redis cannot: this process's own budget. */
  fallback: AddressBudget;
  log: SharedStateLogger;
}

/**
 * The address budget shared by every process using one Redis: a fixed window per address key
 * (`addressKey`), counted by TAKE_SCRIPT under `keyPrefix` and the HMAC of the address key. When
 * Redis fails (down, or slower than the client's command timeout), this one ask is counted by
 * `fallback` instead, in this process's memory, and a warning is logged: uploads go on, limited
 * per process as without Redis, rather than refused for every traveller.
 */
export function createRedisAddressBudget({
  redis,
  bytes,
  windowMs = HOUR_MS,
  keyPrefix,
  secret,
  fallback,
  log,
}: RedisAddressBudgetOptions): AddressBudget {
  const warn = outageWarning(
    log,
    "an upload could not be counted in Redis; this process's own address budget counted it",
  );
  return {
    async take(address, wanted) {
      const key = keyPrefix + sharedKey(secret, addressKey(address));
      let leftMs: unknown;
      try {
        leftMs = await redis.eval(TAKE_SCRIPT, 1, key, wanted, bytes, windowMs);
      } catch (error) {
        warn(error);
        return fallback.take(address, wanted);
      }
      return leftMs === 0 ? 0 : Math.max(1, Math.ceil(Number(leftMs) / 1000));
    },
  };
}
