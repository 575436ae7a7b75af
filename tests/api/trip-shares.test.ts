import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  sharedTripSchema,
  tripShareListSchema,
  tripShareSchema,
  type Trip,
  type TripShare,
} from '../../contracts/planner.js';
import { SENDER_NAME_MAX } from '../../contracts/sender.js';
import { loggableUrl } from '../../server/app.js';
import { tripShareMail } from '../../server/features/planner/share-service.js';
import { createPlannerItem, createTrip } from '../factories/planner.js';
import {
  createVisitor,
  startTestServer,
  type TestServer,
  type Visitor,
} from '../helpers/server.js';
import { decoded, startSmtpReceiver } from '../helpers/smtp.js';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({ SMTP_URL: smtp.url, APP_URL: 'http://journeys.test' });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const visitor = () => createVisitor(server.url);
/** A visitor with no cookie at all, as someone opening a link is. */
const publicGet = (path: string) => fetch(new URL(path, server.url));
const tokenOf = (share: TripShare) => share.shareUrl.split('/').pop()!;

async function share(v: Visitor, tripId: string, body: Record<string, unknown> = {}) {
  const response = await v.request('POST', `/api/trip-planners/${tripId}/shares`, { body });
  expect(response.status).toBe(201);
  return tripShareSchema.parse(await response.json());
}

async function tripWithItems(v: Visitor): Promise<Trip> {
  const trip = await createTrip(v);
  await createPlannerItem(v, trip.id, {
    itemName: 'Hotel stay',
    itemType: 'hotel',
    scheduledTime: '',
  });
  await createPlannerItem(v, trip.id, {
    itemName: 'Fado night',
    scheduledTime: 'evening',
    price: '50',
  });
  await createPlannerItem(v, trip.id, { itemName: 'Tram 28', scheduledTime: 'morning' });
  await createPlannerItem(v, trip.id, {
    itemName: 'TAP 1234 to Lisbon',
    itemType: 'flight',
    scheduledDate: '2027-04-10',
    scheduledTime: 'afternoon',
    price: '350.00',
  });
  return trip;
}

