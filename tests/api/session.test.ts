import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import session from '../../server/plugins/session.js';
import { createSessionRepository } from '../../server/plugins/session-repository.js';
import { createVisitor, startTestServer, type TestServer } from '../helpers/server.js';

const TOKEN_MIN_BITS = 128;

function parseSetCookie(header: string) {
  const [pair, ...attributes] = header.split(';').map((p) => p.trim());
  const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
  return { name, value, attributes: attributes.map((a) => a.toLowerCase()) };
}

describe('the visitor session cookie', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('is issued on the first request: random, HttpOnly, SameSite=Lax, not Secure over http', async () => {
    const response = await fetch(`${server.url}/api/health`);
    const cookies = response.headers.getSetCookie().map(parseSetCookie);
    expect(cookies).toHaveLength(1);
    const sid = cookies[0]!;
    expect(sid.name).toBe('sid');
    expect(sid.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(sid.attributes).not.toContain('secure');
    const token = sid.value.split('.')[0]!;
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(TOKEN_MIN_BITS);
  });

  it('is kept while valid, and replaced when tampered with', async () => {
    const visitor = createVisitor(server.url);
    await visitor.request('GET', '/api/health');
    const original = visitor.cookies.get('sid')!;
    const again = await visitor.request('GET', '/api/health');
    expect(again.headers.getSetCookie()).toEqual([]);

    visitor.cookies.set('sid', `x${original}`);
    const tampered = await visitor.request('GET', '/api/health');
    expect(tampered.headers.getSetCookie()).toHaveLength(1);
    expect(visitor.cookies.get('sid')).not.toBe(original);
  });

  it('is Secure with the __Host- prefix when the site runs on https', async () => {
    const secure = await startTestServer({ APP_URL: 'https://travel.example' });
    try {
      const response = await fetch(`${secure.url}/api/health`);
      const sid = parseSetCookie(response.headers.getSetCookie()[0]!);
      expect(sid.name).toBe('__Host-sid');
      expect(sid.attributes).toEqual(
        expect.arrayContaining(['secure', 'httponly', 'samesite=lax']),
      );
      expect(response.headers.get('strict-transport-security')).toContain('max-age=');
    } finally {
      await secure.close();
    }
  });
});

describe('state-changing requests from another site', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const populate = (origin?: string) =>
    fetch(`${server.url}/api/destinations/populate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
      body: '{}',
    });

  it('are refused with 403 for a foreign or null Origin, and write nothing', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://localhost:9']) {
      const response = await populate(origin);
      expect(response.status, origin).toBe(403);
      expect(await response.json()).toEqual({ message: 'Cross-site request refused' });
    }
    const list = (await (await fetch(`${server.url}/api/destinations`)).json()) as unknown[];
    expect(list).toEqual([]);
  });

  it('are allowed from the site itself and without an Origin (scripts)', async () => {
    expect((await populate(server.url)).status).toBe(200);
    expect((await populate(server.config.appUrl)).status).toBe(200);
    expect((await populate()).status).toBe(200);
  });
});

describe('sessions stored in the database', () => {
  it('identify the same visitor on two server instances sharing the database and secret', async () => {
    const server = await startTestServer({ SESSION_SECRET: 's'.repeat(40) });
    // Two independent apps over the one database, as two processes would be.
    const buildInstance = async () => {
      const app = Fastify();
      await app.register(cookie, { secret: 's'.repeat(40) });
      await app.register(session, {
        sessions: createSessionRepository(server.database.db),
        secureCookies: false,
      });
      app.get('/api/whoami', async (request) => ({ visitorId: await request.getVisitorId() }));
      return app;
    };
    const [a, b] = [await buildInstance(), await buildInstance()];
    try {
      const first = await a.inject({ url: '/api/whoami' });
      const setCookie = first.headers['set-cookie'] as string;
      const cookieHeader = setCookie.split(';')[0]!;
      const fromA = first.json<{ visitorId: string }>().visitorId;
      const fromB = (
        await b.inject({ url: '/api/whoami', headers: { cookie: cookieHeader } })
      ).json<{
        visitorId: string;
      }>().visitorId;
      expect(fromB).toBe(fromA);

      const stranger = (await b.inject({ url: '/api/whoami' })).json<{ visitorId: string }>();
      expect(stranger.visitorId).not.toBe(fromA);

      const rows = await server.database.db.selectFrom('sessions').selectAll().execute();
      expect(rows).toHaveLength(2);
      // Only a hash of the token is stored.
      const token = decodeURIComponent(cookieHeader.split('=')[1]!).split('.')[0]!;
      expect(rows.map((r) => r.tokenHash)).not.toContain(token);
    } finally {
      await a.close();
      await b.close();
      await server.close();
    }
  });
});
