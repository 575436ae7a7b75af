/**
 * Issue 25: reads store no session, and sessions are swept by the retention rules (README "Your
 * data", docs/decisions/011-session-retention.md). Sweeps run at a fixed `now`, with the sessions'
 * last visits set in the database: nothing waits.
 */
import { randomUUID } from 'node:crypto';
import { access } from 'node:fs/promises';
import path from 'node:path';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Movie } from '../../contracts/media.js';
import type { Trip } from '../../contracts/planner.js';
import { VISITOR_TABLES } from '../../server/features/retention/repository.js';
import { hashToken } from '../../server/lib/tokens.js';
import session from '../../server/plugins/session.js';
import { createSessionRepository } from '../../server/plugins/session-repository.js';
import { createBooking } from '../factories/bookings.js';
import { createMediaFile } from '../factories/media.js';
import { snakeCase, tablesWithColumn } from '../helpers/database.js';
import { makeMediaFixtures, type MediaFixtures } from '../helpers/media-files.js';
import { betaSignup } from '../factories/beta.js';
import {
  createVisitor,
  startTestServer,
  type TestServer,
  type Visitor,
} from '../helpers/server.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The cookie's lifetime, in the seconds Max-Age counts: 400 days. */
const COOKIE_MAX_AGE = 400 * 24 * 60 * 60;
/** The sweeps' fixed "now", and a time that many days before it. */
const NOW = new Date('2031-06-15T12:00:00.000Z');
const daysBefore = (days: number) => new Date(NOW.getTime() - days * DAY_MS).toISOString();

const UNKNOWN = randomUUID();
const TOKEN = 'a'.repeat(43);

/**
 * What a visitor with no stored session gets from each per-visitor read: the empty state. Every
 * GET of the OpenAPI document is here or in PUBLIC_READS, so a new read has to be placed.
 */
const PER_VISITOR_READS: Record<string, { path: string; status: number; empty?: unknown }> = {
  '/api/trip-planners': { path: '/api/trip-planners', status: 200, empty: [] },
  '/api/trip-planners/{id}': { path: `/api/trip-planners/${UNKNOWN}`, status: 404 },
  '/api/planner-items': { path: `/api/planner-items?plannerId=${UNKNOWN}`, status: 404 },
  '/api/trip-planners/{id}/calendar.ics': {
    path: `/api/trip-planners/${UNKNOWN}/calendar.ics`,
    status: 404,
  },
  '/api/trip-planners/{id}/shares': { path: `/api/trip-planners/${UNKNOWN}/shares`, status: 404 },
  '/api/bookings': { path: '/api/bookings', status: 200, empty: [] },
  '/api/bookings/{id}': { path: `/api/bookings/${UNKNOWN}`, status: 404 },
  '/api/chat': { path: '/api/chat', status: 200, empty: [] },
  '/api/media': { path: '/api/media', status: 200, empty: [] },
  '/api/media/{id}/content': { path: `/api/media/${UNKNOWN}/content`, status: 404 },
  '/api/media/{id}/thumbnail': { path: `/api/media/${UNKNOWN}/thumbnail`, status: 404 },
  '/api/media/movies': { path: '/api/media/movies', status: 200, empty: [] },
  '/api/media/movies/{id}': { path: `/api/media/movies/${UNKNOWN}`, status: 404 },
  '/api/media/movies/{id}/video': { path: `/api/media/movies/${UNKNOWN}/video`, status: 404 },
  '/api/media/movies/{id}/captions.vtt': {
    path: `/api/media/movies/${UNKNOWN}/captions.vtt`,
    status: 404,
  },
  '/api/media/shares': { path: '/api/media/shares', status: 200, empty: [] },
  // Without countries, the kit is made for the visitor's trips: none, so the general kit.
  // Not signed in: the account page says so, and stores nothing.
  '/api/account': { path: '/api/account', status: 200, empty: { signedIn: false } },
  // Not signed in: a sign-in is asked for first, and nothing is stored.
  '/api/account/export': { path: '/api/account/export', status: 403 },
  '/api/emergency-contacts/safety-kit.pdf': {
    path: '/api/emergency-contacts/safety-kit.pdf',
    status: 200,
  },
};

