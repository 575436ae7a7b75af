import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAFETY_KIT_PATH } from '../../contracts/emergency.values.js';
import type { TripShare } from '../../contracts/planner.js';
import {
  PAGE_TEMPLATE,
  PRERENDERED_DIR,
  SERVER_RENDER_ENTRY,
  sharedTripPath,
} from '../../contracts/routes.js';
import { SIGNUPS_PER_HOUR } from '../../server/features/beta/routes.js';
import { createBetaRepository } from '../../server/features/beta/repository.js';
import { CHAT_PER_MINUTE, CHAT_PER_MINUTE_PER_ADDRESS } from '../../server/features/chat/routes.js';
import { KITS_PER_MINUTE_PER_ADDRESS } from '../../server/features/emergency/safety-kit-routes.js';
import { MOVIES_PER_HOUR_PER_ADDRESS } from '../../server/features/media/routes.js';
import { newToken } from '../../server/lib/tokens.js';
import { RENDERED_PAGES_PER_MINUTE_PER_ADDRESS } from '../../server/plugins/spa.js';
import { betaSignup } from '../factories/beta.js';
import { createVisitor, startTestServer, type TestServer } from '../helpers/server.js';

/** What a 429 of a per-address limit says: whose requests, and how long to wait. */
const NETWORK_LIMIT =
  /^Too many requests from your network\. Please try again in \d+ (seconds|minutes)\.$/;

/**
 * Issue 25: a session cookie is free, so a per-visitor limit alone is none. A client behind one
 * address sending a fresh cookie with every request meets each route's per-address limit; an IPv6
 * client is counted by its /64, and another address is not affected. Behind a trusted proxy
 * (TRUST_PROXY) the client's address is the forwarded one, as tests/api/trust-proxy.test.ts shows.
 */
