/**
 * The Idempotency-Key header (docs/decisions/029): a write repeated with its key (a double click,
 * a retry after a lost answer) is done once and answered the same; the key is per visitor; a key
 * reused for another request is refused; without a key nothing changes. On the real server, with
 * a real SMTP receiver for the mailing route, on SQLite or PostgreSQL (TEST_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingSchema, type CreateBookingRequest } from '../../contracts/bookings.js';
import { tripShareListSchema, tripShareSchema } from '../../contracts/planner.js';
import { DESTINATIONS } from '../../server/catalogue/destinations.js';
import { createIdempotencyStore } from '../../server/plugins/idempotency-store.js';
import { createTrip } from '../factories/planner.js';
import {
  createVisitor,
  startTestServer,
  type TestServer,
  type Visitor,
} from '../helpers/server.js';
import { startSmtpReceiver } from '../helpers/smtp.js';

const banff = DESTINATIONS.find((d) => d.id === 'banff-national-park')!;
const louvre = DESTINATIONS.find((d) => d.id === 'louvre-museum')!;

const cartBooking = (destination: (typeof DESTINATIONS)[number]): CreateBookingRequest => ({
  bookingType: 'destinations',
  totalAmount: String(destination.price),
  currency: destination.currency,
  bookingDetails: {
    title: 'My trip',
    description: 'From the cart',
    details: [],
    accessibility: [],
  },
  status: 'pending',
  paymentStatus: 'pending',
  items: [{ destinationId: destination.id }],
});

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({ SMTP_URL: smtp.url, APP_URL: 'http://journeys.test' });
  await fetch(`${server.url}/api/destinations/populate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const book = (v: Visitor, key: string | undefined, body = cartBooking(banff)) =>
  v.request('POST', '/api/bookings', {
    body,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

async function bookingCount(v: Visitor): Promise<number> {
  const response = await v.request('GET', '/api/bookings');
  return ((await response.json()) as unknown[]).length;
}

describe('Idempotency-Key on bookings', () => {
  it('makes one booking for two identical requests with one key, and answers both the same', async () => {
    const v = createVisitor(server.url);
    const key = `"${randomUUID()}"`;
    const first = await book(v, key);
    const second = await book(v, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.headers.get('content-type')).toContain('application/json');
    const booking = bookingSchema.parse(await first.json());
    expect(await second.json()).toEqual(booking);
    expect(await bookingCount(v)).toBe(1);
  });

  it('makes one booking for a double click: two requests at once with one key', async () => {
    const v = createVisitor(server.url);
    await v.request('GET', '/api/bookings'); // a session first, as a browser on the page has
    await book(v, undefined, cartBooking(louvre)); // and the session stored, by a first write
    const key = randomUUID();
    const answers = await Promise.all([book(v, key), book(v, key), book(v, key)]);
    const bodies = await Promise.all(answers.map((a) => a.json()));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect(await bookingCount(v)).toBe(2);
  });

  it('takes the key quoted (the draft) or bare as one key', async () => {
    const v = createVisitor(server.url);
    const key = randomUUID();
    const first = await book(v, `"${key}"`);
    const second = await book(v, key);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.json()).toEqual(await first.json());
    expect(await bookingCount(v)).toBe(1);
  });

  it('refuses the same key with a different body (422), and books nothing for it', async () => {
    const v = createVisitor(server.url);
    const key = randomUUID();
    expect((await book(v, key, cartBooking(banff))).status).toBe(201);
    const other = await book(v, key, cartBooking(louvre));
    expect(other.status).toBe(422);
    expect(((await other.json()) as { message: string }).message).toMatch(
      /already used for a different request/,
    );
    expect(await bookingCount(v)).toBe(1);
  });

  it('keeps keys per visitor: another visitor with the same key gets a booking of their own', async () => {
    const a = createVisitor(server.url);
    const b = createVisitor(server.url);
    const key = randomUUID();
    const mine = bookingSchema.parse(await (await book(a, key)).json());
    const theirs = await book(b, key);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(bookingSchema.parse(await theirs.json()).id).not.toBe(mine.id);
    expect(await bookingCount(a)).toBe(1);
    expect(await bookingCount(b)).toBe(1);
  });

  it('without a key, books each different request; the same one again continues the open booking', async () => {
    const v = createVisitor(server.url);
    const first = await book(v, undefined);
    expect(first.status).toBe(201);
    expect((await book(v, undefined, cartBooking(louvre))).status).toBe(201);
    const again = await book(v, undefined);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(((await again.json()) as { id: string }).id).toBe(
      ((await first.json()) as { id: string }).id,
    );
    expect(await bookingCount(v)).toBe(2);
  });

  it('refuses a malformed key with 400, and books nothing', async () => {
    const v = createVisitor(server.url);
    for (const key of ['', '"', 'a'.repeat(256), 'two words', '"quo"te"']) {
      const response = await book(v, key);
      expect(response.status, JSON.stringify(key)).toBe(400);
      const body = (await response.json()) as { errors: { path: string }[] };
      expect(body.errors[0]!.path).toBe('Idempotency-Key');
    }
    expect((await book(v, 'a'.repeat(255))).status).toBe(201);
    expect(await bookingCount(v)).toBe(1);
  });

  it('does not keep a refusal: the key runs again once the request can succeed', async () => {
    const v = createVisitor(server.url);
    const trip = await createTrip(v);
    const key = randomUUID();
    const other = createVisitor(server.url);
    // Another visitor's trip is a 404 for this one; the 404 is not kept for the key.
    const refused = await other.request('POST', `/api/trip-planners/${trip.id}/shares`, {
      body: { expiresInDays: 7, hidePrices: false },
      headers: { 'idempotency-key': key },
    });
    expect(refused.status).toBe(404);
    const again = await other.request('POST', `/api/trip-planners/${trip.id}/shares`, {
      body: { expiresInDays: 7, hidePrices: false },
      headers: { 'idempotency-key': key },
    });
    expect(again.status).toBe(404);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
  });
});

describe('Idempotency-Key on itinerary links', () => {
  it('makes one link and sends one e-mail for a repeated Create link', async () => {
    const v = createVisitor(server.url);
    const trip = await createTrip(v);
    const address = `friend-${randomUUID()}@example.com`;
    const key = randomUUID();
    const create = () =>
      v.request('POST', `/api/trip-planners/${trip.id}/shares`, {
        body: { expiresInDays: 7, hidePrices: false, email: address, message: 'See you there' },
        headers: { 'idempotency-key': key },
      });
    const [first, second] = await Promise.all([create(), create()]);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    const share = tripShareSchema.parse(await first.json());
    expect(tripShareSchema.parse(await second.json())).toEqual(share);
    // The replay keeps the first answer's cache-control: the link is shown once, never cached.
    expect(second.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
    const third = await create();
    expect(third.headers.get('idempotent-replayed')).toBe('true');
    expect(tripShareSchema.parse(await third.json()).shareUrl).toBe(share.shareUrl);

    const list = tripShareListSchema.parse(
      await (await v.request('GET', `/api/trip-planners/${trip.id}/shares`)).json(),
    );
    expect(list).toHaveLength(1);
    await smtp.mailFor(address);
    expect(smtp.received.filter((m) => m.to.includes(address))).toHaveLength(1);
  });

  it('keeps no link address or key readable in the database', async () => {
    const v = createVisitor(server.url);
    const trip = await createTrip(v);
    const key = randomUUID();
    const response = await v.request('POST', `/api/trip-planners/${trip.id}/shares`, {
      body: { expiresInDays: 7, hidePrices: false },
      headers: { 'idempotency-key': key },
    });
    const share = tripShareSchema.parse(await response.json());
    const rows = await server.database.db.selectFrom('idempotencyKeys').selectAll().execute();
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(share.shareUrl.split('/').pop());
    expect(stored).not.toContain(share.id);
  });
});

describe('the OpenAPI document', () => {
  it('says which routes honour a key, with their 409 and 422', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { description?: string; responses: object }>>;
    };
    for (const [pathname, method] of [
      ['/api/bookings', 'post'],
      ['/api/trip-planners/{id}/shares', 'post'],
      ['/api/media/share', 'post'],
      ['/api/media/create-movie', 'post'],
    ] as const) {
      const operation = doc.paths[pathname]![method]!;
      expect(operation.description, pathname).toContain('Idempotency-Key');
      expect(Object.keys(operation.responses), pathname).toEqual(
        expect.arrayContaining(['409', '422']),
      );
    }
    expect(doc.paths['/api/search']!.post!.description ?? '').not.toContain('Idempotency-Key');
  });
});

describe('the idempotency store', () => {
  const entry = (visitorHash: string) => ({
    id: randomUUID(),
    visitorHash,
    fingerprint: 'f',
  });

  it("keeps a visitor's newest keys only, past its cap", async () => {
    const store = createIdempotencyStore(server.database.db, {
      ttlMs: 60_000,
      abandonedAfterMs: 60_000,
      maxPerVisitor: 2,
    });
    const visitorHash = randomUUID();
    const entries = [entry(visitorHash), entry(visitorHash), entry(visitorHash)];
    const start = Date.now();
    for (const [index, e] of entries.entries()) {
      expect((await store.begin(e, new Date(start + index))).kind).toBe('started');
    }
    const kept = await server.database.db
      .selectFrom('idempotencyKeys')
      .select('id')
      .where('visitorHash', '=', visitorHash)
      .execute();
    expect(kept.map((r) => r.id).sort()).toEqual([entries[1]!.id, entries[2]!.id].sort());
  });

  it('forgets a key after its time, and lets another request take over a lost one', async () => {
    const store = createIdempotencyStore(server.database.db, {
      ttlMs: 60_000,
      abandonedAfterMs: 5_000,
      maxPerVisitor: 10,
    });
    const e = entry(randomUUID());
    const start = new Date();
    expect((await store.begin(e, start)).kind).toBe('started');
    expect((await store.begin(e, new Date(start.getTime() + 1_000))).kind).toBe('running');
    // Running for longer than a request can: its process died; one repeat takes it over.
    expect((await store.begin(e, new Date(start.getTime() + 6_000))).kind).toBe('started');
    expect((await store.begin(e, new Date(start.getTime() + 6_500))).kind).toBe('running');
    await store.finish(e.id, 201, 'answer');
    expect(await store.begin(e, new Date(start.getTime() + 7_000))).toEqual({
      kind: 'done',
      statusCode: 201,
      response: 'answer',
    });
    expect(
      (await store.begin({ ...e, fingerprint: 'g' }, new Date(start.getTime() + 7_000))).kind,
    ).toBe('mismatch');
    // A day later (here, a minute) the key is new again.
    expect((await store.begin(e, new Date(start.getTime() + 61_000))).kind).toBe('started');
  });
});