/** Reads that are nobody's: they never asked for the visitor. Called too, to show they store none. */
const PUBLIC_READS: Record<string, string> = {
  '/api/destinations': '/api/destinations',
  '/api/advisories': '/api/advisories',
  '/api/emergency-contacts': '/api/emergency-contacts',
  '/api/help-lines': '/api/help-lines',
  '/api/calendar/{token}.ics': `/api/calendar/${TOKEN}.ics`,
  '/api/shared/{token}': `/api/shared/${TOKEN}`,
  '/api/shared/{token}/files/{id}/content': `/api/shared/${TOKEN}/files/${UNKNOWN}/content`,
  '/api/shared/{token}/files/{id}/thumbnail': `/api/shared/${TOKEN}/files/${UNKNOWN}/thumbnail`,
  '/api/shared-trips/{token}': `/api/shared-trips/${TOKEN}`,
  '/api/health': '/api/health',
  '/api/health/ready': '/api/health/ready',
  '/api/beta/verify-email': '/api/beta/verify-email',
};

/** Tables that say whose a visitor is, rather than hold the visitor's things. */
const OWNERS = new Set(['sessions', 'accounts']);

describe('reads store no session', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(() => server?.close());

  const sessionCount = async () =>
    Number(
      (
        await server.database.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  it('every GET of the API is placed as a per-visitor or a public read', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const reads = Object.entries(doc.paths)
      .filter(([, operations]) => 'get' in operations)
      .map(([pathname]) => pathname);
    expect(reads.length).toBeGreaterThan(20);
    for (const pathname of reads) {
      expect(pathname in PER_VISITOR_READS || pathname in PUBLIC_READS, pathname).toBe(true);
    }
  });

  it('a cookieless GET or HEAD of each read answers the empty state and stores no row', async () => {
    const before = await sessionCount();
    for (const [route, read] of Object.entries(PER_VISITOR_READS)) {
      const response = await fetch(new URL(read.path, server.url));
      expect(response.status, route).toBe(read.status);
      if (read.empty !== undefined) expect(await response.json(), route).toEqual(read.empty);
      else await response.arrayBuffer();
      const head = await fetch(new URL(read.path, server.url), { method: 'HEAD' });
      expect(head.status, `HEAD ${route}`).toBe(read.status);
    }
    for (const pathname of Object.values(PUBLIC_READS)) {
      await (await fetch(new URL(pathname, server.url))).arrayBuffer();
    }
    expect(await sessionCount()).toBe(before);
  }, 60_000);

  it('with the cookie an earlier read handed out, reads still store nothing; the first write stores one row', async () => {
    const before = await sessionCount();
    const visitor = createVisitor(server.url);
    await visitor.request('GET', '/api/trip-planners');
    // The token is handed out on the first call, read or write...
    expect(visitor.cookies.size).toBe(1);
    for (const [route, read] of Object.entries(PER_VISITOR_READS)) {
      const response = await visitor.request('GET', read.path);
      expect(response.status, route).toBe(read.status);
      if (read.empty !== undefined) expect(await response.json(), route).toEqual(read.empty);
      else await response.arrayBuffer();
    }
    // ...and stored by the first write.
    expect(await sessionCount()).toBe(before);
    const created = await visitor.request('POST', '/api/trip-planners', {
      body: { title: 'Kyoto in spring', destination: 'Kyoto' },
    });
    expect(created.status).toBe(201);
    const trip = (await created.json()) as Trip;
    expect(await sessionCount()).toBe(before + 1);
    await visitor.request('POST', '/api/trip-planners', {
      body: { title: 'Lisbon', destination: 'Lisbon' },
    });
    expect(await sessionCount()).toBe(before + 1);

    // The returning visitor reads what they made, as before.
    const trips = (await (await visitor.request('GET', '/api/trip-planners')).json()) as Trip[];
    expect(trips.map((t) => t.id)).toContain(trip.id);
    expect((await visitor.request('GET', `/api/trip-planners/${trip.id}`)).status).toBe(200);
    expect((await visitor.request('GET', `/api/planner-items?plannerId=${trip.id}`)).status).toBe(
      200,
    );
    // Another visitor still gets a 404 for it, and stores nothing by asking.
    const stranger = createVisitor(server.url);
    expect((await stranger.request('GET', `/api/trip-planners/${trip.id}`)).status).toBe(404);
    expect(await sessionCount()).toBe(before + 1);
  }, 60_000);
});

