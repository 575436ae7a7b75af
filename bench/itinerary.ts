/**
 * Whole-itinerary benchmark (issue 30, "fast with real data"): every item of one trip in one read,
 * at three sizes up to the item cap, with the server's response cache on and off, so that whether
 * the cost grows no faster than the data can be read as a figure. Two reads take a whole trip:
 *
 * - the owner's, GET /api/planner-items?plannerId=ID without a range (the planner's overview and
 *   by-type tabs and the trip's actions, client/features/planner/api.ts, useAllItems);
 * - a link's, GET /api/shared-trips/:token (the public itinerary, planner-share/api.ts).
 *
 * Both are loaded with autocannon, after a warm-up, without asking for gzip: autocannon 9 keeps
 * every response body as a string (pipelinedRequestsQueue.js, `req.body += data`), and decoding a
 * gzipped body as UTF-8 costs its client far more than the plain JSON of the same answer does,
 * on the same two cores as the server, so a gzipped run measures the client. What gzip adds to a
 * miss for a browser is measured apart: the server's own EncodedBody gzipping the answer, in
 * process (it runs in libuv's pool, off the event loop).
 *
 * Cache on: the same trip again and again; the server keeps its serialised answer while the trip's
 * items version stands (service.ts, itemListing; share-service.ts, page), so after the first answer
 * every one is served from memory. Cache off is the same request for a different trip of the same
 * size each time: one visitor's trips, copies of each other, each with its own link, taken in turn,
 * more of them than either cache keeps, so every answer is a miss that reads the database,
 * serialises and gzips, as the first read of a trip after any change does. Nothing in the server
 * is switched off to get it, so it is the path production takes.
 *
 * Seeding follows bench/planner.ts: the first trip of each size, its first items and its link are
 * made through the API; the rest of its items, its copies and their links are written straight
 * into the SQLite file while the server is stopped (the planner's write limit would make this an
 * hour through the API), then the server is started again on the same DATA_DIR. Every listing is
 * checked for its size through the API before anything is measured.
 *
 * The shared read is limited per address (share-routes.ts); the server is started behind a
 * trusted proxy (TRUST_PROXY=loopback, as bench/soak.ts does) and every request names another
 * client address, so the figure is the read's and not the limiter's 429.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import {
  ITEMS_PER_TRIP_MAX,
  plannerItemListSchema,
  sharedTripSchema,
  tripSchema,
  tripShareSchema,
} from '../contracts/planner.js';
import { SQLITE_FILE } from '../server/db/database.js';
import { LISTING_CACHE_ENTRIES } from '../server/features/planner/service.js';
import { ITINERARIES_KEPT } from '../server/features/planner/share-service.js';
import { EncodedBody } from '../server/encoded-body.js';
import { hashToken, newToken } from '../server/lib/tokens.js';
import type { ServerProcess } from '../tests/helpers/process.js';
import {
  capture,
  daysBetween,
  expectOk,
  insertPlannerItems,
  load,
  loadInTurns,
  notOk,
  percentile,
  plannerItemFields,
  productionEnv,
  sessionCookie,
  startBenchServer,
  type LoadFigures,
  type LoadOptions,
} from './common.js';
import { listingQueryPlan } from './planner.js';

/** A fortnight's trip, a season's, and one at the item cap. */
export const ITINERARY_SIZES = [60, 600, ITEMS_PER_TRIP_MAX] as const;
/** Items of each size's first trip added through the API (under the planner's write limit). */
const ITEMS_THROUGH_API = 10;
const FIRST_DAY = '2027-01-01';
const LAST_DAY = '2027-06-30';
/** Load before each measured run, not counted: the server process is new (cold JIT). */
const WARM_UP_SECONDS = 1;
/** The sizes take turns of this many seconds. */
const SLICE_SECONDS = 1;
/** Times each answer is gzipped to time it (the median is kept). */
const GZIP_ROUNDS = 5;

type Read = 'owner' | 'shared';
const READS: readonly Read[] = ['owner', 'shared'];
const READ_NAMES: Record<Read, string> = {
  owner: "the owner's, GET /api/planner-items?plannerId=ID",
  shared: "a link's, GET /api/shared-trips/:token",
};

interface SizeFigures {
  items: number;
  /** The answer's bytes, as JSON and gzipped. */
  bytes: number;
  gzipBytes: number;
  /** What gzipping the answer takes the server (EncodedBody), ms: a miss costs a browser this too. */
  gzipMs: number;
  cacheOn: LoadFigures;
  cacheOff: LoadFigures;
}

