/**
 * Issue 8 "Benchmark": a month of a large trip is served from a per-process cache of serialised
 * listings, keyed by the trip's items version. These tests hold the cache to the same answers as
 * the database: never stale after a write (through this server or another process), never for
 * another visitor, ETag and 304 for browsers, and the month query on its index.
 */
import { CompiledQuery, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plannerItemListSchema, type CreatePlannerItemInput } from '../../contracts/planner.js';
import { createPlannerRepository } from '../../server/features/planner/repository.js';
import { createPlannerService } from '../../server/features/planner/service.js';
import { buildPlannerItem, createPlannerItem, createTrip } from '../factories/planner.js';
import {
  createVisitor,
  startTestServer,
  type TestServer,
  type Visitor,
} from '../helpers/server.js';

const MONTH = 'from=2027-04-01&to=2027-04-30';

describe('the month listing and its cache', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  /** An afternoon item by default, so a morning one added after it on the same day lists first. */
  const createItem = (
    visitor: Visitor,
    plannerId: string,
    overrides: Partial<CreatePlannerItemInput> = {},
  ) => createPlannerItem(visitor, plannerId, { scheduledTime: 'afternoon', ...overrides });

  /** The month's items and the answer's ETag. */
  async function month(visitor: Visitor, plannerId: string) {
    const response = await visitor.request(
      'GET',
      `/api/planner-items?plannerId=${plannerId}&${MONTH}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    return { items: plannerItemListSchema.parse(await response.json()), etag: etag! };
  }

  const names = (items: { itemName: string }[]) => items.map((item) => item.itemName);

  it('answers a change at once: an item added, changed or deleted, and the trip changed', async () => {
    const visitor = createVisitor(server.url);
    const trip = await createTrip(visitor);
    const first = await createItem(visitor, trip.id, { itemName: 'Opera House tour' });
    const cached = await month(visitor, trip.id);
    expect(names(cached.items)).toEqual(['Opera House tour']);
    // Served again from the cache: the same answer and the same ETag.
    expect(await month(visitor, trip.id)).toEqual(cached);

    await createItem(visitor, trip.id, { itemName: 'Ferry to Manly', scheduledTime: 'morning' });
    const added = await month(visitor, trip.id);
    expect(names(added.items)).toEqual(['Ferry to Manly', 'Opera House tour']);
    expect(added.etag).not.toBe(cached.etag);

    const patched = await visitor.request('PATCH', `/api/planner-items/${first.id}`, {
      body: { itemName: 'Opera House access tour', isBooked: true },
    });
    expect(patched.status).toBe(200);
    const changed = await month(visitor, trip.id);
    expect(changed.items.find((item) => item.id === first.id)).toMatchObject({
      itemName: 'Opera House access tour',
      isBooked: true,
    });
    expect(changed.etag).not.toBe(added.etag);

    // Moved out of the month: gone from it at once.
    await visitor.request('PATCH', `/api/planner-items/${first.id}`, {
      body: { scheduledDate: '2027-05-02' },
    });
    const moved = await month(visitor, trip.id);
    expect(names(moved.items)).toEqual(['Ferry to Manly']);

    const ferry = moved.items[0]!;
    expect((await visitor.request('DELETE', `/api/planner-items/${ferry.id}`)).status).toBe(204);
    const emptied = await month(visitor, trip.id);
    expect(emptied.items).toEqual([]);

    const renamed = await visitor.request('PATCH', `/api/trip-planners/${trip.id}`, {
      body: { title: 'Sydney and the Blue Mountains' },
    });
    expect(renamed.status).toBe(200);
    expect((await month(visitor, trip.id)).etag).not.toBe(emptied.etag);
  });

  it('answers the same bytes cached as uncached, in the same order', async () => {
    const visitor = createVisitor(server.url);
    const trip = await createTrip(visitor);
    for (const [itemName, scheduledDate, scheduledTime, priority] of [
      ['Evening walk', '2027-04-03', 'evening', 0],
      ['Breakfast', '2027-04-03', 'morning', 0],
      ['Museum', '2027-04-03', 'morning', 2],
      ['Night market', '2027-04-02', 'night', 0],
      ['Rest day', '2027-04-04', '', 0],
      ['Before the month', '2027-03-31', 'morning', 0],
    ] as const) {
      await createItem(visitor, trip.id, { itemName, scheduledDate, scheduledTime, priority });
    }
    const url = `/api/planner-items?plannerId=${trip.id}&${MONTH}`;
    const miss = await (await visitor.request('GET', url)).text();
    const hit = await (await visitor.request('GET', url)).text();
    expect(hit).toBe(miss);
    // fetch asks for gzip, as browsers do; the same JSON is there uncompressed for those who don't.
    const gzipped = await visitor.request('GET', url, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toBe('accept-encoding');
    expect(await gzipped.text()).toBe(miss);
    for (const refused of ['identity', 'gzip;q=0, identity']) {
      const plain = await visitor.request('GET', url, { headers: { 'accept-encoding': refused } });
      expect(plain.headers.get('content-encoding'), refused).toBeNull();
      expect(await plain.text()).toBe(miss);
    }
    const uncached = await createPlannerRepository(server.database.db).listItems(trip.id, {
      from: '2027-04-01',
      to: '2027-04-30',
    });
    expect(miss).toBe(JSON.stringify(uncached));
    expect(names(plannerItemListSchema.parse(JSON.parse(hit)))).toEqual([
      'Night market',
      'Museum',
      'Breakfast',
      'Evening walk',
      'Rest day',
    ]);
  });

  it('answers 404 for a deleted trip, and nothing of it for a trip made after it', async () => {
    const visitor = createVisitor(server.url);
    const trip = await createTrip(visitor);
    await createItem(visitor, trip.id, { itemName: 'Bondi beach matting' });
    expect(names((await month(visitor, trip.id)).items)).toEqual(['Bondi beach matting']);

    expect((await visitor.request('DELETE', `/api/trip-planners/${trip.id}`)).status).toBe(204);
    const gone = await visitor.request('GET', `/api/planner-items?plannerId=${trip.id}&${MONTH}`);
    expect(gone.status).toBe(404);

    const again = await createTrip(visitor);
    expect((await month(visitor, again.id)).items).toEqual([]);
  });

  it("never answers another visitor's trip, however often its owner read it", async () => {
    const owner = createVisitor(server.url);
    const trip = await createTrip(owner);
    await createItem(owner, trip.id);
    const { etag } = await month(owner, trip.id);
    await month(owner, trip.id);

    const stranger = createVisitor(server.url);
    const url = `/api/planner-items?plannerId=${trip.id}&${MONTH}`;
    const attempts: Record<string, string>[] = [
      {},
      { 'if-none-match': etag },
      { 'if-none-match': '*' },
    ];
    for (const headers of attempts) {
      const response = await stranger.request('GET', url, { headers });
      expect(response.status).toBe(404);
      expect(response.headers.get('etag')).toBeNull();
      expect(await response.json()).toEqual({ message: 'Trip not found' });
    }
    // Nor can the stranger change it: the owner's answer stands, with the same ETag.
    const [item] = (await month(owner, trip.id)).items;
    const refused = await stranger.request('PATCH', `/api/planner-items/${item!.id}`, {
      body: { itemName: 'Taken' },
    });
    expect(refused.status).toBe(404);
    expect((await stranger.request('DELETE', `/api/planner-items/${item!.id}`)).status).toBe(404);
    expect((await month(owner, trip.id)).etag).toBe(etag);
  });

  it('answers 304 to a matching If-None-Match, and the new items once they change', async () => {
    const visitor = createVisitor(server.url);
    const trip = await createTrip(visitor);
    await createItem(visitor, trip.id);
    const url = `/api/planner-items?plannerId=${trip.id}&${MONTH}`;
    const first = await visitor.request('GET', url);
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toBe('private, no-cache');

    for (const given of [etag, etag.replace(/^W\//, ''), `W/"other", ${etag}`, '*']) {
      const response = await visitor.request('GET', url, { headers: { 'if-none-match': given } });
      expect(response.status, given).toBe(304);
      expect(response.headers.get('etag')).toBe(etag);
      expect(await response.text()).toBe('');
    }
    // Another range of the same trip is another answer.
    const april = await visitor.request(
      'GET',
      `/api/planner-items?plannerId=${trip.id}&from=2027-04-01`,
      {
        headers: { 'if-none-match': etag },
      },
    );
    expect(april.status).toBe(200);

    await createItem(visitor, trip.id, { itemName: 'Botanic garden' });
    const after = await visitor.request('GET', url, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(names(plannerItemListSchema.parse(await after.json()))).toContain('Botanic garden');
  });

  it('stays current across server processes: each has its own cache, the version is shared', async () => {
    const visitorId = `visitor-${crypto.randomUUID()}`;
    const one = createPlannerService(createPlannerRepository(server.database.db));
    const other = createPlannerService(createPlannerRepository(server.database.db));
    const range = { from: '2027-04-01', to: '2027-04-30' };
    const read = async () => {
      const listing = await one.itemListing(visitorId, trip.id, range);
      return {
        etag: listing.etag,
        names: names(JSON.parse((await listing.body()).identity.toString())),
      };
    };

    const trip = await one.createTrip(visitorId, { title: 'Perth', destination: 'Perth' });
    const before = await read();
    expect(before.names).toEqual([]);

    const item = await other.createItem(
      visitorId,
      buildPlannerItem(trip.id, { itemName: 'Kings Park' }),
    );
    const added = await read();
    expect(added.names).toEqual(['Kings Park']);
    await other.updateItem(visitorId, item.id, { itemName: 'Kings Park by tram' });
    expect((await read()).names).toEqual(['Kings Park by tram']);
    await other.deleteItem(visitorId, item.id);
    const deleted = await read();
    expect(deleted.names).toEqual([]);
    expect(new Set([before.etag, added.etag, deleted.etag]).size).toBe(3);

    await other.deleteTrip(visitorId, trip.id);
    await expect(one.itemListing(visitorId, trip.id, range)).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('reads the month of a trip as one range of the (planner_id, scheduled_date) index', async () => {
    const db = server.database.db;
    let node: RootOperationNode | undefined;
    const spy = db.withPlugin({
      transformQuery: (args) => (node = args.node),
      transformResult: async (args) => args.result,
    });
    await createPlannerRepository(spy).listItems(crypto.randomUUID(), {
      from: '2027-04-01',
      to: '2027-04-30',
    });
    const query = spy.getExecutor().compileQuery(node!, { queryId: 'month' });
    const explain = (prefix: string) =>
      CompiledQuery.raw(`${prefix} ${query.sql}`, [...query.parameters]);

    const plan =
      server.database.kind === 'postgres'
        ? // An almost empty table is read whole whatever the indexes; forbid that to see the index.
          await db.transaction().execute(async (trx) => {
            await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
            return (await trx.executeQuery<Record<string, string>>(explain('explain'))).rows;
          })
        : (await db.executeQuery<Record<string, string>>(explain('explain query plan'))).rows;
    const text = plan.map((row) => Object.values(row).join(' ')).join('\n');
    expect(text).toMatch(/planner_items_planner_date_idx/);
    expect(text).toMatch(/scheduled_date/);
  });
});