describe('itinerary links', () => {
  it('creates, lists and revokes a link whose public page needs no cookie', async () => {
    const owner = visitor();
    const trip = await tripWithItems(owner);
    const created = await share(owner, trip.id);
    expect(created.shareUrl).toMatch(/^http:\/\/journeys\.test\/shared-trip\/[\w-]{43}$/);
    expect(created.hidePrices).toBe(false);
    expect(created.email).toBeNull();
    expect(created.revokedAt).toBeNull();
    // Seven days by default.
    expect(Date.parse(created.expiresAt!) - Date.parse(created.createdAt)).toBe(7 * 86_400_000);

    const page = await publicGet(`/api/shared-trips/${tokenOf(created)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const body = (await page.json()) as Record<string, unknown>;
    const shared = sharedTripSchema.parse(body);
    expect(shared.trip).toEqual({
      title: 'Lisbon in spring',
      destination: 'Lisbon, Portugal',
      startDate: '2027-04-10',
      endDate: '2027-04-12',
      status: 'planning',
    });
    expect(
      shared.items.map((i) => [i.scheduledDate, i.scheduledTime, i.itemName, i.price]),
    ).toEqual([
      ['2027-04-10', 'afternoon', 'TAP 1234 to Lisbon', '350.00'],
      ['2027-04-11', 'morning', 'Tram 28', '12.50'],
      ['2027-04-11', 'evening', 'Fado night', '50.00'],
      ['2027-04-11', '', 'Hotel stay', '12.50'],
    ]);
    expect(shared.items[0]!.isBooked).toBe(false);
    // No ids of the owner's records.
    const text = JSON.stringify(body);
    expect(text).not.toContain(trip.id);
    expect(text).not.toMatch(/"(id|plannerId|visitorId)"/);

    const forever = await share(owner, trip.id, { expiresInDays: null });
    expect(forever.expiresAt).toBeNull();

    const list = await owner.request('GET', `/api/trip-planners/${trip.id}/shares`);
    expect(list.status).toBe(200);
    const listed = tripShareListSchema.parse(await list.json());
    expect(listed.map((s) => s.id).sort()).toEqual([created.id, forever.id].sort());
    expect(listed.every((s) => s.shareUrl === '')).toBe(true);

    const revoke = await owner.request(
      'DELETE',
      `/api/trip-planners/${trip.id}/shares/${created.id}`,
    );
    expect(revoke.status).toBe(204);
    const gone = await publicGet(`/api/shared-trips/${tokenOf(created)}`);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { message: string }).message).toBe(
      'This itinerary link does not exist or was revoked',
    );
    const after = tripShareListSchema.parse(
      await (await owner.request('GET', `/api/trip-planners/${trip.id}/shares`)).json(),
    );
    expect(after.find((s) => s.id === created.id)!.revokedAt).not.toBeNull();
    expect((await publicGet(`/api/shared-trips/${tokenOf(forever)}`)).status).toBe(200);
    expect((await publicGet(`/api/shared-trips/${tokenOf(forever)}x`)).status).toBe(404);
    expect((await publicGet('/api/shared-trips/short')).status).toBe(404);
  });

  it('follows every change to the trip and its items, however often the page was read', async () => {
    const owner = visitor();
    const trip = await tripWithItems(owner);
    const token = tokenOf(await share(owner, trip.id));
    const read = async () => {
      const page = await publicGet(`/api/shared-trips/${token}`);
      expect(page.status).toBe(200);
      return sharedTripSchema.parse(await page.json());
    };
    const first = await read();
    expect(await read()).toEqual(first);

    await createPlannerItem(owner, trip.id, {
      itemName: 'Sintra day trip',
      scheduledDate: '2027-04-12',
    });
    expect((await read()).items.map((item) => item.itemName)).toContain('Sintra day trip');

    const renamed = await owner.request('PATCH', `/api/trip-planners/${trip.id}`, {
      body: { title: 'Lisbon and Sintra' },
    });
    expect(renamed.status).toBe(200);
    expect((await read()).trip.title).toBe('Lisbon and Sintra');
  });

  it("answers 404 for another visitor's trip and links", async () => {
    const owner = visitor();
    const stranger = visitor();
    const trip = await createTrip(owner);
    const created = await share(owner, trip.id);
    const path = `/api/trip-planners/${trip.id}/shares`;
    expect((await stranger.request('POST', path, { body: {} })).status).toBe(404);
    expect((await stranger.request('GET', path)).status).toBe(404);
    expect((await stranger.request('DELETE', `${path}/${created.id}`)).status).toBe(404);
    expect((await owner.request('DELETE', `${path}/${crypto.randomUUID()}`)).status).toBe(404);
    expect(
      (await owner.request('POST', '/api/trip-planners/nope/shares', { body: {} })).status,
    ).toBe(404);
    expect((await publicGet(`/api/shared-trips/${tokenOf(created)}`)).status).toBe(200);
  });

  it('hides prices when asked: no price values in the JSON at all', async () => {
    const owner = visitor();
    const trip = await tripWithItems(owner);
    const created = await share(owner, trip.id, { hidePrices: true, expiresInDays: 30 });
    expect(created.hidePrices).toBe(true);
    const page = await publicGet(`/api/shared-trips/${tokenOf(created)}`);
    const text = await page.text();
    const shared = sharedTripSchema.parse(JSON.parse(text));
    expect(shared.hidePrices).toBe(true);
    expect(shared.items).toHaveLength(4);
    expect(text).not.toContain('"price"');
    // Not the amounts either (the expiry timestamp is left out: its milliseconds may read 350).
    expect(JSON.stringify({ ...shared, expiresAt: null })).not.toMatch(/350|12\.50|50\.00/);
  });

  it('e-mails the link to a real SMTP receiver', async () => {
    const owner = visitor();
    const trip = await createTrip(owner);
    const address = `friend-${crypto.randomUUID()}@example.com`;
    const created = await share(owner, trip.id, {
      email: address,
      message: 'Here is our plan <3',
      expiresInDays: 1,
    });
    expect(created.email).toBe(address);
    const [mail] = await smtp.mailFor(address);
    const body = decoded(mail!);
    expect(body).toContain(created.shareUrl);
    expect(body).toContain('Lisbon in spring');
    expect(body).toContain('Here is our plan &#60;3');
    expect((await publicGet(`/api/shared-trips/${tokenOf(created)}`)).status).toBe(200);
  });

  it('names the sharer who gives a name, escaped, and stays neutral without one', async () => {
    const owner = visitor();
    const trip = await createTrip(owner);
    const named = `friend-${crypto.randomUUID()}@example.com`;
    await share(owner, trip.id, { email: named, senderName: '  Ana <Silva>  ' });
    const body = decoded((await smtp.mailFor(named))[0]!);
    expect(body).toMatch(/^Subject: Ana <Silva> shared a trip with you: Lisbon in spring\r?$/m);
    expect(body).toContain('Ana <Silva> shared a trip with you on Accessible Journeys:');
    expect(body).toContain('Ana &#60;Silva&#62; shared a trip with you on Accessible Journeys:');
    expect(body).not.toContain('Someone');

    const unnamed = `friend-${crypto.randomUUID()}@example.com`;
    await share(owner, trip.id, { email: unnamed, senderName: '   ' });
    const plain = decoded((await smtp.mailFor(unnamed))[0]!);
    expect(plain).toMatch(/^Subject: A trip itinerary shared with you: Lisbon in spring\r?$/m);
    expect(plain).toContain('Someone shared a trip with you on Accessible Journeys:');
  });

  it('refuses a sender name on several lines or too long, and sends nothing', async () => {
    const owner = visitor();
    const trip = await createTrip(owner);
    const address = `friend-${crypto.randomUUID()}@example.com`;
    const path = `/api/trip-planners/${trip.id}/shares`;
    for (const senderName of [
      'Ana\r\nBcc: victim@example.com',
      'Ana\u0007',
      'Ana \u202Enuj',
      'A'.repeat(81),
      7,
    ]) {
      const response = await owner.request('POST', path, { body: { email: address, senderName } });
      expect(response.status, JSON.stringify(senderName)).toBe(400);
      const error = (await response.json()) as { errors?: { path: string }[] };
      expect(error.errors?.map((e) => e.path)).toContain('senderName');
    }
    expect(smtp.received.filter((m) => m.to.includes(address))).toHaveLength(0);
  });

  it('describes the sender name in the OpenAPI document of both share routes', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, { post?: { requestBody?: { content: Record<string, unknown> } } }>;
    };
    for (const path of ['/api/trip-planners/{id}/shares', '/api/media/share']) {
      const body = doc.paths[path]?.post?.requestBody?.content['application/json'] as {
        schema: { properties: Record<string, { type?: string; maxLength?: number }> };
      };
      expect(body.schema.properties.senderName, path).toMatchObject({
        type: 'string',
        maxLength: SENDER_NAME_MAX,
      });
    }
  });

  it('says where to get help instead of inviting a reply', async () => {
    const owner = visitor();
    const trip = await createTrip(owner);
    const address = `friend-${crypto.randomUUID()}@example.com`;
    await share(owner, trip.id, { email: address });
    const body = decoded((await smtp.mailFor(address))[0]!);
    expect(body).toContain('Please do not reply to this message.');
    expect(body).toContain('http://journeys.test/contact');
  });

  it('turns a link that has expired into a 410', async () => {
    const owner = visitor();
    const trip = await createTrip(owner);
    const day = await share(owner, trip.id, { expiresInDays: 1 });
    const forever = await share(owner, trip.id, { expiresInDays: null });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 24 * 60 * 60 * 1000 });
    const expired = await publicGet(`/api/shared-trips/${tokenOf(day)}`);
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { message: string }).message).toBe(
      'This itinerary link has expired',
    );
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3650 * 24 * 60 * 60 * 1000 });
    expect((await publicGet(`/api/shared-trips/${tokenOf(forever)}`)).status).toBe(200);
  });

  it('rejects bad bodies with the field named', async () => {
    const owner = visitor();
    const trip = await createTrip(owner);
    const path = `/api/trip-planners/${trip.id}/shares`;
    for (const [body, field] of [
      [{ expiresInDays: 2 }, 'expiresInDays'],
      [{ email: 'nope' }, 'email'],
      [{ hidePrices: 'yes' }, 'hidePrices'],
      [{ email: 'a@example.com', message: 'x'.repeat(501) }, 'message'],
    ] as const) {
      const response = await owner.request('POST', path, { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = (await response.json()) as { errors?: { path: string }[] };
      expect(error.errors?.map((e) => e.path)).toContain(field);
    }
    const listed = tripShareListSchema.parse(await (await owner.request('GET', path)).json());
    expect(listed).toEqual([]);
  });

  it('closes the link when the trip is deleted', async () => {
    const owner = visitor();
    const trip = await tripWithItems(owner);
    const created = await share(owner, trip.id);
    expect((await owner.request('DELETE', `/api/trip-planners/${trip.id}`)).status).toBe(204);
    expect((await publicGet(`/api/shared-trips/${tokenOf(created)}`)).status).toBe(404);
  });

  it('keeps itinerary tokens out of logs', () => {
    expect(loggableUrl('/api/shared-trips/abcDEF_123')).toBe('/api/shared-trips/***');
    expect(loggableUrl('/shared-trip/abcDEF_123?x=1')).toBe('/shared-trip/***');
    expect(loggableUrl('/api/shared/abc/files/1/content')).toBe('/api/shared/***/files/1/content');
  });

  it('writes a mail without an expiry when the link has none', () => {
    const mail = tripShareMail({
      link: 'http://journeys.test/shared-trip/t',
      trip: { title: 'A & B', destination: 'Rome', startDate: '2027-03-02', endDate: null },
      expiresAt: null,
      contactUrl: 'http://journeys.test/contact',
    });
    expect(mail.text).toContain('until the trip owner turns it off');
    expect(mail.text).toContain('A & B (Rome, from 2 March 2027)');
    expect(mail.html).toContain('A &#38; B');
  });
});