describe('a visit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SESSION_SECRET: 's'.repeat(40) });
  }, 60_000);
  afterAll(() => server?.close());

  it('moves last_seen_at at most once a day, and finds no visitor for a swept session', async () => {
    const sessions = createSessionRepository(server.database.db);
    const at = (iso: string) => new Date(iso);
    const lastSeen = async () =>
      (
        await server.database.db
          .selectFrom('sessions')
          .select('lastSeenAt')
          .where('tokenHash', '=', 'visit-test')
          .executeTakeFirstOrThrow()
      ).lastSeenAt;
    const visitorId = await sessions.insertOrGet('visit-test', randomUUID(), daysBefore(3));

    expect(await sessions.visit('visit-test', at('2031-06-15T08:00:00.000Z'))).toMatchObject({
      visitorId,
      firstToday: true,
    });
    expect(await lastSeen()).toBe('2031-06-15T08:00:00.000Z');
    expect(await sessions.visit('visit-test', at('2031-06-15T23:59:00.000Z'))).toMatchObject({
      visitorId,
      firstToday: false,
    });
    expect(await lastSeen()).toBe('2031-06-15T08:00:00.000Z');
    expect(await sessions.visit('visit-test', at('2031-06-16T00:01:00.000Z'))).toMatchObject({
      visitorId,
      firstToday: true,
    });
    expect(await lastSeen()).toBe('2031-06-16T00:01:00.000Z');

    await server.database.db.deleteFrom('sessions').where('tokenHash', '=', 'visit-test').execute();
    expect(await sessions.visit('visit-test', NOW)).toBeUndefined();
  });

  it('of a stored session records the day and sends the cookie again for its full life, once a day per process', async () => {
    const visitor = createVisitor(server.url);
    expect(
      (await visitor.request('POST', '/api/chat', { body: { message: 'Hello' } })).status,
    ).toBe(200);
    const [name, value] = [...visitor.cookies][0]!;
    const token = server.app.unsignCookie(decodeURIComponent(value)).value!;
    const tokenHash = hashToken(token);
    const yesterday = new Date(Date.now() - DAY_MS).toISOString();
    await server.database.db
      .updateTable('sessions')
      .set({ lastSeenAt: yesterday })
      .where('tokenHash', '=', tokenHash)
      .execute();

    // Another process, which has not seen this visitor today.
    const other = Fastify();
    await other.register(cookie, { secret: 's'.repeat(40) });
    await other.register(session, {
      sessions: createSessionRepository(server.database.db),
      secureCookies: false,
    });
    other.get('/api/mine', async (request) => ({ visitorId: await request.findVisitorId() }));
    try {
      const first = await other.inject({
        url: '/api/mine',
        headers: { cookie: `${name}=${value}` },
      });
      expect(first.json<{ visitorId: string | null }>().visitorId).not.toBeNull();
      const resent = String(first.headers['set-cookie']);
      expect(resent).toContain(`${name}=${value}`);
      expect(resent).toContain(`Max-Age=${COOKIE_MAX_AGE}`);
      const row = await server.database.db
        .selectFrom('sessions')
        .select('lastSeenAt')
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirstOrThrow();
      expect(row.lastSeenAt > yesterday).toBe(true);

      const again = await other.inject({
        url: '/api/mine',
        headers: { cookie: `${name}=${value}` },
      });
      expect(again.headers['set-cookie']).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});

describe('the session sweep', () => {
  let server: TestServer;
  let fixtures: MediaFixtures;
  beforeAll(async () => {
    fixtures = await makeMediaFixtures();
    server = await startTestServer({ SESSION_SECRET: 's'.repeat(40) });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await fixtures?.close();
  });

  const db = () => server.database.db;
  function tokenHashOf(visitor: Visitor): string {
    const [, value] = [...visitor.cookies][0]!;
    const token = server.app.unsignCookie(decodeURIComponent(value)).value!;
    return hashToken(token);
  }
  async function visitorIdOf(visitor: Visitor): Promise<string> {
    const row = await db()
      .selectFrom('sessions')
      .select('visitorId')
      .where('tokenHash', '=', tokenHashOf(visitor))
      .executeTakeFirstOrThrow();
    return row.visitorId;
  }
  async function lastSeen(visitor: Visitor, at: string) {
    await db()
      .updateTable('sessions')
      .set({ lastSeenAt: at })
      .where('tokenHash', '=', tokenHashOf(visitor))
      .execute();
  }
  async function stored(visitor: Visitor): Promise<boolean> {
    const row = await db()
      .selectFrom('sessions')
      .select('tokenHash')
      .where('tokenHash', '=', tokenHashOf(visitor))
      .executeTakeFirst();
    return row !== undefined;
  }
  /** A row count per table of VISITOR_TABLES, and the planner items of the visitor's trips. */
  async function holdings(visitorId: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of VISITOR_TABLES) {
      const row = await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('count'))
        .where('visitorId', '=', visitorId)
        .executeTakeFirstOrThrow();
      counts[table] = Number(row.count);
    }
    const items = await db()
      .selectFrom('plannerItems')
      .innerJoin('tripPlanners', 'tripPlanners.id', 'plannerItems.plannerId')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('tripPlanners.visitorId', '=', visitorId)
      .executeTakeFirstOrThrow();
    counts.plannerItems = Number(items.count);
    return counts;
  }
  async function createTrip(visitor: Visitor): Promise<Trip> {
    const response = await visitor.request('POST', '/api/trip-planners', {
      body: { title: 'Coast road', destination: 'Lisbon' },
    });
    expect(response.status).toBe(201);
    return (await response.json()) as Trip;
  }
  const upload = (visitor: Visitor) =>
    createMediaFile(server, visitor, {
      bytes: fixtures.jpeg,
      fileType: 'image/jpeg',
      fileName: 'harbour.jpg',
    });
  const storedObject = (key: string) =>
    access(path.join(server.dataDir, 'storage', key)).then(
      () => true,
      () => false,
    );

  it('every table with a visitor_id is one the sweep looks at', async () => {
    const withVisitor = new Set(
      // Sessions and accounts name a visitor; they are not their things.
      (await tablesWithColumn(server.database, 'visitor_id')).filter((name) => !OWNERS.has(name)),
    );
    expect([...withVisitor].sort()).toEqual(VISITOR_TABLES.map(snakeCase).sort());
  });

  it('removes idle sessions that hold nothing, and keeps fresh ones and ones holding something', async () => {
    // Stored by a write, then emptied: the trip was deleted again.
    const emptied = async (daysIdle: number) => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      expect((await visitor.request('DELETE', `/api/trip-planners/${trip.id}`)).status).toBe(204);
      await lastSeen(visitor, daysBefore(daysIdle));
      return visitor;
    };
    const idle = await emptied(31);
    const idleToday = await emptied(0);
    // Seen on the day 30 days before: 30 whole days have not passed since that day.
    const idleThirtyDays = await emptied(30);
    const holder = createVisitor(server.url);
    await createTrip(holder);
    await lastSeen(holder, daysBefore(200));
    const asker = createVisitor(server.url);
    await asker.request('POST', '/api/chat', { body: { message: 'Is Banff step-free?' } });
    await lastSeen(asker, daysBefore(200));

    const result = await server.app.retention!.sweep(NOW);
    expect(result).toMatchObject({ emptySessions: 1, forgottenVisitors: 0 });
    expect(await stored(idle)).toBe(false);
    expect(await stored(idleToday)).toBe(true);
    expect(await stored(idleThirtyDays)).toBe(true);
    expect(await stored(holder)).toBe(true);
    expect(await stored(asker)).toBe(true);

    const tomorrow = new Date(NOW.getTime() + DAY_MS);
    expect((await server.app.retention!.sweep(tomorrow)).emptySessions).toBe(1);
    expect(await stored(idleThirtyDays)).toBe(false);
    expect(await stored(holder)).toBe(true);
  }, 60_000);

  it('deletes a session unseen past the retention with everything its visitor made, media files too; keeps what is in use', async () => {
    const gone = createVisitor(server.url);
    const trip = await createTrip(gone);
    const item = await gone.request('POST', '/api/planner-items', {
      body: {
        plannerId: trip.id,
        itemType: 'hotel',
        itemName: 'Harbour hotel',
        scheduledDate: '2031-07-01',
        scheduledTime: 'evening',
        price: '120.00',
        isBooked: false,
        priority: 1,
      },
    });
    expect(item.status).toBe(201);
    expect(
      (await gone.request('POST', `/api/trip-planners/${trip.id}/shares`, { body: {} })).status,
    ).toBe(201);
    expect(
      (await gone.request('POST', `/api/trip-planners/${trip.id}/calendar-subscription`)).status,
    ).toBe(201);
    const booking = await createBooking(gone);
    const paid = await gone.request('POST', '/api/create-blockchain-payment', {
      body: {
        bookingId: booking.id,
        walletAddress: `0x${'1'.repeat(40)}`,
        amount: booking.totalAmount,
        currency: booking.currency,
      },
    });
    expect(paid.status).toBe(201);
    expect((await gone.request('POST', '/api/chat', { body: { message: 'Hello' } })).status).toBe(
      200,
    );
    const file = await upload(gone);
    expect(
      (
        await gone.request('POST', '/api/media/share', {
          body: { mediaIds: [file.id], shareType: 'social', socialPlatform: 'facebook' },
        })
      ).status,
    ).toBe(200);
    const movieAnswer = await gone.request('POST', '/api/media/create-movie', {
      body: { mediaIds: [file.id], style: 'cinematic', duration: 'short' },
    });
    expect(movieAnswer.status).toBe(201);
    const movie = (await movieAnswer.json()) as Movie;
    await server.app.movies!.idle();
    const signup = await gone.request('POST', '/api/beta/signup', {
      body: betaSignup({ email: 'ada.retention@example.org' }),
    });
    expect(signup.status).toBe(201);

    const goneId = await visitorIdOf(gone);
    const before = await holdings(goneId);
    for (const [table, count] of Object.entries(before)) expect(count, table).toBeGreaterThan(0);
    const fileRow = await db()
      .selectFrom('mediaFiles')
      .select(['objectKey', 'thumbnailKey'])
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    const movieRow = await db()
      .selectFrom('mediaMovies')
      .select(['videoKey', 'calmVideoKey', 'captionsKey', 'status'])
      .where('id', '=', movie.id)
      .executeTakeFirstOrThrow();
    const objects = [
      fileRow.objectKey,
      fileRow.thumbnailKey,
      movieRow.videoKey,
      movieRow.calmVideoKey,
      movieRow.captionsKey,
    ].filter((key): key is string => key !== null);
    // The photo is always there; the movie's files when this machine could render it.
    expect(objects.length).toBeGreaterThanOrEqual(movieRow.status === 'ready' ? 5 : 1);
    for (const key of objects) expect(await storedObject(key), key).toBe(true);

    // Past the retention on the day before: 400 whole days since the day of the last visit.
    await lastSeen(gone, daysBefore(401));
    // Just inside it: kept, with what it holds.
    const keeper = createVisitor(server.url);
    await createTrip(keeper);
    await lastSeen(keeper, daysBefore(400));
    // A visitor with an old session and one in use: only the old session goes.
    const twoDevices = createVisitor(server.url);
    await createTrip(twoDevices);
    const twoDevicesId = await visitorIdOf(twoDevices);
    await db()
      .insertInto('sessions')
      .values({
        tokenHash: 'old-device',
        visitorId: twoDevicesId,
        createdAt: daysBefore(900),
        lastSeenAt: daysBefore(500),
      })
      .execute();
    await lastSeen(twoDevices, daysBefore(2));

    const result = await server.app.retention!.sweep(NOW);
    expect(result).toMatchObject({ forgottenVisitors: 1, removedMedia: 2 });

    expect(await stored(gone)).toBe(false);
    const after = await holdings(goneId);
    for (const [table, count] of Object.entries(after)) expect(count, table).toBe(0);
    // The beta sign-up is the programme's record: it stays, no longer linked to anyone.
    expect(
      await db()
        .selectFrom('betaSignups')
        .select('visitorId')
        .where('email', '=', 'ada.retention@example.org')
        .executeTakeFirst(),
    ).toEqual({ visitorId: null });
    for (const key of objects) expect(await storedObject(key), key).toBe(false);

    expect(await stored(keeper)).toBe(true);
    expect((await holdings(await visitorIdOf(keeper))).tripPlanners).toBe(1);
    expect(await stored(twoDevices)).toBe(true);
    expect((await holdings(twoDevicesId)).tripPlanners).toBe(1);
    const oldDevice = await db()
      .selectFrom('sessions')
      .select('tokenHash')
      .where('tokenHash', '=', 'old-device')
      .executeTakeFirst();
    expect(oldDevice).toBeUndefined();

    // Nothing is left for another sweep.
    expect(await server.app.retention!.sweep(NOW)).toEqual({
      emptySessions: 0,
      forgottenVisitors: 0,
      removedMedia: 0,
    });
  }, 120_000);
});
