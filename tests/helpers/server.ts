import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import { createContext } from '../../server/context.js';
import type { DatabaseHandle } from '../../server/db/database.js';
import { createTestDatabaseUrl } from './database.js';

export interface TestServer {
  url: string;
  app: App;
  config: Config;
  database: DatabaseHandle;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Starts the real application on a random port with a temporary DATA_DIR (SQLite), or on its own
 * PostgreSQL schema when TEST_DATABASE_URL is set.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aj-api-'));
  const testDb = await createTestDatabaseUrl();
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    CLIENT_DIST: path.join(dataDir, 'no-client'),
    ...(testDb ? { DATABASE_URL: testDb.url } : {}),
    ...env,
  });
  const { database, sessionSecret } = await createContext(config);
  const app = await buildApp({ config, database, sessionSecret });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    app,
    config,
    database,
    dataDir,
    async close() {
      await app.close();
      // A test may have closed the database already, to see how the server fails.
      await database.close().catch(() => undefined);
      await testDb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A visitor: fetch with a cookie jar, the way a browser keeps the session cookie. With `address`,
 * every request says it comes from there (X-Forwarded-For: believed by a server started with
 * TRUST_PROXY=loopback), as visitors at addresses of their own.
 */
export function createVisitor(baseUrl: string, { address }: { address?: string } = {}) {
  const cookies = new Map<string, string>();
  return {
    cookies,
    async request(
      method: string,
      pathname: string,
      init: { body?: unknown; headers?: Record<string, string> } = {},
    ) {
      const headers: Record<string, string> = {
        ...(address ? { 'x-forwarded-for': address } : {}),
        ...init.headers,
      };
      if (cookies.size > 0) {
        headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      }
      let body: string | undefined;
      if (init.body !== undefined) {
        body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(new URL(pathname, baseUrl), { method, headers, body });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const index = pair!.indexOf('=');
        cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
      }
      return response;
    },
  };
}

/**
 * Network addresses of their own, a new one at each call, under `prefix` (two octets: "10.9"
 * gives 10.9.0.1, 10.9.0.2, …): for visitors made by `createVisitor` whose limits count their
 * address, so that each newcomer has an allowance of its own.
 */
export function addressesUnder(prefix: string): () => string {
  let count = 0;
  return () => {
    count += 1;
    return `${prefix}.${count >> 8}.${count & 255}`;
  };
}

/** A visitor made by `createVisitor`, for helpers and factories that act as one. */
export type Visitor = ReturnType<typeof createVisitor>;