describe('limits by address, whatever the cookies', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'loopback' });
  }, 120_000);
  afterAll(() => server?.close());

  /** A cookie the server accepts, as a client gets one for nothing: a new visitor each time. */
  const freshCookie = () => `sid=${server.app.signCookie(newToken())}`;

  /** A request from `address` with a fresh session cookie. */
  const send = (
    address: string,
    method: string,
    pathname: string,
    init: { body?: unknown; cookie?: string | null } = {},
  ) =>
    fetch(new URL(pathname, server.url), {
      method,
      headers: {
        'x-forwarded-for': address,
        ...(init.cookie === null ? {} : { cookie: init.cookie ?? freshCookie() }),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });

  async function expectNetworkLimit(response: Response, maxWaitSeconds: number) {
    expect(response.status).toBe(429);
    const wait = Number(response.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(maxWaitSeconds);
    expect(((await response.json()) as { message: string }).message).toMatch(NETWORK_LIMIT);
  }

  it(`makes ${KITS_PER_MINUTE_PER_ADDRESS} safety kits a minute for one IPv6 /64, fresh cookies or not`, async () => {
    const kit = (address: string) => send(address, 'GET', `${SAFETY_KIT_PATH}?countries=CA`);
    for (let i = 0; i < KITS_PER_MINUTE_PER_ADDRESS; i++) {
      // Each request from another address of the same /64, as one subscriber can.
      const response = await kit(`2001:db8:1:2::${(i + 1).toString(16)}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
    }
    await expectNetworkLimit(await kit('2001:db8:1:2:ffff:ffff:ffff:fffe'), 60);
    // Another /64 and an IPv4 address have allowances of their own.
    expect((await kit('2001:db8:1:3::1')).status).toBe(200);
    expect((await kit('198.51.100.7')).status).toBe(200);
  });

  it(`answers ${CHAT_PER_MINUTE_PER_ADDRESS} chat messages a minute from one address, and refuses the next without storing it`, async () => {
    const ask = (address: string, cookie?: string) =>
      send(address, 'POST', '/api/chat', { body: { message: 'Is Canada safe?' }, cookie });
    for (let i = 0; i < CHAT_PER_MINUTE_PER_ADDRESS; i++) {
      expect((await ask('203.0.113.20')).status).toBe(200);
    }
    const cookie = freshCookie();
    await expectNetworkLimit(await ask('203.0.113.20', cookie), 60);
    // The refused visitor's conversation holds nothing (read from another address).
    const history = await send('203.0.113.21', 'GET', '/api/chat', { cookie });
    expect(await history.json()).toEqual([]);
    expect((await ask('203.0.113.21')).status).toBe(200);
  });

  it('counts a cookieless visitor by its IPv6 /64, not by each address', async () => {
    const ask = (address: string) =>
      send(address, 'POST', '/api/chat', { body: { message: 'hello' }, cookie: null });
    for (let i = 0; i < CHAT_PER_MINUTE; i++) {
      expect((await ask(`2001:db8:5:6::${(i + 1).toString(16)}`)).status).toBe(200);
    }
    const refused = await ask('2001:db8:5:6:1:2:3:4');
    expect(refused.status).toBe(429);
    // The per-visitor limit (the address stands for a visitor without a cookie), not the network's.
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Too many requests\. Please try again in \d+ seconds\.$/,
    );
    expect((await ask('2001:db8:5:7::1')).status).toBe(200);
  });

  it(`takes ${MOVIES_PER_HOUR_PER_ADDRESS} movie requests an hour from one address, then refuses them before reading them`, async () => {
    const body = { mediaIds: [randomUUID()], style: 'relaxed', duration: 'short' };
    const create = (address: string, payload: unknown = body) =>
      send(address, 'POST', '/api/media/create-movie', { body: payload });
    // The files are no visitor's: each is refused by the service, and counted all the same.
    for (let i = 0; i < MOVIES_PER_HOUR_PER_ADDRESS; i++) {
      const response = await create('203.0.113.30');
      expect(response.status).not.toBe(201);
      expect(response.status).not.toBe(429);
    }
    await expectNetworkLimit(await create('203.0.113.30'), 3600);
    // Refused before its body is even validated.
    await expectNetworkLimit(await create('203.0.113.30', { style: 'nonsense' }), 3600);
    expect((await create('203.0.113.31')).status).not.toBe(429);
  });

  it(`takes ${SIGNUPS_PER_HOUR} beta sign-ups an hour from one IPv6 /64 and stores no more`, async () => {
    const signup = (address: string, n: number) =>
      send(address, 'POST', '/api/beta/signup', {
        body: betaSignup({ email: `limit-${n}@example.org` }),
      });
    const signups = createBetaRepository(server.database.db);
    const before = (await signups.all()).length;
    for (let i = 0; i < SIGNUPS_PER_HOUR; i++) {
      expect((await signup(`2001:db8:9:9::${(i + 1).toString(16)}`, i)).status).toBe(201);
    }
    await expectNetworkLimit(await signup('2001:db8:9:9:abcd::1', 100), 3600);
    expect((await signups.all()).length).toBe(before + SIGNUPS_PER_HOUR);
    expect((await signup('2001:db8:9:a::1', 101)).status).toBe(201);
    expect((await signup('192.0.2.77', 102)).status).toBe(201);
  });
});

/**
 * Pages rendered with their reads cost the server the reads and the rendering: past an address's
 * allowance the page is the app shell, which the browser renders itself.
 */
describe('pages rendered with their data, per address', () => {
  let server: TestServer;
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'aj-render-'));
    const clientDist = path.join(root, 'client');
    await mkdir(path.join(clientDist, PRERENDERED_DIR), { recursive: true });
    await writeFile(path.join(clientDist, 'index.html'), '<!doctype html><title>app shell</title>');
    await writeFile(
      path.join(clientDist, PAGE_TEMPLATE),
      '<!doctype html><title>page</title><div id="root"></div>',
    );
    // A stand-in for the server build of the app: renders whatever its reads answered.
    const entry = path.resolve(clientDist, SERVER_RENDER_ENTRY);
    await mkdir(path.dirname(entry), { recursive: true });
    await writeFile(path.join(path.dirname(entry), 'package.json'), '{"type":"module"}');
    await writeFile(
      entry,
      `export async function renderWithData(url, reads, read) {
        const answers = await Promise.all(reads.map(read));
        return { markup: '<p>rendered</p>', state: answers };
      }`,
    );
    server = await startTestServer({ TRUST_PROXY: 'loopback', CLIENT_DIST: clientDist });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await rm(root, { recursive: true, force: true });
  });

  it(`renders a shared itinerary ${RENDERED_PAGES_PER_MINUTE_PER_ADDRESS} times a minute for one address, then sends the app shell`, async () => {
    const owner = createVisitor(server.url);
    const trip = await owner.request('POST', '/api/trip-planners', {
      body: { title: 'Lisbon', destination: 'Lisbon, Portugal' },
    });
    const { id } = (await trip.json()) as { id: string };
    const shared = await owner.request('POST', `/api/trip-planners/${id}/shares`, { body: {} });
    const { shareUrl } = (await shared.json()) as TripShare;
    const page = async (address: string) => {
      const response = await fetch(
        new URL(sharedTripPath(shareUrl.split('/').pop()!), server.url),
        {
          headers: { 'x-forwarded-for': address },
        },
      );
      expect(response.status).toBe(200);
      return response.text();
    };
    for (let i = 0; i < RENDERED_PAGES_PER_MINUTE_PER_ADDRESS; i++) {
      expect(await page('203.0.113.40')).toContain('data-prerendered="page"');
    }
    const shell = await page('203.0.113.40');
    expect(shell).not.toContain('data-prerendered');
    expect(shell).toContain('<title>app shell</title>');
    expect(await page('203.0.113.41')).toContain('data-prerendered="page"');
  });
});
