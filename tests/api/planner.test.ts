import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  QUICK_ADD,
  plannerItemListSchema,
  plannerItemSchema,
  tripListSchema,
  tripSchema,
  type CreatePlannerItemInput,
  type PlannerItem,
  type Trip,
} from '../../contracts/planner.js';
import { AppError } from '../../server/errors.js';
import { createPlannerRepository } from '../../server/features/planner/repository.js';
import { createPlannerService } from '../../server/features/planner/service.js';
import {
  buildPlannerItem,
  buildTrip,
  createPlannerItem,
  createTrip,
  plannerRowCounts,
} from '../factories/planner.js';
import {
  createVisitor,
  startTestServer,
  type TestServer,
  type Visitor,
} from '../helpers/server.js';

async function listItems(visitor: Visitor, query: string) {
  const response = await visitor.request('GET', `/api/planner-items?${query}`);
  expect(response.status).toBe(200);
  return plannerItemListSchema.parse(await response.json());
}

async function errorPaths(response: Response) {
  const body = (await response.json()) as { message: string; errors?: { path: string }[] };
  expect(body.message).toEqual(expect.any(String));
  return (body.errors ?? []).map((e) => e.path);
}

describe('the trip planner API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const rowCounts = () => plannerRowCounts(server);

  describe('trips', () => {
    it('creates a trip in planning whatever status the client sends, trimmed, and lists it', async () => {
      const visitor = createVisitor(server.url);
      const empty = await visitor.request('GET', '/api/trip-planners');
      expect(empty.status).toBe(200);
      expect(await empty.json()).toEqual([]);

      const response = await visitor.request('POST', '/api/trip-planners', {
        body: buildTrip({
          title: '  Lisbon in spring ',
          destination: ' Lisbon ',
          status: 'completed',
        }),
      });
      expect(response.status).toBe(201);
      const trip = tripSchema.parse(await response.json());
      expect(trip).toEqual({
        id: expect.any(String),
        title: 'Lisbon in spring',
        destination: 'Lisbon',
        startDate: '2027-04-10',
        endDate: '2027-04-12',
        status: 'planning',
        createdAt: expect.any(String),
        version: 1,
      });
      expect(new Date(trip.createdAt).toISOString()).toBe(trip.createdAt);

      const again = await visitor.request('GET', `/api/trip-planners/${trip.id}`);
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual(trip);
    });

    it('keeps the dates optional: absent, null or empty means none', async () => {
      const visitor = createVisitor(server.url);
      for (const dates of [
        { startDate: undefined, endDate: undefined },
        { startDate: null, endDate: null },
        { startDate: '', endDate: '' },
      ]) {
        const trip = await createTrip(visitor, dates);
        expect(trip, JSON.stringify(dates)).toMatchObject({ startDate: null, endDate: null });
      }
      const onlyEnd = await createTrip(visitor, { startDate: undefined, endDate: '2027-01-02' });
      expect(onlyEnd).toMatchObject({ startDate: null, endDate: '2027-01-02' });
      const oneDay = await createTrip(visitor, { startDate: '2027-01-02', endDate: '2027-01-02' });
      expect(oneDay).toMatchObject({ startDate: '2027-01-02', endDate: '2027-01-02' });
    });

    it('lists only the visitor’s own trips, newest first', async () => {
      const visitor = createVisitor(server.url);
      const first = await createTrip(visitor, { title: 'First' });
      const second = await createTrip(visitor, { title: 'Second' });
      const stranger = createVisitor(server.url);
      await createTrip(stranger, { title: 'Not yours' });

      const response = await visitor.request('GET', '/api/trip-planners');
      const trips = tripListSchema.parse(await response.json());
      expect(trips.map((t) => t.id)).toEqual([second.id, first.id]);
    });

    it.each([
      ['no title', { title: undefined }, 'title', 'Trip title is required'],
      ['a blank title', { title: '   ' }, 'title', 'Trip title is required'],
      ['no destination', { destination: undefined }, 'destination', 'Destination is required'],
      ['a blank destination', { destination: '' }, 'destination', 'Destination is required'],
      ['a title that is not text', { title: 42 as unknown as string }, 'title', undefined],
      ['a start date not written YYYY-MM-DD', { startDate: '10/04/2027' }, 'startDate', undefined],
      ['an end date that is no real day', { endDate: '2027-02-30' }, 'endDate', undefined],
      [
        'an end date before the start date',
        { startDate: '2027-04-10', endDate: '2027-04-09' },
        'endDate',
        'End date must not be before the start date',
      ],
    ])(
      'refuses a trip with %s: 400 naming the field, nothing written',
      async (_, overrides, path, message) => {
        const visitor = createVisitor(server.url);
        const before = await rowCounts();
        const response = await visitor.request('POST', '/api/trip-planners', {
          body: buildTrip(overrides),
        });
        expect(response.status).toBe(400);
        const body = (await response.json()) as { errors: { path: string; message: string }[] };
        const error = body.errors.find((e) => e.path === path);
        expect(error, JSON.stringify(body)).toBeDefined();
        if (message) expect(error!.message).toBe(message);
        expect(await rowCounts()).toEqual(before);
      },
    );

    it('changes title, destination, dates and status with PATCH', async () => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const patch = async (body: unknown) => {
        const response = await visitor.request('PATCH', `/api/trip-planners/${trip.id}`, { body });
        expect(response.status).toBe(200);
        return tripSchema.parse(await response.json());
      };

      expect(await patch({ title: ' Lisbon and Porto ', destination: 'Portugal' })).toEqual({
        ...trip,
        title: 'Lisbon and Porto',
        destination: 'Portugal',
        version: trip.version + 1,
      });
      expect((await patch({ status: 'active' })).status).toBe('active');
      expect((await patch({ status: 'completed' })).status).toBe('completed');
      expect((await patch({ status: 'planning' })).status).toBe('planning');
      expect(await patch({ endDate: '2027-05-01' })).toMatchObject({
        startDate: '2027-04-10',
        endDate: '2027-05-01',
      });
      expect(await patch({ startDate: null, endDate: '' })).toMatchObject({
        startDate: null,
        endDate: null,
      });
      // An empty change answers the trip as it is.
      const unchanged = await patch({});
      expect(unchanged).toMatchObject({ title: 'Lisbon and Porto', startDate: null });

      const stored = await visitor.request('GET', `/api/trip-planners/${trip.id}`);
      expect(await stored.json()).toEqual(unchanged);
    });

    it.each([
      ['an unknown status', { status: 'cancelled' }, 'status'],
      ['a blank title', { title: ' ' }, 'title'],
      ['a date that is no real day', { startDate: '2027-13-01' }, 'startDate'],
      ['an end date before the stored start date', { endDate: '2027-04-01' }, 'endDate'],
      ['a start date after the stored end date', { startDate: '2027-04-21' }, 'endDate'],
      [
        'an end date before the new start date',
        { startDate: '2027-04-15', endDate: '2027-04-14' },
        'endDate',
      ],
    ])('refuses a PATCH with %s: 400 naming the field, trip unchanged', async (_, body, path) => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const response = await visitor.request('PATCH', `/api/trip-planners/${trip.id}`, { body });
      expect(response.status).toBe(400);
      expect(await errorPaths(response)).toContain(path);
      const stored = await visitor.request('GET', `/api/trip-planners/${trip.id}`);
      expect(await stored.json()).toEqual(trip);
    });

    it('deletes a trip together with its items (204), then it is gone', async () => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const kept = await createTrip(visitor, { title: 'Kept' });
      await createPlannerItem(visitor, trip.id);
      await createPlannerItem(visitor, trip.id, { itemType: 'hotel' });
      const keptItem = await createPlannerItem(visitor, kept.id);

      const response = await visitor.request('DELETE', `/api/trip-planners/${trip.id}`);
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');

      const orphans = await server.database.db
        .selectFrom('plannerItems')
        .select('id')
        .where('plannerId', '=', trip.id)
        .execute();
      expect(orphans).toEqual([]);
      expect((await visitor.request('GET', `/api/trip-planners/${trip.id}`)).status).toBe(404);
      expect((await visitor.request('GET', `/api/planner-items?plannerId=${trip.id}`)).status).toBe(
        404,
      );
      expect((await visitor.request('DELETE', `/api/trip-planners/${trip.id}`)).status).toBe(404);
      // The visitor's other trip and its items are untouched.
      expect(await listItems(visitor, `plannerId=${kept.id}`)).toEqual([keptItem]);
    });

    it("gives another visitor's trip, an unknown id and a malformed id a 404, and changes nothing", async () => {
      const owner = createVisitor(server.url);
      const trip = await createTrip(owner);
      const item = await createPlannerItem(owner, trip.id);
      const stranger = createVisitor(server.url);
      for (const id of [trip.id, crypto.randomUUID(), 'not-an-id', '1%27%20OR%201=1']) {
        expect((await stranger.request('GET', `/api/trip-planners/${id}`)).status, id).toBe(404);
        const patch = await stranger.request('PATCH', `/api/trip-planners/${id}`, {
          body: { title: 'Mine now' },
        });
        expect(patch.status, id).toBe(404);
        expect(await patch.json()).toEqual({ message: 'Trip not found' });
        expect((await stranger.request('DELETE', `/api/trip-planners/${id}`)).status, id).toBe(404);
      }
      expect(await (await owner.request('GET', `/api/trip-planners/${trip.id}`)).json()).toEqual(
        trip,
      );
      expect(await listItems(owner, `plannerId=${trip.id}`)).toEqual([item]);
    });

    it('refuses a trip from a foreign origin', async () => {
      const visitor = createVisitor(server.url);
      const response = await visitor.request('POST', '/api/trip-planners', {
        body: buildTrip(),
        headers: { origin: 'https://evil.example' },
      });
      expect(response.status).toBe(403);
    });
  });

  describe('planner items', () => {
    it('adds an item that is never booked, with the price as a two-decimal string', async () => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const response = await visitor.request('POST', '/api/planner-items', {
        body: buildPlannerItem(trip.id, {
          isBooked: true,
          price: 12.5,
          itemName: '  Tram 28 ',
          itemDescription: 'Low-floor tram from Martim Moniz',
        }),
      });
      expect(response.status).toBe(201);
      const item = plannerItemSchema.parse(await response.json());
      expect(item).toEqual({
        id: expect.any(String),
        plannerId: trip.id,
        itemType: 'activity',
        itemName: 'Tram 28',
        itemDescription: 'Low-floor tram from Martim Moniz',
        scheduledDate: '2027-04-11',
        scheduledTime: 'morning',
        price: '12.50',
        isBooked: false,
        priority: 0,
        createdAt: expect.any(String),
        version: 1,
      });
      expect(await listItems(visitor, `plannerId=${trip.id}`)).toEqual([item]);
    });

    it('fills the defaults: no time slot, no description, price 0.00, priority 0', async () => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const response = await visitor.request('POST', '/api/planner-items', {
        body: {
          plannerId: trip.id,
          itemType: 'flight',
          itemName: 'Flight to Lisbon',
          scheduledDate: '2027-04-10',
        },
      });
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({
        scheduledTime: '',
        itemDescription: null,
        price: '0.00',
        priority: 0,
        isBooked: false,
      });
      const quick = await createPlannerItem(visitor, trip.id, {
        itemType: 'hotel',
        itemName: QUICK_ADD.hotel.itemName,
        price: QUICK_ADD.hotel.price,
        scheduledTime: 'allday',
      });
      expect(quick).toMatchObject({
        price: '120.00',
        itemName: QUICK_ADD.hotel.itemName,
        itemDescription: null,
      });
      // A page loaded before the hints stopped being sent: the hint is not kept as the owner's words.
      const stale = await createPlannerItem(visitor, trip.id, {
        itemType: 'flight',
        itemDescription: QUICK_ADD.flight.hint,
      });
      expect(stale.itemDescription).toBeNull();
      const own = await createPlannerItem(visitor, trip.id, {
        itemType: 'flight',
        itemDescription: `${QUICK_ADD.flight.hint}: TAP 1234`,
      });
      expect(own.itemDescription).toBe(`${QUICK_ADD.flight.hint}: TAP 1234`);
    });

    it.each([
      ['an unknown item type', { itemType: 'boat' }, 'itemType'],
      ['no item type', { itemType: undefined }, 'itemType'],
      ['a blank item name', { itemName: '  ' }, 'itemName'],
      ['no item name', { itemName: undefined }, 'itemName'],
      ['an unknown time slot', { scheduledTime: 'noon' }, 'scheduledTime'],
      ['no scheduled date', { scheduledDate: undefined }, 'scheduledDate'],
      ['a date not written YYYY-MM-DD', { scheduledDate: '2027-4-11' }, 'scheduledDate'],
      ['a date that is no real day', { scheduledDate: '2027-02-29' }, 'scheduledDate'],
      ['a price with three decimals', { price: '10.005' }, 'price'],
      ['a price as a number with three decimals', { price: 10.005 }, 'price'],
      ['a negative price', { price: '-5' }, 'price'],
      ['a price that is no number', { price: 'cheap' }, 'price'],
      ['a fractional priority', { priority: 1.5 }, 'priority'],
      ['a priority that is text', { priority: 'high' as unknown as number }, 'priority'],
      ['no plannerId', { plannerId: undefined }, 'plannerId'],
    ])(
      'refuses an item with %s: 400 naming the field, nothing written',
      async (_, overrides, path) => {
        const visitor = createVisitor(server.url);
        const trip = await createTrip(visitor);
        const before = await rowCounts();
        const body = { ...buildPlannerItem(trip.id), ...overrides } as Record<string, unknown>;
        const response = await visitor.request('POST', '/api/planner-items', { body });
        expect(response.status).toBe(400);
        expect(await errorPaths(response)).toContain(path);
        expect(await rowCounts()).toEqual(before);
      },
    );

    it('names the field in clear sentences', async () => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const response = await visitor.request('POST', '/api/planner-items', {
        body: buildPlannerItem(trip.id, { itemType: 'boat' as 'flight', itemName: '' }),
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errors: { path: string; message: string }[] };
      expect(body.errors).toEqual(
        expect.arrayContaining([
          { path: 'itemType', message: 'Item type must be one of flight, hotel, car, activity' },
          { path: 'itemName', message: 'Item name is required' },
        ]),
      );
    });

    it("refuses an item for another visitor's trip, an unknown or a malformed plannerId: 404 naming plannerId", async () => {
      const owner = createVisitor(server.url);
      const trip = await createTrip(owner);
      const stranger = createVisitor(server.url);
      await createTrip(stranger);
      const before = await rowCounts();
      for (const plannerId of [trip.id, crypto.randomUUID(), 'not-an-id']) {
        const response = await stranger.request('POST', '/api/planner-items', {
          body: buildPlannerItem(plannerId),
        });
        expect(response.status, plannerId).toBe(404);
        expect(await errorPaths(response)).toEqual(['plannerId']);
      }
      expect(await rowCounts()).toEqual(before);
    });

    it('lists a trip by day, time slot, priority (highest first) and creation', async () => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const add = (name: string, scheduledDate: string, scheduledTime: string, priority = 0) =>
        createPlannerItem(visitor, trip.id, {
          itemName: name,
          scheduledDate,
          scheduledTime: scheduledTime as CreatePlannerItemInput['scheduledTime'],
          priority,
        });
      // Added out of order on purpose.
      await add('day 2 morning', '2027-04-12', 'morning');
      await add('all day (none)', '2027-04-11', '');
      await add('night', '2027-04-11', 'night');
      await add('all day', '2027-04-11', 'allday', 5);
      await add('evening', '2027-04-11', 'evening');
      await add('morning, added first', '2027-04-11', 'morning');
      await add('afternoon', '2027-04-11', 'afternoon');
      await add('morning, added second', '2027-04-11', 'morning');
      await add('morning, high priority', '2027-04-11', 'morning', 3);
      await add('day before', '2027-04-10', 'evening');

      const items = await listItems(visitor, `plannerId=${trip.id}`);
      expect(items.map((i) => i.itemName)).toEqual([
        'day before',
        'morning, high priority',
        'morning, added first',
        'morning, added second',
        'afternoon',
        'evening',
        'night',
        'all day',
        'all day (none)',
        'day 2 morning',
      ]);
    });

    it('lists a range of days, both ends included (one month of the calendar)', async () => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      for (const scheduledDate of [
        '2027-03-31',
        '2027-04-01',
        '2027-04-15',
        '2027-04-30',
        '2027-05-01',
      ]) {
        await createPlannerItem(visitor, trip.id, { itemName: scheduledDate, scheduledDate });
      }
      const names = (items: PlannerItem[]) => items.map((i) => i.itemName);
      expect(
        names(await listItems(visitor, `plannerId=${trip.id}&from=2027-04-01&to=2027-04-30`)),
      ).toEqual(['2027-04-01', '2027-04-15', '2027-04-30']);
      expect(names(await listItems(visitor, `plannerId=${trip.id}&from=2027-04-30`))).toEqual([
        '2027-04-30',
        '2027-05-01',
      ]);
      expect(names(await listItems(visitor, `plannerId=${trip.id}&to=2027-03-31`))).toEqual([
        '2027-03-31',
      ]);
      expect(
        await listItems(visitor, `plannerId=${trip.id}&from=2027-06-01&to=2027-06-30`),
      ).toEqual([]);
    });

    it.each([
      ['no plannerId', '', 'plannerId'],
      ['a from date that is no real day', 'from=2027-02-30', 'from'],
      ['a to date not written YYYY-MM-DD', 'to=April', 'to'],
      ['a range that ends before it starts', 'from=2027-04-30&to=2027-04-01', 'to'],
    ])('refuses a listing with %s: 400 naming the field', async (_, query, path) => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const response = await visitor.request(
        'GET',
        `/api/planner-items?${path === 'plannerId' ? '' : `plannerId=${trip.id}&`}${query}`,
      );
      expect(response.status).toBe(400);
      expect(await errorPaths(response)).toContain(path);
    });

    it("gives the items of another visitor's trip, an unknown or a malformed trip a 404", async () => {
      const owner = createVisitor(server.url);
      const trip = await createTrip(owner);
      await createPlannerItem(owner, trip.id);
      const stranger = createVisitor(server.url);
      for (const id of [trip.id, crypto.randomUUID(), 'not-an-id']) {
        const response = await stranger.request('GET', `/api/planner-items?plannerId=${id}`);
        expect(response.status, id).toBe(404);
        expect(await response.json()).toEqual({ message: 'Trip not found' });
      }
    });

    it('changes any fields of an item with PATCH, but never its trip', async () => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const other = await createTrip(visitor, { title: 'Other trip' });
      const item = await createPlannerItem(visitor, trip.id);
      const patch = async (body: unknown) => {
        const response = await visitor.request('PATCH', `/api/planner-items/${item.id}`, { body });
        expect(response.status).toBe(200);
        return plannerItemSchema.parse(await response.json());
      };

      expect(await patch({ isBooked: true })).toEqual({
        ...item,
        isBooked: true,
        version: item.version + 1,
      });
      expect(
        await patch({
          itemType: 'car',
          itemName: ' Accessible van ',
          itemDescription: 'Ramp and tie-downs',
          scheduledDate: '2027-04-12',
          scheduledTime: 'afternoon',
          price: 75,
          priority: 2,
          plannerId: other.id,
        }),
      ).toEqual({
        ...item,
        itemType: 'car',
        itemName: 'Accessible van',
        itemDescription: 'Ramp and tie-downs',
        scheduledDate: '2027-04-12',
        scheduledTime: 'afternoon',
        price: '75.00',
        priority: 2,
        isBooked: true,
        version: item.version + 2,
      });
      const cleared = await patch({ itemDescription: null, scheduledTime: '' });
      expect(cleared).toMatchObject({
        itemDescription: null,
        scheduledTime: '',
        plannerId: trip.id,
      });
      expect(await patch({})).toEqual(cleared);

      expect(await listItems(visitor, `plannerId=${trip.id}`)).toEqual([cleared]);
      expect(await listItems(visitor, `plannerId=${other.id}`)).toEqual([]);
    });

    it.each([
      ['an unknown item type', { itemType: 'boat' }, 'itemType'],
      ['a blank item name', { itemName: '' }, 'itemName'],
      ['an unknown time slot', { scheduledTime: 'late' }, 'scheduledTime'],
      ['a date that is no real day', { scheduledDate: '2027-04-31' }, 'scheduledDate'],
      ['a price with three decimals', { price: '1.234' }, 'price'],
      ['isBooked that is no boolean', { isBooked: 'yes' }, 'isBooked'],
      ['a fractional priority', { priority: 0.5 }, 'priority'],
    ])(
      'refuses an item PATCH with %s: 400 naming the field, item unchanged',
      async (_, body, path) => {
        const visitor = createVisitor(server.url);
        const trip = await createTrip(visitor);
        const item = await createPlannerItem(visitor, trip.id);
        const response = await visitor.request('PATCH', `/api/planner-items/${item.id}`, {
          body: { itemName: 'Changed', ...body },
        });
        expect(response.status).toBe(400);
        expect(await errorPaths(response)).toContain(path);
        expect(await listItems(visitor, `plannerId=${trip.id}`)).toEqual([item]);
      },
    );

    it('deletes an item (204), then it is gone', async () => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const item = await createPlannerItem(visitor, trip.id);
      const kept = await createPlannerItem(visitor, trip.id, { itemName: 'Kept' });
      const response = await visitor.request('DELETE', `/api/planner-items/${item.id}`);
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');
      expect(await listItems(visitor, `plannerId=${trip.id}`)).toEqual([kept]);
      expect((await visitor.request('DELETE', `/api/planner-items/${item.id}`)).status).toBe(404);
      expect(
        (await visitor.request('PATCH', `/api/planner-items/${item.id}`, { body: {} })).status,
      ).toBe(404);
    });

    it("gives another visitor's item, an unknown id and a malformed id a 404, and changes nothing", async () => {
      const owner = createVisitor(server.url);
      const trip = await createTrip(owner);
      const item = await createPlannerItem(owner, trip.id);
      const stranger = createVisitor(server.url);
      for (const id of [item.id, crypto.randomUUID(), 'not-an-id']) {
        const patch = await stranger.request('PATCH', `/api/planner-items/${id}`, {
          body: { isBooked: true, itemName: 'Mine now' },
        });
        expect(patch.status, id).toBe(404);
        expect(await patch.json()).toEqual({ message: 'Planner item not found' });
        expect((await stranger.request('DELETE', `/api/planner-items/${id}`)).status, id).toBe(404);
      }
      expect(await listItems(owner, `plannerId=${trip.id}`)).toEqual([item]);
    });
  });

  describe('the planner service, as the assistant calls it', () => {
    const service = () => createPlannerService(createPlannerRepository(server.database.db));

    it('adds items with the defaults filled in, only to the visitor’s own trips', async () => {
      const planner = service();
      const trip: Trip = await planner.createTrip('visitor-a', {
        title: 'Assistant trip',
        destination: 'Reykjavik',
        status: 'active',
      });
      expect(trip.status).toBe('planning');
      expect(await planner.listTrips('visitor-a')).toEqual([trip]);
      expect(await planner.getTrip('visitor-a', trip.id)).toEqual(trip);

      const item = await planner.createItem('visitor-a', {
        plannerId: trip.id,
        itemType: 'activity',
        itemName: 'Blue Lagoon with lift access',
        scheduledDate: '2027-06-01',
        price: 50,
      });
      expect(item).toMatchObject({
        price: '50.00',
        priority: 0,
        scheduledTime: '',
        isBooked: false,
      });
      expect(
        await planner.listItems('visitor-a', trip.id, { from: '2027-06-01', to: '2027-06-30' }),
      ).toEqual([item]);

      await expect(planner.getTrip('visitor-b', trip.id)).rejects.toMatchObject({
        statusCode: 404,
      });
      await expect(planner.listItems('visitor-b', trip.id)).rejects.toMatchObject({
        statusCode: 404,
      });
      await expect(
        planner.createItem('visitor-b', { ...buildPlannerItem(trip.id) }),
      ).rejects.toMatchObject({ statusCode: 404, errors: [{ path: 'plannerId' }] });
    });

    it('applies the same rules as the API: bad input is a 400 naming the field, nothing written', async () => {
      const planner = service();
      const trip = await planner.createTrip('visitor-c', buildTrip());
      const before = await rowCounts();
      const refused = await planner
        .createItem('visitor-c', { ...buildPlannerItem(trip.id), itemType: 'boat' as 'flight' })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ statusCode: 400, errors: [{ path: 'itemType' }] });
      await expect(
        planner.listItems('visitor-c', trip.id, { from: '2027-05-01', to: '2027-04-01' }),
      ).rejects.toMatchObject({ statusCode: 400, errors: [{ path: 'to' }] });
      expect(await rowCounts()).toEqual(before);
    });
  });

  it('keeps a month of a large trip one index range: (planner_id, scheduled_date)', async () => {
    const db = server.database.db;
    const columns =
      server.database.kind === 'postgres'
        ? (
            await sql<{ def: string }>`select indexdef as def from pg_indexes
              where tablename = 'planner_items' and indexname = 'planner_items_planner_date_idx'
              and schemaname = current_schema()`.execute(db)
          ).rows.map((r) => r.def)
        : (
            await sql<{
              name: string;
            }>`select name from pragma_index_info('planner_items_planner_date_idx') order by seqno`.execute(
              db,
            )
          ).rows.map((r) => r.name);
    expect(columns.join(' ')).toMatch(/planner_id.*scheduled_date/);
  });

  it('answers more than 120 planner writes a minute from one visitor with 429 and Retry-After', async () => {
    const visitor = createVisitor(server.url);
    // The session starts with a read, as the page does; cookie-less writes count by address.
    await visitor.request('GET', '/api/trip-planners');
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 121; i++) {
      const response = await visitor.request('POST', '/api/trip-planners', { body: buildTrip() });
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get('retry-after');
    }
    expect(statuses.slice(0, 120).every((s) => s === 201)).toBe(true);
    expect(statuses[120]).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Another visitor is not limited by this one.
    const other = createVisitor(server.url);
    await other.request('GET', '/api/trip-planners');
    expect((await other.request('POST', '/api/trip-planners', { body: buildTrip() })).status).toBe(
      201,
    );
  });

  it('publishes the planner routes in the OpenAPI document under the planner tag', async () => {
    const response = await fetch(`${server.url}/api/openapi.json`);
    const document = (await response.json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    for (const path of [
      '/api/trip-planners',
      '/api/trip-planners/{id}',
      '/api/planner-items',
      '/api/planner-items/{id}',
    ]) {
      const operations = Object.values(document.paths[path] ?? {});
      expect(operations.length, path).toBeGreaterThan(0);
      for (const operation of operations) expect(operation.tags).toEqual(['planner']);
    }
  });
});