/** How one read's cost grew from a smaller trip to a larger one. */
interface Growth {
  from: number;
  to: number;
  /** The items' ratio: growing no faster than the data is a cost ratio at or under it. */
  items: number;
  p50: number;
  /** Seconds per answer (1 / requests per second) at the larger size over the smaller. */
  timePerAnswer: number;
}

interface SeededTrip {
  size: number;
  /** The trips of this size: the first is the one read with the cache on. */
  tripIds: string[];
  /** Their link tokens, in the same order. */
  tokens: string[];
}

/** Copies a row of `table` under a new id, with some columns replaced (snake_case names). */
function copyRow(
  sqlite: SQLite.Database,
  table: string,
  sourceId: string,
  replaced: Record<string, string>,
): void {
  const columns = (sqlite.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name);
  const values = columns.map((column) => (column in replaced ? `@${column}` : column));
  sqlite
    .prepare(
      `insert into ${table} (${columns.join(', ')}) select ${values.join(', ')} from ${table} where id = @sourceId`,
    )
    .run({ ...replaced, sourceId });
}

/**
 * In the stopped server's SQLite file, in one transaction: the rest of each first trip's items,
 * then `copies` more trips of each size (the same visitor's, the same items, a link each).
 */
function insertDirectly(
  file: string,
  firsts: { size: number; tripId: string; shareId: string; token: string }[],
  copies: number,
): SeededTrip[] {
  const days = daysBetween(FIRST_DAY, LAST_DAY);
  const sqlite = new SQLite(file);
  try {
    sqlite.pragma('foreign_keys = ON');
    return sqlite.transaction(() =>
      firsts.map((first) => {
        insertPlannerItems(sqlite, first.tripId, {
          from: ITEMS_THROUGH_API,
          to: first.size,
          days,
        });
        const seeded: SeededTrip = {
          size: first.size,
          tripIds: [first.tripId],
          tokens: [first.token],
        };
        for (let i = 0; i < copies; i++) {
          const tripId = randomUUID();
          const token = newToken();
          const now = new Date().toISOString();
          copyRow(sqlite, 'trip_planners', first.tripId, { id: tripId, created_at: now });
          insertPlannerItems(sqlite, tripId, { from: 0, to: first.size, days });
          copyRow(sqlite, 'trip_shares', first.shareId, {
            id: randomUUID(),
            planner_id: tripId,
            token_hash: hashToken(token),
            created_at: now,
          });
          seeded.tripIds.push(tripId);
          seeded.tokens.push(token);
        }
        return seeded;
      }),
    )();
  } finally {
    sqlite.close();
  }
}

/**
 * autocannon's options for one read: `paths` taken in turn, one per request; with `addresses`,
 * every request from another client address (X-Forwarded-For, believed from loopback).
 */
function requestOptions(
  url: string,
  paths: string[],
  headers: Record<string, string>,
  addresses: boolean,
): autocannon.Options {
  let turn = 0;
  return {
    url,
    headers,
    requests: [
      {
        setupRequest: (request) => {
          const n = turn++;
          return {
            ...request,
            path: paths[n % paths.length]!,
            ...(addresses
              ? {
                  headers: {
                    ...request.headers,
                    'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
                  },
                }
              : {}),
          };
        },
      },
    ],
  };
}

const ownerPath = (tripId: string) => `/api/planner-items?plannerId=${tripId}`;
const sharedPath = (token: string) => `/api/shared-trips/${encodeURIComponent(token)}`;

/** The growth of each read's cost, cache on and off, from each size to the next and end to end. */
function growthOf(sizes: SizeFigures[], state: 'cacheOn' | 'cacheOff'): Growth[] {
  const pairs: [SizeFigures, SizeFigures][] = [
    ...sizes.slice(1).map((larger, i): [SizeFigures, SizeFigures] => [sizes[i]!, larger]),
    [sizes[0]!, sizes.at(-1)!],
  ];
  return pairs.map(([small, large]) => ({
    from: small.items,
    to: large.items,
    items: large.items / small.items,
    p50: large[state].p50 / small[state].p50,
    timePerAnswer: small[state].rps / large[state].rps,
  }));
}

/** The answer gzipped as the server gzips it for a browser, and the median time that took. */
async function gzipTimed(body: Buffer): Promise<{ bytes: number; ms: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < GZIP_ROUNDS; i++) {
    const started = performance.now();
    bytes = (await new EncodedBody(body).body('gzip')).length;
    times.push(performance.now() - started);
  }
  return { bytes, ms: percentile(times, 50) };
}

