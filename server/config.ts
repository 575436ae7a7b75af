import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SESSION_COOKIE_DAYS } from './plugins/session.js';
import { DEFAULT_WALLET_USD_RATES, parseUsdRates } from './features/payments/currency-rates.js';
import {
  MEDIA_QUOTA_BYTES,
  MEDIA_QUOTA_FILES,
  UPLOAD_URL_TTL_SECONDS,
} from '../contracts/media.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/**
 * The disk space local uploads leave free by default (256 MB): enough for the database to keep
 * writing bookings and trips when the gallery has filled the rest. Raise it in production.
 */
const STORAGE_RESERVE_BYTES = 256 * 1024 * 1024;
/**
 * What one client address may upload in an hour by default (4 GB, forty of the largest files): a
 * household or a hotel's guests behind one address, not a script starting new sessions.
 */
const MEDIA_HOURLY_BYTES_PER_ADDRESS = 4 * 1024 ** 3;
/** A session that holds nothing is kept a month without a visit (docs/decisions/011-session-retention.md). */
const EMPTY_SESSION_DAYS = 30;

/** Empty strings in the environment mean "unset", so `FOO=` never overrides a default. */
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

/** proxy-addr's names for address ranges (Fastify's trustProxy takes them too). */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  const [address = '', bits, ...rest] = entry.split('/');
  return (
    rest.length === 0 &&
    (PROXY_RANGES.has(address) ? bits === undefined : isIP(address) !== 0) &&
    (bits === undefined || /^\d{1,3}$/.test(bits))
  );
};

/**
 * Which proxies' X-Forwarded-For to believe, as Fastify's `trustProxy` takes it: unset or `false`,
 * none (a client could name any address and dodge the per-address limits); `true`, any; a number,
 * that many hops; else a comma-separated list of addresses, CIDR ranges or proxy-addr's names.
 */
const trustProxy = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .optional()
    .transform((v, ctx): boolean | number | string => {
      if (v === undefined || v === 'false') return false;
      if (v === 'true') return true;
      if (/^\d{1,2}$/.test(v)) return Number(v);
      const entries = v.split(',').map((entry) => entry.trim());
      if (entries.every(isProxyAddress)) return entries.join(',');
      ctx.addIssue({
        code: 'custom',
        message:
          'must be true, false, a hop count, or addresses and CIDR ranges separated by commas',
      });
      return z.NEVER;
    }),
);

const envSchema = z.object({
  PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(65535).default(3000),
  ),
  HOST: optionalText.transform((v) => v ?? '0.0.0.0'),
  TRUST_PROXY: trustProxy,
  DATA_DIR: optionalText.transform((v) => v ?? './data'),
  APP_URL: optionalUrl,
  DATABASE_URL: optionalUrl,
  /**
   * Where the rate limits and the per-address upload budgets are kept when several processes serve
   * the site: unset, each process counts in its own memory, and a visitor alternating processes
   * gets each one's allowance.
   */
  REDIS_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .url()
      .refine((v) => /^rediss?:\/\//i.test(v), 'must start with redis:// or rediss://')
      .optional(),
  ),
  /** Starts every key the site writes to Redis, so other users of that Redis are left alone. */
  REDIS_KEY_PREFIX: optionalText.transform((v) => v ?? 'aj:'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: optionalText,
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalUrl,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  /** The signing secret of the webhook endpoint (whsec_...); without it the webhook answers 503. */
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Where Stripe's API is: only for a stand-in such as stripe-mock or the tests' fake. */
  STRIPE_API_BASE: optionalUrl,
  CHAIN_RPC_URL: optionalUrl,
  /** The address wallet payments are sent to; required with CHAIN_RPC_URL. */
  CHAIN_PAYMENT_ADDRESS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x followed by 40 hexadecimal characters')
      .optional(),
  ),
  /** The rate wallet payments are quoted at, in US dollars for one ether. */
  CHAIN_USD_PER_ETH: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().positive().max(10_000_000).default(3000),
  ),
  /**
   * What one unit of each other currency is worth in US dollars, for quoting wallet payments of
   * bookings in that currency ("CAD=0.72,EUR=1.08"). A currency left out cannot be paid by wallet.
   */
  WALLET_USD_RATES: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .default(DEFAULT_WALLET_USD_RATES)
      .transform((text, ctx) => {
        const rates = parseUsdRates(text);
        if (typeof rates === 'string') {
          ctx.addIssue({ code: 'custom', message: rates });
          return z.NEVER;
        }
        return rates;
      }),
  ),
  /** How long confirming a wallet payment waits for its transaction to be mined. */
  CHAIN_CONFIRM_TIMEOUT_MS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(300_000).default(20_000),
  ),
  /** ffmpeg and ffprobe for thumbnails and movies; unset: the system's, else the npm package's binaries. */
  FFMPEG_PATH: optionalText,
  FFPROBE_PATH: optionalText,
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalText,
  AI_MODEL: optionalText,
  /** How long the model may take for one answer before the built-in assistant answers. */
  AI_TIMEOUT_MS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(100).max(300_000).default(15_000),
  ),
  /** How long an upload URL may be used, its whole PUT included (S3 allows up to 7 days). */
  UPLOAD_URL_TTL_SECONDS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60 * 60)
      .default(UPLOAD_URL_TTL_SECONDS),
  ),
  /** What one visitor's gallery may hold: bytes in all, and files. */
  MEDIA_QUOTA_BYTES: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(MEDIA_QUOTA_BYTES),
  ),
  MEDIA_QUOTA_FILES: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(1_000_000).default(MEDIA_QUOTA_FILES),
  ),
  /** Bytes of uploads one client address may ask for in an hour, whatever its cookies. */
  MEDIA_HOURLY_BYTES_PER_ADDRESS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number()
      .int()
      .min(1)
      .max(Number.MAX_SAFE_INTEGER)
      .default(MEDIA_HOURLY_BYTES_PER_ADDRESS),
  ),
  /** How often uploads that expired unrecorded are removed: once per period across all processes. */
  UPLOAD_SWEEP_SECONDS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60 * 60)
      .default(10 * 60),
  ),
  /** Disk space uploads to local storage must leave free, for the database and everything else. */
  STORAGE_RESERVE_BYTES: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(STORAGE_RESERVE_BYTES),
  ),
  /**
   * Days without a visit after which a session that holds nothing is deleted (a cookie handed out
   * on a visit that wrote something, then emptied).
   */
  SESSION_EMPTY_DAYS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(SESSION_COOKIE_DAYS).default(EMPTY_SESSION_DAYS),
  ),
  /**
   * Days without a visit after which a session and everything its visitor made (trips, bookings,
   * chat, photos, movies, links) are deleted. At most the cookie's lifetime: past it no browser
   * still holds the cookie, so nobody could reach what was kept.
   */
  SESSION_RETENTION_DAYS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number().int().min(1).max(SESSION_COOKIE_DAYS).default(SESSION_COOKIE_DAYS),
  ),
  /** How often sessions are swept by those rules: once per period across all processes. */
  SESSION_SWEEP_SECONDS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number()
      .int()
      .min(60)
      .max(7 * 24 * 60 * 60)
      .default(24 * 60 * 60),
  ),
  SESSION_SECRET: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  /** The bearer token Prometheus sends to scrape /metrics; unset, /metrics is not served. */
  METRICS_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  LOG_LEVEL: z.preprocess((v) => (v === '' ? undefined : v), z.enum(LOG_LEVELS).default('info')),
  /** Where the built client lives; tests and `npm start` use the default. */
  CLIENT_DIST: optionalText.transform((v) => v ?? 'dist/client'),
});

