/**
 * Issue 8 "Bad input": the planner's rules at the edges, beyond what tests/api/planner.test.ts
 * already covers. Every refusal is a 4xx naming the field in errors[].path, and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ITEMS_PER_TRIP_MAX,
  TOO_MANY_ITEMS,
  TOO_MANY_TRIPS,
  TRIPS_PER_VISITOR_MAX,
  TRIP_END_BEFORE_START,
  plannerItemListSchema,
  plannerItemSchema,
  tripSchema,
} from '../../contracts/planner.js';
import { AppError } from '../../server/errors.js';
import { createPlannerRepository } from '../../server/features/planner/repository.js';
import { createPlannerService } from '../../server/features/planner/service.js';
import { buildPlannerItem, buildTrip, createTrip, plannerRowCounts } from '../factories/planner.js';
import {
  createVisitor,
  startTestServer,
  type TestServer,
  type Visitor,
} from '../helpers/server.js';

interface ErrorBody {
  message: string;
  errors?: { path: string; message: string }[];
}

describe('the trip planner rules (issue 8, bad input)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const rowCounts = () => plannerRowCounts(server);

  async function createItem(visitor: Visitor, plannerId: string, overrides: object = {}) {
    const response = await visitor.request('POST', '/api/planner-items', {
      body: { ...buildPlannerItem(plannerId), ...overrides },
    });
    expect(response.status, JSON.stringify(overrides)).toBe(201);
    return plannerItemSchema.parse(await response.json());
  }

  async function listItems(visitor: Visitor, plannerId: string) {
    const response = await visitor.request('GET', `/api/planner-items?plannerId=${plannerId}`);
    expect(response.status).toBe(200);
    return plannerItemListSchema.parse(await response.json());
  }

  /** A refusal: the status, a message, and the paths of the fields it names. */
  async function refusal(response: Response) {
    const body = (await response.json()) as ErrorBody;
    expect(body.message).toEqual(expect.any(String));
    return { status: response.status, paths: (body.errors ?? []).map((e) => e.path), body };
  }

  describe('adding an item', () => {
    it.each([
      ['an item type in the wrong case', { itemType: 'Flight' }, 'itemType'],
      ['an empty item type', { itemType: '' }, 'itemType'],
      ['a null item type', { itemType: null }, 'itemType'],
      ['an item type that is a number', { itemType: 1 }, 'itemType'],
      ['a time slot in the wrong case', { scheduledTime: 'Morning' }, 'scheduledTime'],
      ['a time slot written as its label', { scheduledTime: 'All Day' }, 'scheduledTime'],
      ['a time slot that is an hour', { scheduledTime: '14:00' }, 'scheduledTime'],
      ['a null time slot', { scheduledTime: null }, 'scheduledTime'],
      ['February 30th', { scheduledDate: '2026-02-30' }, 'scheduledDate'],
      ['a 13th month', { scheduledDate: '2026-13-01' }, 'scheduledDate'],
      ['a month 00', { scheduledDate: '2026-00-10' }, 'scheduledDate'],
      ['a day 00', { scheduledDate: '2026-03-00' }, 'scheduledDate'],
      ['April 31st', { scheduledDate: '2026-04-31' }, 'scheduledDate'],
      ['February 29th of a common year', { scheduledDate: '2026-02-29' }, 'scheduledDate'],
      ['a date with slashes', { scheduledDate: '2026/03/01' }, 'scheduledDate'],
      ['a date without dashes', { scheduledDate: '20260301' }, 'scheduledDate'],
      ['a date with a time', { scheduledDate: '2026-03-01T10:00:00Z' }, 'scheduledDate'],
      ['a two-digit year', { scheduledDate: '26-03-01' }, 'scheduledDate'],
      ['an empty date', { scheduledDate: '' }, 'scheduledDate'],
      ['a date that is a number', { scheduledDate: 20260301 }, 'scheduledDate'],
      ['a price with three decimals', { price: '12.345' }, 'price'],
      ['a price that is a word', { price: 'abc' }, 'price'],
      ['a negative price', { price: '-5.00' }, 'price'],
      ['a negative price as a number', { price: -5 }, 'price'],
      ['a price in exponent notation', { price: '1e3' }, 'price'],
      ['a price with a decimal comma', { price: '12,50' }, 'price'],
      ['a price with a currency sign', { price: '$12.50' }, 'price'],
      ['a price ending in a point', { price: '12.' }, 'price'],
      ['a price starting with a point', { price: '.50' }, 'price'],
      ['an empty price', { price: '' }, 'price'],
      ['a null price', { price: null }, 'price'],
      ['a price above the maximum', { price: '1000000.01' }, 'price'],
      ['a price that is not finite', { price: 'Infinity' }, 'price'],
      ['a plannerId that is a number', { plannerId: 42 }, 'plannerId'],
      ['a null plannerId', { plannerId: null }, 'plannerId'],
      ['a blank plannerId', { plannerId: '  ' }, 'plannerId'],
    ])('refuses %s: 400 naming the field, nothing written', async (_, overrides, path) => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const before = await rowCounts();
      const response = await visitor.request('POST', '/api/planner-items', {
        body: { ...buildPlannerItem(trip.id), ...overrides },
      });
      const { status, paths } = await refusal(response);
      expect(status).toBe(400);
      expect(paths).toContain(path);
      expect(await rowCounts()).toEqual(before);
      expect(await listItems(visitor, trip.id)).toEqual([]);
    });

    it('names every bad field at once, each with its own sentence', async () => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const before = await rowCounts();
      const response = await visitor.request('POST', '/api/planner-items', {
        body: {
          ...buildPlannerItem(trip.id),
          itemType: 'train',
          scheduledTime: 'noon',
          scheduledDate: '2026-13-01',
          price: '12.345',
        },
      });
      const { status, body } = await refusal(response);
      expect(status).toBe(400);
      expect(body.errors).toEqual(
        expect.arrayContaining([
          { path: 'itemType', message: 'Item type must be one of flight, hotel, car, activity' },
          {
            path: 'scheduledTime',
            message:
              'Time slot must be one of morning, afternoon, evening, night, allday, or empty',
          },
          {
            path: 'scheduledDate',
            message: 'Scheduled date must be a real date written YYYY-MM-DD',
          },
          { path: 'price', message: expect.stringMatching(/two decimals/) },
        ]),
      );
      expect(await rowCounts()).toEqual(before);
    });

    it('accepts the edges of the rules: leap day, whole and one-decimal prices, the maximum', async () => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const cases: [
        object,
        Partial<Record<'price' | 'scheduledDate' | 'scheduledTime', string>>,
      ][] = [
        [{ scheduledDate: '2028-02-29' }, { scheduledDate: '2028-02-29' }],
        [{ price: '0' }, { price: '0.00' }],
        [{ price: '12.3' }, { price: '12.30' }],
        [{ price: ' 12.34 ' }, { price: '12.34' }],
        [{ price: 12.34 }, { price: '12.34' }],
        [{ price: '1000000' }, { price: '1000000.00' }],
        [{ scheduledTime: '' }, { scheduledTime: '' }],
        [{ scheduledTime: 'night' }, { scheduledTime: 'night' }],
      ];
      for (const [overrides, expected] of cases) {
        expect(await createItem(visitor, trip.id, overrides)).toMatchObject(expected);
      }
    });

    it("refuses a plannerId that is not the visitor's: 404 naming plannerId, nothing written", async () => {
      const owner = createVisitor(server.url);
      const trip = await createTrip(owner);
      const stranger = createVisitor(server.url);
      const own = await createTrip(stranger);
      const before = await rowCounts();
      // Another visitor's trip, also with the visitor's own trip id in a different case.
      for (const plannerId of [trip.id, trip.id.toUpperCase(), ` ${trip.id} `]) {
        const response = await stranger.request('POST', '/api/planner-items', {
          body: buildPlannerItem(plannerId),
        });
        const { status, paths, body } = await refusal(response);
        expect(status, plannerId).toBe(404);
        expect(paths).toEqual(['plannerId']);
        // It does not tell whether the trip exists for someone else.
        expect(body.message).toBe('Trip not found');
      }
      expect(await rowCounts()).toEqual(before);
      expect(await listItems(owner, trip.id)).toEqual([]);
      expect(await listItems(stranger, own.id)).toEqual([]);
    });

    it('checks the fields before the trip: bad fields for a stranger trip are a 400, nothing written', async () => {
      const owner = createVisitor(server.url);
      const trip = await createTrip(owner);
      const stranger = createVisitor(server.url);
      const before = await rowCounts();
      const response = await stranger.request('POST', '/api/planner-items', {
        body: { ...buildPlannerItem(trip.id), scheduledDate: '2026-02-30' },
      });
      const { status, paths } = await refusal(response);
      expect(status).toBe(400);
      expect(paths).toEqual(['scheduledDate']);
      expect(await rowCounts()).toEqual(before);
    });

    it('refuses an item for a trip the visitor has deleted: 404 naming plannerId', async () => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      expect((await visitor.request('DELETE', `/api/trip-planners/${trip.id}`)).status).toBe(204);
      const before = await rowCounts();
      const response = await visitor.request('POST', '/api/planner-items', {
        body: buildPlannerItem(trip.id),
      });
      const { status, paths } = await refusal(response);
      expect(status).toBe(404);
      expect(paths).toEqual(['plannerId']);
      expect(await rowCounts()).toEqual(before);
    });
  });

  describe('changing an item', () => {
    it.each([
      ['February 30th', { scheduledDate: '2026-02-30' }, 'scheduledDate'],
      ['a 13th month', { scheduledDate: '2026-13-01' }, 'scheduledDate'],
      ['a null date', { scheduledDate: null }, 'scheduledDate'],
      ['a price that is a word', { price: 'abc' }, 'price'],
      ['a negative price', { price: '-5' }, 'price'],
      ['a null price', { price: null }, 'price'],
      ['an item type in the wrong case', { itemType: 'Hotel' }, 'itemType'],
      ['a time slot in the wrong case', { scheduledTime: 'Evening' }, 'scheduledTime'],
    ])('refuses %s: 400 naming the field, item unchanged', async (_, body, path) => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const item = await createItem(visitor, trip.id);
      const response = await visitor.request('PATCH', `/api/planner-items/${item.id}`, {
        body: { itemName: 'Changed', ...body },
      });
      const { status, paths } = await refusal(response);
      expect(status).toBe(400);
      expect(paths).toContain(path);
      expect(await listItems(visitor, trip.id)).toEqual([item]);
    });
  });

  describe('deleting a trip', () => {
    it('takes its items with it: they are gone, their trip lists 404 and they cannot be changed', async () => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const items = [
        await createItem(visitor, trip.id),
        await createItem(visitor, trip.id, { itemType: 'flight', scheduledTime: 'morning' }),
        await createItem(visitor, trip.id, { itemType: 'car', scheduledDate: '2027-04-12' }),
      ];
      const before = await rowCounts();

      expect((await visitor.request('DELETE', `/api/trip-planners/${trip.id}`)).status).toBe(204);
      expect(await rowCounts()).toEqual({ trips: before.trips - 1, items: before.items - 3 });
      const listing = await visitor.request('GET', `/api/planner-items?plannerId=${trip.id}`);
      expect(listing.status).toBe(404);
      for (const item of items) {
        const patch = await visitor.request('PATCH', `/api/planner-items/${item.id}`, {
          body: { isBooked: true },
        });
        expect(patch.status).toBe(404);
        expect((await visitor.request('DELETE', `/api/planner-items/${item.id}`)).status).toBe(404);
      }
      expect(await rowCounts()).toEqual({ trips: before.trips - 1, items: before.items - 3 });
    });

    it('deletes the items and the trip in one transaction: a failure after the items keeps both', async () => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const item = await createItem(visitor, trip.id);
      const before = await rowCounts();
      // The repository call the service makes, in the transaction it makes, failing at its end.
      const repository = createPlannerRepository(server.database.db);
      await expect(
        repository.transaction(async (queries) => {
          await queries.deleteTrip(trip.id);
          throw new Error('the server stopped after the delete');
        }),
      ).rejects.toThrow('the server stopped after the delete');
      expect(await rowCounts()).toEqual(before);
      expect(await listItems(visitor, trip.id)).toEqual([item]);
    });

    it('leaves no orphan items when items are added while the trip is deleted', async () => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      await createItem(visitor, trip.id);
      const adds = Array.from({ length: 20 }, (_, i) =>
        visitor.request('POST', '/api/planner-items', {
          body: { ...buildPlannerItem(trip.id), itemName: `Item ${i}` },
        }),
      );
      const deletion = visitor.request('DELETE', `/api/trip-planners/${trip.id}`);
      const statuses = await Promise.all(adds.map(async (r) => (await r).status));
      expect((await deletion).status).toBe(204);
      // Each add either came before the delete (and went with it) or after it (and was refused).
      for (const status of statuses) expect([201, 404]).toContain(status);
      const orphans = await server.database.db
        .selectFrom('plannerItems')
        .select('id')
        .where('plannerId', '=', trip.id)
        .execute();
      expect(orphans).toEqual([]);
    });
  });

  describe('trip dates and status', () => {
    it('refuses an end date before the start date with a sentence, on POST and PATCH', async () => {
      const visitor = createVisitor(server.url);
      const before = await rowCounts();
      const created = await visitor.request('POST', '/api/trip-planners', {
        body: buildTrip({ startDate: '2026-11-14', endDate: '2026-11-01' }),
      });
      const refusedCreate = await refusal(created);
      expect(refusedCreate.status).toBe(400);
      expect(refusedCreate.body.errors).toContainEqual({
        path: 'endDate',
        message: TRIP_END_BEFORE_START,
      });
      expect(await rowCounts()).toEqual(before);

      const trip = await createTrip(visitor);
      const patched = await visitor.request('PATCH', `/api/trip-planners/${trip.id}`, {
        body: { endDate: '2027-04-09' },
      });
      const refusedPatch = await refusal(patched);
      expect(refusedPatch.status).toBe(400);
      expect(refusedPatch.body).toEqual({
        message: TRIP_END_BEFORE_START,
        errors: [{ path: 'endDate', message: TRIP_END_BEFORE_START }],
      });
      expect(await (await visitor.request('GET', `/api/trip-planners/${trip.id}`)).json()).toEqual(
        trip,
      );
    });

    it('refuses an end date before the start date when the assistant calls the service', async () => {
      const planner = createPlannerService(createPlannerRepository(server.database.db));
      const before = await rowCounts();
      const refused = await planner
        .createTrip('visitor-dates', buildTrip({ startDate: '2026-11-14', endDate: '2026-11-01' }))
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({
        statusCode: 400,
        errors: [{ path: 'endDate', message: TRIP_END_BEFORE_START }],
      });
      expect(await rowCounts()).toEqual(before);

      const trip = await planner.createTrip('visitor-dates', buildTrip());
      await expect(
        planner.updateTrip('visitor-dates', trip.id, { startDate: '2027-04-13' }),
      ).rejects.toMatchObject({ statusCode: 400, errors: [{ path: 'endDate' }] });
      expect(await planner.getTrip('visitor-dates', trip.id)).toEqual(trip);
    });

    it('moves a trip from planning to active to completed with PATCH, keeping it and its items', async () => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const item = await createItem(visitor, trip.id);
      expect(trip.status).toBe('planning');
      for (const [step, status] of (['active', 'completed'] as const).entries()) {
        const response = await visitor.request('PATCH', `/api/trip-planners/${trip.id}`, {
          body: { status },
        });
        expect(response.status).toBe(200);
        const changed = { ...trip, status, version: trip.version + step + 1 };
        expect(tripSchema.parse(await response.json())).toEqual(changed);
        const stored = await visitor.request('GET', `/api/trip-planners/${trip.id}`);
        expect(await stored.json()).toEqual(changed);
        const listed = await visitor.request('GET', '/api/trip-planners');
        expect(await listed.json()).toEqual([changed]);
      }
      expect(await listItems(visitor, trip.id)).toEqual([item]);
    });

    it.each([
      ['an unknown status', 'archived'],
      ['a status in the wrong case', 'Active'],
      ['an empty status', ''],
      ['a null status', null],
    ])('refuses %s: 400 naming status, status unchanged', async (_, status) => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const response = await visitor.request('PATCH', `/api/trip-planners/${trip.id}`, {
        body: { status },
      });
      const { status: code, paths } = await refusal(response);
      expect(code).toBe(400);
      expect(paths).toContain('status');
      expect(await (await visitor.request('GET', `/api/trip-planners/${trip.id}`)).json()).toEqual(
        trip,
      );
    });
  });
  describe('what one visitor may keep (issue 25)', () => {
    it(`keeps a visitor to ${TRIPS_PER_VISITOR_MAX} trips and a trip to ${ITEMS_PER_TRIP_MAX} items, naming the cap and writing nothing more`, async () => {
      const visitor = createVisitor(server.url);
      const first = await createTrip(visitor);
      const { visitorId } = await server.database.db
        .selectFrom('tripPlanners')
        .select('visitorId')
        .where('id', '=', first.id)
        .executeTakeFirstOrThrow();
      const planner = createPlannerService(createPlannerRepository(server.database.db));
      for (let i = 1; i < TRIPS_PER_VISITOR_MAX; i++) {
        await planner.createTrip(visitorId, buildTrip({ title: `Trip ${i}` }));
      }
      let before = await rowCounts();
      const noTrip = await refusal(
        await visitor.request('POST', '/api/trip-planners', { body: buildTrip() }),
      );
      expect(noTrip).toMatchObject({ status: 409, body: { message: TOO_MANY_TRIPS } });
      // Nor through the assistant's plan, which makes a trip with its items.
      const { plannerId: _, ...item } = buildPlannerItem(first.id);
      await expect(planner.addPlan(visitorId, { newTrip: buildTrip() }, [item])).rejects.toThrow(
        TOO_MANY_TRIPS,
      );
      expect(await rowCounts()).toEqual(before);

      await planner.addPlan(
        visitorId,
        { plannerId: first.id },
        Array.from({ length: ITEMS_PER_TRIP_MAX - 1 }, () => item),
      );
      await createItem(visitor, first.id);
      before = await rowCounts();
      const noItem = await refusal(
        await visitor.request('POST', '/api/planner-items', { body: buildPlannerItem(first.id) }),
      );
      expect(noItem).toMatchObject({ status: 409, body: { message: TOO_MANY_ITEMS } });
      await expect(
        planner.addPlan(visitorId, { plannerId: first.id }, [item, item]),
      ).rejects.toThrow(TOO_MANY_ITEMS);
      expect(await rowCounts()).toEqual(before);

      // Deleting one makes room again.
      const [oldest] = await listItems(visitor, first.id);
      expect((await visitor.request('DELETE', `/api/planner-items/${oldest!.id}`)).status).toBe(
        204,
      );
      await createItem(visitor, first.id);
    }, 120_000);
  });
});