/** Runs the whole-itinerary benchmark and returns the lines to print and the figures. */
export async function runItineraryBench(
  options: LoadOptions,
): Promise<{ lines: string[]; figures: Record<string, unknown> }> {
  // The misses take turns over more trips than the larger cache holds, so each trip's previous read
  // is further back than the cache reaches, and no two connections ask for the same trip at once
  // (they would share one build); one more trip of each size is the cached one.
  const tripsPerSize = Math.max(LISTING_CACHE_ENTRIES, ITINERARIES_KEPT) + options.connections + 2;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aj-bench-itinerary-'));
  const env = { ...productionEnv(dataDir), TRUST_PROXY: 'loopback' };
  let app: ServerProcess | undefined;
  try {
    const seedStarted = Date.now();
    app = await startBenchServer(env);
    const first = app.url;
    // One visitor (the session starts with a read, as the page does), one trip of each size.
    const session = await fetch(`${first}/api/trip-planners`);
    await expectOk(session, 'GET /api/trip-planners');
    const cookie = sessionCookie(session, 'GET /api/trip-planners');
    const post = async (pathname: string, body: unknown) => {
      const response = await fetch(`${first}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
      await expectOk(response, `POST ${pathname}`);
      return response.json() as Promise<unknown>;
    };
    const days = daysBetween(FIRST_DAY, LAST_DAY);
    const firsts = [];
    for (const size of ITINERARY_SIZES) {
      const trip = tripSchema.parse(
        await post('/api/trip-planners', {
          title: `A trip of ${size} items`,
          destination: 'Mediterranean',
          startDate: FIRST_DAY,
          endDate: LAST_DAY,
        }),
      );
      await Promise.all(
        Array.from({ length: ITEMS_THROUGH_API }, (_, n) => {
          const { priceCents, ...fields } = plannerItemFields(n, days);
          return post('/api/planner-items', {
            plannerId: trip.id,
            ...fields,
            price: (priceCents / 100).toFixed(2),
          });
        }),
      );
      const share = tripShareSchema.parse(
        await post(`/api/trip-planners/${trip.id}/shares`, { expiresInDays: null }),
      );
      // The link's address ends with its token (contracts/routes.ts, sharedTripPath).
      const token = decodeURIComponent(share.shareUrl.split('/').at(-1)!);
      firsts.push({ size, tripId: trip.id, shareId: share.id, token });
    }

    // The rest straight into the database, the server stopped, then the server again.
    await app.stop('SIGTERM');
    app = undefined;
    const file = path.join(dataDir, SQLITE_FILE);
    const seeded = insertDirectly(file, firsts, tripsPerSize - 1);
    const plan = await listingQueryPlan(file, firsts.at(-1)!.tripId);
    app = await startBenchServer(env);
    const url = app.url;
    const seedSeconds = (Date.now() - seedStarted) / 1000;

    // Every trip lists all its items, through both reads: the first and the last copy of each.
    for (const trip of seeded) {
      for (const i of [0, trip.tripIds.length - 1]) {
        const listed = await fetch(`${url}${ownerPath(trip.tripIds[i]!)}`, { headers: { cookie } });
        await expectOk(listed, 'GET /api/planner-items');
        const items = plannerItemListSchema.parse(await listed.json()).length;
        const shared = await fetch(`${url}${sharedPath(trip.tokens[i]!)}`);
        await expectOk(shared, 'GET /api/shared-trips/:token');
        const sharedItems = sharedTripSchema.parse(await shared.json()).items.length;
        if (items !== trip.size || sharedItems !== trip.size) {
          throw new Error(`a ${trip.size}-item trip lists ${items} and shares ${sharedItems}`);
        }
      }
    }

    // The answers a slice left in the making (a miss of the largest trip takes a while) are made
    // before the next size's slice: a health check answers after the work queued before it.
    const settled = async () => {
      await (await fetch(`${url}/api/health`)).arrayBuffer();
    };
    const reads: Record<Read, SizeFigures[]> = { owner: [], shared: [] };
    const warmUp = { ...options, seconds: WARM_UP_SECONDS };
    for (const read of READS) {
      const headers: Record<string, string> = read === 'owner' ? { cookie } : {};
      const addresses = read === 'shared';
      const targets = [];
      for (const trip of seeded) {
        const paths = read === 'owner' ? trip.tripIds.map(ownerPath) : trip.tokens.map(sharedPath);
        const answer = await capture(`${url}${paths[0]!}`, { headers });
        // The first trip is the cached one; the misses take the others, never it.
        const on = requestOptions(url, paths.slice(0, 1), headers, addresses);
        const off = requestOptions(url, paths.slice(1), headers, addresses);
        targets.push({ trip, answer, gzip: await gzipTimed(answer.body), on, off });
      }
      // The misses warm up first: they push the cached trips out of the cache.
      for (const t of targets) await load(t.off, warmUp);
      for (const t of targets) await load(t.on, warmUp);
      // The sizes take turns, so a change in the machine's load meets them alike and their ratios
      // hold; the misses run after the cached reads, for the same reason as above.
      const on = await loadInTurns(
        targets.map((t) => t.on),
        options,
        SLICE_SECONDS,
        settled,
      );
      const off = await loadInTurns(
        targets.map((t) => t.off),
        options,
        SLICE_SECONDS,
        settled,
      );
      reads[read] = targets.map((t, i) => ({
        items: t.trip.size,
        bytes: t.answer.body.length,
        gzipBytes: t.gzip.bytes,
        gzipMs: t.gzip.ms,
        cacheOn: on[i]!,
        cacheOff: off[i]!,
      }));
    }

    const growth = Object.fromEntries(
      READS.map((read) => [
        read,
        { cacheOn: growthOf(reads[read], 'cacheOn'), cacheOff: growthOf(reads[read], 'cacheOff') },
      ]),
    ) as Record<Read, Record<'cacheOn' | 'cacheOff', Growth[]>>;

    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const row = (size: SizeFigures, state: 'cacheOn' | 'cacheOff') => {
      const f = size[state];
      const bad = notOk(f.statuses);
      return [
        `  ${String(size.items).padStart(5)} items`,
        state === 'cacheOn' ? 'cache on ' : 'cache off',
        `${f.rps.toFixed(0).padStart(6)} req/s`,
        `p50 ${f.p50.toFixed(1).padStart(6)} ms`,
        `p95 ${f.p95.toFixed(1).padStart(6)} ms`,
        `p99 ${f.p99.toFixed(1).padStart(6)} ms`,
        bad > 0 ? `NOT 2xx: ${bad} (${JSON.stringify(f.statuses)})` : '',
      ].join('  ');
    };
    const growthLine = (g: Growth, state: string) =>
      `  ${state}, ${g.from} -> ${g.to} items (x${g.items.toFixed(1)}): p50 x${g.p50.toFixed(1)}, time per answer x${g.timePerAnswer.toFixed(1)}` +
      ` (per item x${(g.timePerAnswer / g.items).toFixed(2)}: ${g.timePerAnswer <= g.items ? 'no faster than the data' : 'FASTER than the data'})`;

    const lines = [
      `\nItinerary: every item of one trip in one read, trips of ${ITINERARY_SIZES.join(', ')} items; ${options.seconds}s per run after ${WARM_UP_SECONDS}s of warm-up, the sizes taking turns of ${SLICE_SECONDS} s, ${options.connections} connections, not asking for gzip (autocannon would measure its own decoding)`,
      `Cache on: one trip of each size, again and again. Cache off: ${tripsPerSize - 1} other trips of each size (copies, each with its own link) in turn, more than the caches keep (${LISTING_CACHE_ENTRIES} listings, ${ITINERARIES_KEPT} itineraries): every answer a miss. Seeded in ${seedSeconds.toFixed(0)} s`,
      `Query plan of the whole trip (SQLite): ${plan.join(' | ')}`,
    ];
    for (const read of READS) {
      lines.push(`\n${READ_NAMES[read]}:`);
      for (const size of reads[read]) {
        lines.push(
          `  ${size.items} items: ${kb(size.bytes)}; gzipped ${kb(size.gzipBytes)}, which takes the server ${size.gzipMs.toFixed(1)} ms on a miss (off the event loop)`,
        );
      }
      for (const size of reads[read]) lines.push(row(size, 'cacheOn'));
      for (const size of reads[read]) lines.push(row(size, 'cacheOff'));
      for (const g of growth[read].cacheOn) lines.push(growthLine(g, 'cache on '));
      for (const g of growth[read].cacheOff) lines.push(growthLine(g, 'cache off'));
    }
    return {
      lines,
      figures: {
        sizes: ITINERARY_SIZES,
        tripsPerSize,
        listingCacheEntries: LISTING_CACHE_ENTRIES,
        itinerariesKept: ITINERARIES_KEPT,
        seconds: options.seconds,
        connections: options.connections,
        warmUpSeconds: WARM_UP_SECONDS,
        seedSeconds,
        queryPlan: plan,
        reads,
        growth,
      },
    };
  } finally {
    await app?.stop('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}
