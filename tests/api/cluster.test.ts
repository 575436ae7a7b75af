import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaFile, UploadTicket } from '../../contracts/media.js';
import type { PlannerItem, Trip } from '../../contracts/planner.js';
import { createTestDatabaseUrl } from '../helpers/database.js';
import { makeMediaFixtures, type MediaFixtures } from '../helpers/media-files.js';
import { startServerProcess, type ServerProcess } from '../helpers/process.js';
import { createVisitor } from '../helpers/server.js';

/**
 * Two server processes behind one address, as a load balancer would run them: one database
 * (PostgreSQL with TEST_DATABASE_URL, else one SQLite file in WAL mode) and one DATA_DIR, which
 * holds the uploaded media and the generated session secret both processes sign with.
 */
describe('two server processes sharing the database and storage', { timeout: 120_000 }, () => {
  let dataDir: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let a: ServerProcess;
  let b: ServerProcess;
  let fixtures: MediaFixtures;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'aj-cluster-'));
    const testDb = await createTestDatabaseUrl();
    dropDatabase = testDb?.drop;
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      CLIENT_DIST: path.join(dataDir, 'no-client'),
      ...(testDb ? { DATABASE_URL: testDb.url } : {}),
    };
    // Started together: both migrate and make the session secret at once, as a deploy does.
    [a, b, fixtures] = await Promise.all([
      startServerProcess(env),
      startServerProcess(env),
      makeMediaFixtures(),
    ]);
  }, 180_000);
  afterAll(async () => {
    await a?.stop('SIGTERM');
    await b?.stop('SIGTERM');
    await fixtures?.close();
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** One visitor (one cookie jar) whose requests go to either process. */
  function visitor() {
    const onA = createVisitor(a.url);
    const onB = createVisitor(b.url);
    const sync = (from: typeof onA, to: typeof onA) => {
      for (const [name, value] of from.cookies) to.cookies.set(name, value);
    };
    const via =
      (from: typeof onA, to: typeof onA) =>
      async (...args: Parameters<typeof onA.request>) => {
        sync(to, from);
        const response = await from.request(...args);
        sync(from, to);
        return response;
      };
    return { a: via(onA, onB), b: via(onB, onA), cookies: onA.cookies };
  }

  async function json<T>(response: Response, status = 200): Promise<T> {
    expect(response.status).toBe(status);
    return (await response.json()) as T;
  }

  it('knows the visitor, its trips and items on either process, and edits them on either', async () => {
    const v = visitor();
    const trip = await json<Trip>(
      await v.a('POST', '/api/trip-planners', {
        body: { title: 'Kyoto by rail', destination: 'Kyoto, Japan', startDate: '2027-03-01' },
      }),
      201,
    );
    const cookie = [...v.cookies.values()];

    // The same session on B: no new cookie, the same trips.
    const onB = await v.b('GET', '/api/trip-planners');
    expect(onB.headers.getSetCookie()).toEqual([]);
    expect((await json<Trip[]>(onB)).map((t) => t.id)).toEqual([trip.id]);
    expect([...v.cookies.values()]).toEqual(cookie);

    // Edited on B, seen on A.
    await json<Trip>(
      await v.b('PATCH', `/api/trip-planners/${trip.id}`, { body: { title: 'Kyoto' } }),
    );
    expect((await json<Trip>(await v.a('GET', `/api/trip-planners/${trip.id}`))).title).toBe(
      'Kyoto',
    );

    // An item added on A, changed on B, deleted on A; each step seen by the other process.
    const item = await json<PlannerItem>(
      await v.a('POST', '/api/planner-items', {
        body: {
          plannerId: trip.id,
          itemType: 'activity',
          itemName: 'Step-free temple visit',
          scheduledDate: '2027-03-02',
        },
      }),
      201,
    );
    const itemsOn = async (side: 'a' | 'b') =>
      json<PlannerItem[]>(await v[side]('GET', `/api/planner-items?plannerId=${trip.id}`));
    expect((await itemsOn('b')).map((i) => i.id)).toEqual([item.id]);
    await json<PlannerItem>(
      await v.b('PATCH', `/api/planner-items/${item.id}`, { body: { isBooked: true } }),
    );
    expect((await itemsOn('a'))[0]).toMatchObject({ id: item.id, isBooked: true });
    expect((await v.a('DELETE', `/api/planner-items/${item.id}`)).status).toBe(204);
    expect(await itemsOn('b')).toEqual([]);

    // Another visitor on B sees none of it.
    const stranger = createVisitor(b.url);
    expect(await json<Trip[]>(await stranger.request('GET', '/api/trip-planners'))).toEqual([]);
  });

  it("never answers from one process's listing cache after a write on the other", async () => {
    const v = visitor();
    const trip = await json<Trip>(
      await v.a('POST', '/api/trip-planners', {
        body: { title: 'Oslo in May', destination: 'Oslo, Norway' },
      }),
      201,
    );
    const month = `/api/planner-items?plannerId=${trip.id}&from=2027-05-01&to=2027-05-31`;
    const add = async (side: 'a' | 'b', itemName: string) =>
      json<PlannerItem>(
        await v[side]('POST', '/api/planner-items', {
          body: { plannerId: trip.id, itemType: 'activity', itemName, scheduledDate: '2027-05-10' },
        }),
        201,
      );
    await add('a', 'Opera house tour');

    // Both processes build and keep the month's listing, and agree on its version.
    const first = await v.a('GET', month);
    const etag = first.headers.get('etag')!;
    expect((await json<PlannerItem[]>(first)).map((i) => i.itemName)).toEqual(['Opera house tour']);
    const fromB = await v.b('GET', month);
    expect(fromB.headers.get('etag')).toBe(etag);
    expect((await v.a('GET', month, { headers: { 'if-none-match': etag } })).status).toBe(304);

    // A write on B: A's cached month is not served, nor is the old version confirmed.
    const second = await add('b', 'Fjord cruise with a lift');
    const revalidated = await v.a('GET', month, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(200);
    expect(revalidated.headers.get('etag')).not.toBe(etag);
    expect((await json<PlannerItem[]>(revalidated)).map((i) => i.itemName)).toEqual([
      'Opera house tour',
      'Fjord cruise with a lift',
    ]);

    // And the other way: A changes and removes, B's warm cache follows.
    await json<PlannerItem[]>(await v.b('GET', month));
    await json<PlannerItem>(
      await v.a('PATCH', `/api/planner-items/${second.id}`, { body: { itemName: 'Fjord cruise' } }),
    );
    expect((await json<PlannerItem[]>(await v.b('GET', month))).map((i) => i.itemName)).toEqual([
      'Opera house tour',
      'Fjord cruise',
    ]);
    expect((await v.a('DELETE', `/api/trip-planners/${trip.id}`)).status).toBe(204);
    expect((await v.b('GET', month)).status).toBe(404);
  });

  it('takes an upload on one process, lists it on the other, and serves it from both', async () => {
    const v = visitor();
    await v.a('GET', '/api/media');
    const cookie = [...v.cookies].map(([k, val]) => `${k}=${val}`).join('; ');
    const png = fixtures.png;

    // The URL comes from A; the PUT lands on B (a load balancer picks either); A records it.
    const ticket = await json<UploadTicket>(
      await v.a('POST', '/api/media/upload', {
        body: { fileType: 'image/png', fileSize: png.length },
      }),
    );
    const put = await fetch(new URL(ticket.uploadURL, b.url), {
      method: 'PUT',
      headers: { ...ticket.headers, cookie },
      body: png,
    });
    expect(put.status).toBe(200);
    const file = await json<MediaFile>(
      await v.a('PUT', '/api/media', {
        body: {
          mediaURL: ticket.uploadURL,
          fileName: 'harbour.png',
          fileType: 'image/png',
          fileSize: png.length,
        },
      }),
      201,
    );
    // The same URL cannot be used again on either process.
    for (const server of [a, b]) {
      const replay = await fetch(new URL(ticket.uploadURL, server.url), {
        method: 'PUT',
        headers: { ...ticket.headers, cookie },
        body: png,
      });
      expect(replay.status).toBe(403);
    }

    const listed = await json<MediaFile[]>(await v.b('GET', '/api/media'));
    expect(listed.map((f) => f.id)).toEqual([file.id]);
    for (const side of ['a', 'b'] as const) {
      const content = await v[side]('GET', file.contentUrl);
      expect(content.status).toBe(200);
      expect(Buffer.from(await content.arrayBuffer()).equals(png)).toBe(true);
      const thumbnail = await v[side]('GET', file.thumbnailUrl!);
      expect(thumbnail.status).toBe(200);
      expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    }

    // Deleted on B: gone on A too.
    expect((await v.b('DELETE', `/api/media/${file.id}`)).status).toBe(204);
    expect((await v.a('GET', file.contentUrl)).status).toBe(404);
    expect(await json<MediaFile[]>(await v.a('GET', '/api/media'))).toEqual([]);
  });
});