/** Every variable the server reads (each listed in .env.example, with its default). */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

export type Config = ReturnType<typeof loadConfig>;

/**
 * Where simulated wallet payments are addressed: the last of the well-known development accounts of
 * anvil and Hardhat. Simulated payments are asked of chain 31337, a local development chain, so no
 * wallet sends real funds to it.
 */
export const DEMO_PAYMENT_ADDRESS = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses the environment once, at start. Every bad key is named in one error, so a newcomer fixes
 * them all in one go instead of one restart at a time.
 */
export function loadConfig(env: Record<string, string | undefined>) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.CHAIN_RPC_URL && !e.CHAIN_PAYMENT_ADDRESS) {
    throw new ConfigError(
      'Invalid configuration:\n  CHAIN_PAYMENT_ADDRESS: required with CHAIN_RPC_URL (the address payments go to)',
    );
  }
  if (!e.CHAIN_RPC_URL && e.STRIPE_SECRET_KEY?.startsWith('sk_live_')) {
    // Simulated wallet confirmations would let anyone skip a live card payment.
    throw new ConfigError(
      'Invalid configuration:\n  CHAIN_RPC_URL: required with a live Stripe key (wallet payments are simulated without it)',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const appUrl = new URL(e.APP_URL ?? `http://localhost:${e.PORT}`);
  return {
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    dataDir,
    appUrl: appUrl.origin,
    secureCookies: appUrl.protocol === 'https:',
    databaseUrl: e.DATABASE_URL,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Accessible Journeys <no-reply@${appUrl.hostname}>`,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION ?? 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE,
          }
        : undefined,
    chain: {
      rpcUrl: e.CHAIN_RPC_URL,
      paymentAddress: e.CHAIN_PAYMENT_ADDRESS ?? DEMO_PAYMENT_ADDRESS,
      usdPerEth: e.CHAIN_USD_PER_ETH,
      usdRates: e.WALLET_USD_RATES,
      confirmTimeoutMs: e.CHAIN_CONFIRM_TIMEOUT_MS,
    },
    mediaTools: { ffmpegPath: e.FFMPEG_PATH, ffprobePath: e.FFPROBE_PATH },
    ai: e.AI_BASE_URL
      ? {
          baseUrl: e.AI_BASE_URL,
          apiKey: e.AI_API_KEY,
          model: e.AI_MODEL ?? 'gpt-4o-mini',
          timeoutMs: e.AI_TIMEOUT_MS,
        }
      : undefined,
    uploadUrlTtlSeconds: e.UPLOAD_URL_TTL_SECONDS,
    mediaQuota: { bytes: e.MEDIA_QUOTA_BYTES, files: e.MEDIA_QUOTA_FILES },
    storageReserveBytes: e.STORAGE_RESERVE_BYTES,
    uploadSweepSeconds: e.UPLOAD_SWEEP_SECONDS,
    sessionRetention: {
      emptySessionDays: e.SESSION_EMPTY_DAYS,
      retentionDays: e.SESSION_RETENTION_DAYS,
      sweepSeconds: e.SESSION_SWEEP_SECONDS,
    },
    mediaHourlyBytesPerAddress: e.MEDIA_HOURLY_BYTES_PER_ADDRESS,
    sessionSecret: e.SESSION_SECRET,
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL,
    clientDist: path.resolve(e.CLIENT_DIST),
  };
}

const SECRET_FILE = 'session-secret';

/**
 * The secret that signs cookies and upload URLs: SESSION_SECRET when set, otherwise one generated on
 * first start and kept in DATA_DIR, so sessions survive restarts (and processes sharing DATA_DIR agree).
 */
export function resolveSessionSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, SECRET_FILE);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx' fails if another process wrote it first; then we read theirs.
    writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}
