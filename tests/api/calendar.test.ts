import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calendarSubscriptionSchema,
  type PlannerItem,
  type Trip,
} from '../../contracts/planner.js';
import { loggableUrl } from '../../server/app.js';
import {
  buildTripCalendar,
  calendarFileDisposition,
} from '../../server/features/planner/calendar.js';
import { createPlannerItem, createTrip } from '../factories/planner.js';
import { createVisitor, startTestServer, type TestServer } from '../helpers/server.js';

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  start: string;
  end: string;
  allDay: boolean;
}

// RFC 5545 §3.8.8.2: a non-standard property is TEXT unless it says otherwise; ical.js only knows
// that for the properties it was told about.
ICAL.design.icalendar.property['x-wr-calname'] = { defaultType: 'text' };

/** The calendar as an iCalendar parser reads it back. */
function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((vevent): ParsedEvent => {
    const start = vevent.getFirstProperty('dtstart')!;
    const end = vevent.getFirstProperty('dtend')!;
    return {
      uid: String(vevent.getFirstPropertyValue('uid')),
      summary: String(vevent.getFirstPropertyValue('summary')),
      description: String(vevent.getFirstPropertyValue('description') ?? ''),
      start: String(start.getFirstValue()),
      end: String(end.getFirstValue()),
      allDay: start.type === 'date' && end.type === 'date',
    };
  });
  return {
    name: String(calendar.getFirstPropertyValue('x-wr-calname')),
    version: String(calendar.getFirstPropertyValue('version')),
    events,
  };
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ APP_URL: 'https://journeys.example' });
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/trip-planners/:id/calendar.ics', () => {
  it('exports the trip and one event per item, with all-day items as dates and slots as hours', async () => {
    const visitor = createVisitor(server.url);
    const trip = await createTrip(visitor);
    const morning = await createPlannerItem(visitor, trip.id, {
      itemType: 'flight',
      itemName: 'TAP 1234 to Lisbon',
      itemDescription: 'Wheelchair assistance requested',
      scheduledTime: 'morning',
      price: '350.00',
    });
    const afternoon = await createPlannerItem(visitor, trip.id, {
      itemType: 'car',
      itemName: 'Car rental',
      scheduledTime: 'afternoon',
      price: '75',
    });
    const evening = await createPlannerItem(visitor, trip.id, {
      itemType: 'activity',
      itemName: 'Fado night',
      scheduledTime: 'evening',
      price: '50.00',
    });
    const night = await createPlannerItem(visitor, trip.id, {
      itemType: 'flight',
      itemName: 'Red-eye home',
      scheduledDate: '2027-04-12',
      scheduledTime: 'night',
    });
    const allDay = await createPlannerItem(visitor, trip.id, {
      itemType: 'hotel',
      itemName: 'Hotel stay',
      scheduledTime: 'allday',
      price: '120.00',
    });
    const noSlot = await createPlannerItem(visitor, trip.id, {
      itemName: 'Museum day',
      scheduledDate: '2027-04-10',
      scheduledTime: '',
    });
    const booked = await visitor.request('PATCH', `/api/planner-items/${allDay.id}`, {
      body: { isBooked: true },
    });
    expect(booked.status).toBe(200);

    const response = await visitor.request('GET', `/api/trip-planners/${trip.id}/calendar.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Lisbon in spring.ics"; filename*=UTF-8''Lisbon%20in%20spring.ics`,
    );
    const text = await response.text();
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    for (const line of text.split('\r\n')) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    }

    const calendar = parseCalendar(text);
    expect(calendar.version).toBe('2.0');
    expect(calendar.name).toBe('Lisbon in spring');
    expect(calendar.events).toHaveLength(7);
    const byUid = new Map(calendar.events.map((event) => [event.uid, event]));
    const eventOf = (id: string) => byUid.get(`${id}@accessible-journeys`)!;

    expect(eventOf(trip.id)).toMatchObject({
      summary: 'Lisbon in spring',
      start: '2027-04-10',
      end: '2027-04-13',
      allDay: true,
    });
    expect(eventOf(morning.id)).toEqual({
      uid: `${morning.id}@accessible-journeys`,
      summary: 'Flight: TAP 1234 to Lisbon',
      description: 'Wheelchair assistance requested\nPrice: $350.00\nBooked: not yet',
      start: '2027-04-11T06:00:00',
      end: '2027-04-11T12:00:00',
      allDay: false,
    });
    expect(eventOf(afternoon.id)).toMatchObject({
      summary: 'Car: Car rental',
      description: 'Price: $75.00\nBooked: not yet',
      start: '2027-04-11T12:00:00',
      end: '2027-04-11T18:00:00',
    });
    expect(eventOf(evening.id)).toMatchObject({
      summary: 'Activity: Fado night',
      start: '2027-04-11T18:00:00',
      end: '2027-04-12T00:00:00',
      allDay: false,
    });
    expect(eventOf(night.id)).toMatchObject({
      summary: 'Flight: Red-eye home',
      start: '2027-04-12T00:00:00',
      end: '2027-04-12T06:00:00',
    });
    expect(eventOf(allDay.id)).toMatchObject({
      summary: 'Hotel: Hotel stay',
      description: 'Price: $120.00\nBooked: yes',
      start: '2027-04-11',
      end: '2027-04-12',
      allDay: true,
    });
    expect(eventOf(noSlot.id)).toMatchObject({
      summary: 'Activity: Museum day',
      start: '2027-04-10',
      end: '2027-04-11',
      allDay: true,
    });
    // Floating local times: no Z, no TZID.
    expect(text).toContain('DTSTART:20270411T060000\r\n');
    expect(text).toContain('DTSTART;VALUE=DATE:20270411\r\n');
    expect(text).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);
  });

  it('leaves out the trip event when its dates are not both set, and answers an empty trip', async () => {
    const visitor = createVisitor(server.url);
    const trip = await createTrip(visitor, { startDate: null, endDate: null });
    const response = await visitor.request('GET', `/api/trip-planners/${trip.id}/calendar.ics`);
    expect(response.status).toBe(200);
    expect(parseCalendar(await response.text()).events).toEqual([]);
  });

  it('is 404 for another visitor, an unknown id and a malformed id', async () => {
    const owner = createVisitor(server.url);
    const stranger = createVisitor(server.url);
    const trip = await createTrip(owner);
    for (const id of [trip.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await stranger.request('GET', `/api/trip-planners/${id}/calendar.ics`);
      expect(response.status).toBe(404);
    }
  });

  it('escapes and folds text so that it parses back exactly', async () => {
    const visitor = createVisitor(server.url);
    const title = 'Café, tapas; and "more"\nweekend';
    const trip = await createTrip(visitor, { title: title.replace('\n', ' ') });
    const name = 'Dinner, drinks; and a \\ backslash\nsecond line';
    const description = `${'A long, winding; description with ünïcödé and emoji 🚆. '.repeat(12)}\nEnd.`;
    const item = await createPlannerItem(visitor, trip.id, {
      itemName: name,
      itemDescription: description,
      scheduledTime: 'evening',
    });
    const response = await visitor.request('GET', `/api/trip-planners/${trip.id}/calendar.ics`);
    const text = await response.text();
    for (const line of text.split('\r\n')) {
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    }
    const calendar = parseCalendar(text);
    expect(calendar.name).toBe(trip.title);
    const event = calendar.events.find((e) => e.uid === `${item.id}@accessible-journeys`)!;
    expect(event.summary).toBe(`Activity: ${item.itemName}`);
    expect(item.itemName).toBe(name);
    expect(event.description).toBe(`${description.trim()}\nPrice: $12.50\nBooked: not yet`);
    expect(response.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent(`${trip.title}.ics`).replace(/'/g, '%27')}`,
    );
  });
});

