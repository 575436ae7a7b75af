/**
 * Issue 29: edits made offline reach the server later. Each trip and item has a version, and a
 * change sent with If-Match is made only while the row still has it (docs/decisions/032):
 * otherwise 412 with the row as it is now, and nothing written. Real server, real database.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  plannerItemConflictSchema,
  plannerItemListSchema,
  plannerItemSchema,
  tripConflictSchema,
  tripSchema,
  type PlannerItem,
  type Trip,
} from '../../contracts/planner.js';
import {
  CHANGED_ELSEWHERE,
  IF_MATCH_HEADER,
  versionTag,
} from '../../contracts/preconditions.values.js';
import { createPlannerItem, createTrip, plannerRowCounts } from '../factories/planner.js';
import {
  createVisitor,
  startTestServer,
  type TestServer,
  type Visitor,
} from '../helpers/server.js';

const tripPath = (id: string) => `/api/trip-planners/${id}`;
const itemPath = (id: string) => `/api/planner-items/${id}`;
const ifMatch = (value: string) => ({ [IF_MATCH_HEADER]: value });

describe('row versions and If-Match (issue 29)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const getTrip = async (visitor: Visitor, id: string): Promise<Trip> => {
    const response = await visitor.request('GET', tripPath(id));
    expect(response.status).toBe(200);
    return tripSchema.parse(await response.json());
  };
  /** The trip's items, and the listing's own ETag (the trip's items version). */
  const listItems = async (visitor: Visitor, tripId: string) => {
    const response = await visitor.request('GET', `/api/planner-items?plannerId=${tripId}`);
    expect(response.status).toBe(200);
    return {
      items: plannerItemListSchema.parse(await response.json()),
      etag: response.headers.get('etag'),
    };
  };
  const getItem = async (visitor: Visitor, item: PlannerItem): Promise<PlannerItem | undefined> =>
    (await listItems(visitor, item.plannerId)).items.find((i) => i.id === item.id);

  /** Everything a refused change must leave as it was: the rows, and what the visitor reads. */
  const state = async (visitor: Visitor, trip: Trip) => ({
    rows: await plannerRowCounts(server),
    trip: await getTrip(visitor, trip.id),
    items: await listItems(visitor, trip.id),
  });

  describe('the version', () => {
    it('starts at 1 and goes up by one with each PATCH; an empty PATCH keeps it; sent as the ETag', async () => {
      const visitor = createVisitor(server.url);
      const created = await visitor.request('POST', '/api/trip-planners', {
        body: { title: 'Lisbon', destination: 'Lisbon, Portugal' },
      });
      const trip = tripSchema.parse(await created.json());
      expect(trip.version).toBe(1);
      expect(created.headers.get('etag')).toBe('"1"');

      for (const [i, title] of ['One', 'Two', 'Three'].entries()) {
        const response = await visitor.request('PATCH', tripPath(trip.id), { body: { title } });
        expect(response.status).toBe(200);
        const changed = tripSchema.parse(await response.json());
        expect(changed).toEqual({ ...trip, title, version: i + 2 });
        expect(response.headers.get('etag')).toBe(versionTag(i + 2));
      }
      const empty = await visitor.request('PATCH', tripPath(trip.id), { body: {} });
      expect(tripSchema.parse(await empty.json()).version).toBe(4);
      const read = await visitor.request('GET', tripPath(trip.id));
      expect(read.headers.get('etag')).toBe('"4"');
      expect(tripSchema.parse(await read.json()).version).toBe(4);
      // A listing is no one row: it has no row's version as its ETag.
      const list = await visitor.request('GET', '/api/trip-planners');
      expect(list.headers.get('etag')).toBeNull();

      const added = await visitor.request('POST', '/api/planner-items', {
        body: {
          plannerId: trip.id,
          itemType: 'activity',
          itemName: 'Tram',
          scheduledDate: '2027-04-11',
        },
      });
      const item = plannerItemSchema.parse(await added.json());
      expect(item.version).toBe(1);
      expect(added.headers.get('etag')).toBe('"1"');
      for (const version of [2, 3]) {
        const response = await visitor.request('PATCH', itemPath(item.id), {
          body: { priority: version },
        });
        expect(plannerItemSchema.parse(await response.json())).toEqual({
          ...item,
          priority: version,
          version,
        });
        expect(response.headers.get('etag')).toBe(versionTag(version));
      }
      const emptyItem = await visitor.request('PATCH', itemPath(item.id), { body: {} });
      expect(plannerItemSchema.parse(await emptyItem.json()).version).toBe(3);
      expect((await getItem(visitor, item))?.version).toBe(3);
    });

    it("does not raise a trip's version for its items' changes, nor an item's for its trip's", async () => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const item = await createPlannerItem(visitor, trip.id);
      const other = await createPlannerItem(visitor, trip.id, { itemName: 'Castle' });
      await visitor.request('PATCH', itemPath(item.id), { body: { isBooked: true } });
      await visitor.request('DELETE', itemPath(other.id));
      expect(await getTrip(visitor, trip.id)).toEqual(trip);

      const changed = await visitor.request('PATCH', tripPath(trip.id), {
        body: { status: 'active' },
      });
      expect(tripSchema.parse(await changed.json()).version).toBe(trip.version + 1);
      expect(await getItem(visitor, item)).toEqual({
        ...item,
        isBooked: true,
        version: item.version + 1,
      });
    });
  });

  describe('a change sent with the version it was made against', () => {
    it.each([
      ['the tag the server sends', (v: number) => `"${v}"`],
      ['a weak tag', (v: number) => `W/"${v}"`],
      ['a bare number', (v: number) => String(v)],
    ])('is made while the version holds: %s', async (_, tag) => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const item = await createPlannerItem(visitor, trip.id);

      const tripPatch = await visitor.request('PATCH', tripPath(trip.id), {
        body: { title: 'Porto' },
        headers: ifMatch(tag(trip.version)),
      });
      expect(tripPatch.status).toBe(200);
      const changedTrip = tripSchema.parse(await tripPatch.json());
      expect(changedTrip).toEqual({ ...trip, title: 'Porto', version: trip.version + 1 });

      const itemPatch = await visitor.request('PATCH', itemPath(item.id), {
        body: { itemName: 'Funicular' },
        headers: ifMatch(tag(item.version)),
      });
      expect(itemPatch.status).toBe(200);
      const changedItem = plannerItemSchema.parse(await itemPatch.json());
      expect(changedItem).toEqual({ ...item, itemName: 'Funicular', version: item.version + 1 });

      const itemDelete = await visitor.request('DELETE', itemPath(item.id), {
        headers: ifMatch(tag(changedItem.version)),
      });
      expect(itemDelete.status).toBe(204);
      expect(await getItem(visitor, item)).toBeUndefined();

      const tripDelete = await visitor.request('DELETE', tripPath(trip.id), {
        headers: ifMatch(tag(changedTrip.version)),
      });
      expect(tripDelete.status).toBe(204);
      expect((await visitor.request('GET', tripPath(trip.id))).status).toBe(404);
    });

    it('is refused with 412 and the trip as it is now once the trip has moved on, and nothing is written', async () => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const item = await createPlannerItem(visitor, trip.id);
      // Another device changes the trip meanwhile.
      await visitor.request('PATCH', tripPath(trip.id), { body: { title: 'Changed elsewhere' } });
      const before = await state(visitor, trip);

      for (const [method, body] of [
        ['PATCH', { title: 'Made offline' }],
        // Dates out of order against the trip as it is: still the conflict, not a 400.
        ['PATCH', { startDate: '2027-05-01' }],
        ['DELETE', undefined],
      ] as const) {
        const response = await visitor.request(method, tripPath(trip.id), {
          body,
          headers: ifMatch(versionTag(trip.version)),
        });
        expect(response.status, `${method} ${JSON.stringify(body)}`).toBe(412);
        expect(tripConflictSchema.parse(await response.json())).toEqual({
          message: CHANGED_ELSEWHERE,
          current: before.trip,
        });
        expect(await state(visitor, trip)).toEqual(before);
      }
      expect(before.items.items).toEqual([item]);
    });

    it('is refused with 412 and the item as it is now once the item has moved on, and nothing is written', async () => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const item = await createPlannerItem(visitor, trip.id);
      await visitor.request('PATCH', itemPath(item.id), { body: { isBooked: true } });
      const before = await state(visitor, trip);
      const now = await getItem(visitor, item);
      expect(now).toEqual({ ...item, isBooked: true, version: 2 });

      for (const [method, body] of [
        ['PATCH', { itemName: 'Made offline' }],
        ['PATCH', {}],
        ['DELETE', undefined],
      ] as const) {
        const response = await visitor.request(method, itemPath(item.id), {
          body,
          headers: ifMatch(versionTag(item.version)),
        });
        expect(response.status, `${method} ${JSON.stringify(body)}`).toBe(412);
        expect(plannerItemConflictSchema.parse(await response.json())).toEqual({
          message: CHANGED_ELSEWHERE,
          current: now,
        });
        // The listing's ETag too: the trip's items version was not raised.
        expect(await state(visitor, trip)).toEqual(before);
      }
    });

    it('makes exactly one of several changes sent at once against the same version', async () => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const item = await createPlannerItem(visitor, trip.id);
      const race = (method: string, path: string, version: number, bodies: unknown[]) =>
        Promise.all(
          bodies.map((body) =>
            visitor.request(method, path, { body, headers: ifMatch(versionTag(version)) }),
          ),
        );
      const names = ['Lisbon', 'Porto', 'Faro', 'Braga'];

      const trips = await race(
        'PATCH',
        tripPath(trip.id),
        trip.version,
        names.map((title) => ({ title })),
      );
      expect(trips.map((r) => r.status).sort()).toEqual([200, 412, 412, 412]);
      const tripWinner = tripSchema.parse(await trips.find((r) => r.status === 200)!.json());
      expect(tripWinner.version).toBe(trip.version + 1);
      expect(await getTrip(visitor, trip.id)).toEqual(tripWinner);
      for (const refused of trips.filter((r) => r.status === 412)) {
        expect(tripConflictSchema.parse(await refused.json()).current).toEqual(tripWinner);
      }

      const items = await race(
        'PATCH',
        itemPath(item.id),
        item.version,
        names.map((itemName) => ({ itemName })),
      );
      expect(items.map((r) => r.status).sort()).toEqual([200, 412, 412, 412]);
      const itemWinner = plannerItemSchema.parse(await items.find((r) => r.status === 200)!.json());
      expect(itemWinner.version).toBe(item.version + 1);
      expect(await getItem(visitor, item)).toEqual(itemWinner);
      for (const refused of items.filter((r) => r.status === 412)) {
        expect(plannerItemConflictSchema.parse(await refused.json()).current).toEqual(itemWinner);
      }

      // A change and a delete against the same version: one of them.
      const [patch, deletion] = await Promise.all([
        visitor.request('PATCH', itemPath(item.id), {
          body: { priority: 3 },
          headers: ifMatch(versionTag(itemWinner.version)),
        }),
        visitor.request('DELETE', itemPath(item.id), {
          headers: ifMatch(versionTag(itemWinner.version)),
        }),
      ]);
      const statuses = [patch.status, deletion.status];
      // The delete first: the change finds no item (404). The change first: the delete is stale.
      expect([
        [404, 204],
        [200, 412],
      ]).toContainEqual(statuses);
      expect((await getItem(visitor, item))?.version).toBe(
        patch.status === 200 ? itemWinner.version + 1 : undefined,
      );
    });
  });

  describe('without a version to check', () => {
    it('makes the change whatever the version with * or with no If-Match, as before', async () => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const item = await createPlannerItem(visitor, trip.id);
      await visitor.request('PATCH', tripPath(trip.id), { body: { title: 'Elsewhere' } });
      await visitor.request('PATCH', itemPath(item.id), { body: { itemName: 'Elsewhere' } });

      const starred = await visitor.request('PATCH', tripPath(trip.id), {
        body: { title: 'Any' },
        headers: ifMatch('*'),
      });
      expect(starred.status).toBe(200);
      expect(tripSchema.parse(await starred.json())).toMatchObject({ title: 'Any', version: 3 });
      const bare = await visitor.request('PATCH', tripPath(trip.id), { body: { title: 'Last' } });
      expect(tripSchema.parse(await bare.json())).toMatchObject({ title: 'Last', version: 4 });

      const starredItem = await visitor.request('PATCH', itemPath(item.id), {
        body: { itemName: 'Any' },
        headers: ifMatch('*'),
      });
      expect(plannerItemSchema.parse(await starredItem.json())).toMatchObject({
        itemName: 'Any',
        version: 3,
      });
      expect(
        (await visitor.request('DELETE', itemPath(item.id), { headers: ifMatch('*') })).status,
      ).toBe(204);
      const other = await createPlannerItem(visitor, trip.id);
      await visitor.request('PATCH', itemPath(other.id), { body: { priority: 1 } });
      expect((await visitor.request('DELETE', itemPath(other.id))).status).toBe(204);
      expect((await visitor.request('DELETE', tripPath(trip.id))).status).toBe(204);
    });

    it('answers a row that is gone with 404, whatever the If-Match', async () => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const item = await createPlannerItem(visitor, trip.id);
      expect((await visitor.request('DELETE', itemPath(item.id))).status).toBe(204);
      for (const tag of [versionTag(item.version), '*', undefined]) {
        const headers = tag === undefined ? {} : ifMatch(tag);
        const patch = await visitor.request('PATCH', itemPath(item.id), {
          body: { priority: 1 },
          headers,
        });
        expect(patch.status, String(tag)).toBe(404);
        const deletion = await visitor.request('DELETE', itemPath(item.id), { headers });
        expect(deletion.status, String(tag)).toBe(404);
      }
      expect((await visitor.request('DELETE', tripPath(trip.id))).status).toBe(204);
      for (const tag of [versionTag(trip.version), '*']) {
        const patch = await visitor.request('PATCH', tripPath(trip.id), {
          body: { title: 'Gone' },
          headers: ifMatch(tag),
        });
        expect(patch.status, tag).toBe(404);
        const deletion = await visitor.request('DELETE', tripPath(trip.id), {
          headers: ifMatch(tag),
        });
        expect(deletion.status, tag).toBe(404);
      }
    });
  });

  it.each(['"abc"', '"3', 'W/3', '"1", "2"', '"-1"', '"99999999999"', '', 'x'])(
    'refuses a malformed If-Match %j with 400 naming the header, and writes nothing',
    async (value) => {
      const visitor = createVisitor(server.url);
      const trip = await createTrip(visitor);
      const item = await createPlannerItem(visitor, trip.id);
      const before = await state(visitor, trip);
      for (const [method, path, body] of [
        ['PATCH', tripPath(trip.id), { title: 'Refused' }],
        ['DELETE', tripPath(trip.id), undefined],
        ['PATCH', itemPath(item.id), { itemName: 'Refused' }],
        ['DELETE', itemPath(item.id), undefined],
      ] as const) {
        const response = await visitor.request(method, path, { body, headers: ifMatch(value) });
        expect(response.status, `${method} ${path}`).toBe(400);
        const answer = (await response.json()) as { message: string; errors: { path: string }[] };
        expect(answer.message).toContain(IF_MATCH_HEADER);
        expect(answer.errors.map((e) => e.path)).toEqual([IF_MATCH_HEADER]);
      }
      expect(await state(visitor, trip)).toEqual(before);
    },
  );

  it("answers another visitor's trip or item with 404 whatever the If-Match, as an id that never existed", async () => {
    const owner = createVisitor(server.url);
    const trip = await createTrip(owner);
    const item = await createPlannerItem(owner, trip.id);
    const stranger = createVisitor(server.url);
    await createTrip(stranger);
    const before = await state(owner, trip);
    for (const tag of [versionTag(1), versionTag(2), '*']) {
      for (const [method, path, unknown, body] of [
        ['PATCH', tripPath(trip.id), tripPath(randomUUID()), { title: 'Taken over' }],
        ['DELETE', tripPath(trip.id), tripPath(randomUUID()), undefined],
        ['PATCH', itemPath(item.id), itemPath(randomUUID()), { itemName: 'Taken over' }],
        ['DELETE', itemPath(item.id), itemPath(randomUUID()), undefined],
      ] as const) {
        const theirs = await stranger.request(method, path, { body, headers: ifMatch(tag) });
        const never = await stranger.request(method, unknown, { body, headers: ifMatch(tag) });
        expect(theirs.status, `${method} ${path} ${tag}`).toBe(404);
        expect(await theirs.json()).toEqual(await never.json());
      }
    }
    expect(await state(owner, trip)).toEqual(before);
  });

  it('documents If-Match and the 412 on the four changes, and replays a create with its ETag', async () => {
    const response = await fetch(`${server.url}/api/openapi.json`);
    const document = (await response.json()) as {
      paths: Record<string, Record<string, { description?: string; responses: object }>>;
    };
    for (const [path, method] of [
      ['/api/trip-planners/{id}', 'patch'],
      ['/api/trip-planners/{id}', 'delete'],
      ['/api/planner-items/{id}', 'patch'],
      ['/api/planner-items/{id}', 'delete'],
    ] as const) {
      const operation = document.paths[path]![method]!;
      expect(Object.keys(operation.responses), `${method} ${path}`).toContain('412');
      expect(operation.description, `${method} ${path}`).toContain(IF_MATCH_HEADER);
    }

    const visitor = createVisitor(server.url);
    const key = randomUUID();
    const create = () =>
      visitor.request('POST', '/api/trip-planners', {
        body: { title: 'Once', destination: 'Oslo' },
        headers: { 'idempotency-key': key },
      });
    const first = await create();
    expect(first.status).toBe(201);
    const replayed = await create();
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await replayed.json()).toEqual(await first.json());
    expect(replayed.headers.get('etag')).toBe('"1"');
  });
});
