import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARIABLES, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has defaults that run the whole site with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      appUrl: 'http://localhost:3000',
      secureCookies: false,
      databaseUrl: undefined,
      redis: undefined,
      smtpUrl: undefined,
      s3: undefined,
      stripe: undefined,
      ai: undefined,
      logLevel: 'info',
      trustProxy: false,
      storageReserveBytes: 256 * 1024 * 1024,
      mediaHourlyBytesPerAddress: 4 * 1024 ** 3,
    });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('takes a disk reserve for uploads in bytes (0 keeps none) and an address budget (at least 1)', () => {
    expect(loadConfig({ STORAGE_RESERVE_BYTES: '0' }).storageReserveBytes).toBe(0);
    expect(loadConfig({ STORAGE_RESERVE_BYTES: '1073741824' }).storageReserveBytes).toBe(2 ** 30);
    for (const bad of ['-1', '1.5', '1GB']) {
      expect(() => loadConfig({ STORAGE_RESERVE_BYTES: bad }), bad).toThrow(
        /STORAGE_RESERVE_BYTES/,
      );
    }
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback,::1' }).trustProxy).toBe(
      '10.0.0.0/8,loopback,::1',
    );
    for (const bad of ['yes', '10.0.0.300', 'loopback/8', '10.0.0.0/8/1', 'proxy.example']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('serves metrics only with a METRICS_TOKEN of 16 characters or more', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'a'.repeat(15) })).toThrow(/METRICS_TOKEN/);
  });

  it('lists every variable in .env.example', () => {
    const example = readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
    const listed = [...example.matchAll(/^# ([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    expect(ENV_VARIABLES.length).toBeGreaterThan(30);
    for (const name of ENV_VARIABLES) expect(listed, name).toContain(name);
  });

  it('keeps limits in Redis only with a redis:// or rediss:// REDIS_URL', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redis).toEqual({
      url: 'redis://127.0.0.1:6379',
      keyPrefix: 'aj:',
    });
    expect(
      loadConfig({ REDIS_URL: 'rediss://cache.example:6380/2', REDIS_KEY_PREFIX: 'staging:' })
        .redis,
    ).toEqual({ url: 'rediss://cache.example:6380/2', keyPrefix: 'staging:' });
    expect(loadConfig({ REDIS_URL: '', REDIS_KEY_PREFIX: 'x:' }).redis).toBeUndefined();
    for (const bad of ['http://127.0.0.1:6379', '127.0.0.1:6379', 'not a url']) {
      expect(() => loadConfig({ REDIS_URL: bad }), bad).toThrow(/REDIS_URL/);
    }
  });

  it('treats empty strings as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', S3_BUCKET: '', LOG_LEVEL: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect(config.logLevel).toBe('info');
  });

  it('derives secure cookies and the origin from an https APP_URL', () => {
    const config = loadConfig({ APP_URL: 'https://travel.example/some/path' });
    expect(config.appUrl).toBe('https://travel.example');
    expect(config.secureCookies).toBe(true);
  });

  it('needs a payment address for a real chain, and only then', () => {
    expect(loadConfig({}).chain.paymentAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(() => loadConfig({ CHAIN_RPC_URL: 'http://127.0.0.1:8545' })).toThrow(
      /CHAIN_PAYMENT_ADDRESS/,
    );
    expect(() =>
      loadConfig({ CHAIN_RPC_URL: 'http://127.0.0.1:8545', CHAIN_PAYMENT_ADDRESS: '0x12' }),
    ).toThrow(/CHAIN_PAYMENT_ADDRESS/);
  });

  it('refuses simulated wallet payments beside a live Stripe key', () => {
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' }),
    ).toThrow(/CHAIN_RPC_URL/);
  });

  it('names every bad key at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', SESSION_SECRET: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const key of ['PORT', 'DATABASE_URL', 'SESSION_SECRET']) expect(message).toContain(key);
  });
});