describe('calendar subscriptions', () => {
  const feedPath = (url: string) => new URL(url).pathname;

  it('gives a private address that works without a cookie and follows the trip', async () => {
    const visitor = createVisitor(server.url);
    const trip = await createTrip(visitor);
    await createPlannerItem(visitor, trip.id, { itemName: 'First' });

    const response = await visitor.request(
      'POST',
      `/api/trip-planners/${trip.id}/calendar-subscription`,
    );
    expect(response.status).toBe(201);
    const subscription = calendarSubscriptionSchema.parse(await response.json());
    expect(subscription.url).toMatch(
      /^https:\/\/journeys\.example\/api\/calendar\/[\w-]{43}\.ics$/,
    );
    expect(subscription.webcalUrl).toBe(subscription.url.replace(/^https:/, 'webcal:'));

    const anonymous = createVisitor(server.url);
    const first = await anonymous.request('GET', feedPath(subscription.url));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('x-robots-tag')).toContain('noindex');
    const firstText = await first.text();
    expect(firstText).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n');
    const before = parseCalendar(firstText);
    expect(before.events.map((e) => e.summary).sort()).toEqual([
      'Activity: First',
      'Lisbon in spring',
    ]);

    // Asked again unchanged, a second later: the same file, kept (its DTSTAMPs are when it was
    // written, to the second).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await anonymous.request('GET', feedPath(subscription.url));
    expect(await again.text()).toBe(firstText);
    // Sent gzipped to a client that accepts it (fetch does, and unpacks it), as it is to one that
    // does not.
    expect(again.headers.get('content-encoding')).toBe('gzip');
    expect(again.headers.get('vary')).toContain('accept-encoding');
    const plain = await anonymous.request('GET', feedPath(subscription.url), {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(firstText);

    await createPlannerItem(visitor, trip.id, { itemType: 'hotel', itemName: 'Second' });
    const second = await anonymous.request('GET', feedPath(subscription.url));
    const after = parseCalendar(await second.text());
    expect(after.events.map((e) => e.summary).sort()).toEqual([
      'Activity: First',
      'Hotel: Second',
      'Lisbon in spring',
    ]);

    // A change to the trip itself is in the next file too, downloaded or followed.
    const renamed = await visitor.request('PATCH', `/api/trip-planners/${trip.id}`, {
      body: { title: 'Lisbon in autumn' },
    });
    expect(renamed.status).toBe(200);
    for (const response of [
      await anonymous.request('GET', feedPath(subscription.url)),
      await visitor.request('GET', `/api/trip-planners/${trip.id}/calendar.ics`),
    ]) {
      const { events } = parseCalendar(await response.text());
      expect(events.map((e) => e.summary)).toContain('Lisbon in autumn');
    }
  });

  it('resets: a second address revokes the first; DELETE revokes the open one', async () => {
    const visitor = createVisitor(server.url);
    const trip = await createTrip(visitor);
    const path = `/api/trip-planners/${trip.id}/calendar-subscription`;
    const first = calendarSubscriptionSchema.parse(
      await (await visitor.request('POST', path)).json(),
    );
    const second = calendarSubscriptionSchema.parse(
      await (await visitor.request('POST', path)).json(),
    );
    expect(second.url).not.toBe(first.url);
    const anonymous = createVisitor(server.url);
    expect((await anonymous.request('GET', feedPath(first.url))).status).toBe(404);
    expect((await anonymous.request('GET', feedPath(second.url))).status).toBe(200);

    expect((await visitor.request('DELETE', path)).status).toBe(204);
    expect((await anonymous.request('GET', feedPath(second.url))).status).toBe(404);
    // Nothing open any more: still fine.
    expect((await visitor.request('DELETE', path)).status).toBe(204);
  });

  it("is 404 for another visitor's trip, and unknown tokens are 404", async () => {
    const owner = createVisitor(server.url);
    const stranger = createVisitor(server.url);
    const trip = await createTrip(owner);
    const path = `/api/trip-planners/${trip.id}/calendar-subscription`;
    const mine = calendarSubscriptionSchema.parse(await (await owner.request('POST', path)).json());
    expect((await stranger.request('POST', path)).status).toBe(404);
    expect((await stranger.request('DELETE', path)).status).toBe(404);
    expect((await stranger.request('GET', feedPath(mine.url))).status).toBe(200);
    for (const token of ['x'.repeat(43), 'short', '..%2F..']) {
      const response = await stranger.request('GET', `/api/calendar/${token}.ics`);
      expect(response.status).toBe(404);
    }
  });

  it('ends with the trip', async () => {
    const visitor = createVisitor(server.url);
    const trip = await createTrip(visitor);
    const subscription = calendarSubscriptionSchema.parse(
      await (
        await visitor.request('POST', `/api/trip-planners/${trip.id}/calendar-subscription`)
      ).json(),
    );
    expect((await visitor.request('DELETE', `/api/trip-planners/${trip.id}`)).status).toBe(204);
    expect(
      (await createVisitor(server.url).request('GET', feedPath(subscription.url))).status,
    ).toBe(404);
    const rows = await server.database.db
      .selectFrom('calendarSubscriptions')
      .select('id')
      .where('plannerId', '=', trip.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('the calendar builder', () => {
  const trip: Trip = {
    id: 'trip-1',
    title: 'Trip',
    destination: 'Porto',
    startDate: '2027-04-10',
    endDate: null,
    status: 'planning',
    createdAt: '2027-01-01T00:00:00.000Z',
    version: 1,
  };
  const item: PlannerItem = {
    id: 'item-1',
    plannerId: 'trip-1',
    itemType: 'car',
    itemName: 'Car',
    itemDescription: null,
    scheduledDate: '2027-12-31',
    scheduledTime: 'evening',
    price: '0.00',
    isBooked: false,
    priority: 0,
    createdAt: '2027-01-01T00:00:00.000Z',
    version: 1,
  };

  it('skips undated items and ends an evening on New Year’s Eve at the next year’s midnight', () => {
    const text = buildTripCalendar(trip, [item, { ...item, id: 'undated', scheduledDate: '' }], {
      now: new Date('2027-01-02T03:04:05Z'),
    });
    const { events } = parseCalendar(text);
    expect(events.map((e) => [e.uid, e.start, e.end])).toEqual([
      ['item-1@accessible-journeys', '2027-12-31T18:00:00', '2028-01-01T00:00:00'],
    ]);
    expect(text).toContain('DTSTAMP:20270102T030405Z');
  });

  it('writes a safe file name and the exact one for RFC 5987 clients', () => {
    expect(calendarFileDisposition('Ōsaka / "Kyoto"')).toBe(
      `attachment; filename="Osaka_Kyoto.ics"; filename*=UTF-8''%C5%8Csaka%20%2F%20%22Kyoto%22.ics`,
    );
    expect(calendarFileDisposition('???')).toContain('filename="trip.ics"');
  });

  it('masks calendar tokens in logs', () => {
    expect(loggableUrl('/api/calendar/abcDEF_123-xyz.ics?x=1')).toBe('/api/calendar/***');
    expect(loggableUrl('/api/shared/abc/files/1/content')).toBe('/api/shared/***/files/1/content');
  });
});
