/**
 * Soak (issue 10, Reliability): mixed requests for 60 s against one production server process,
 * with a bounded number of connections (autocannon), counting every answer by status class (there
 * must be no 5xx; 429s, the per-visitor limits, are counted on their own) and sampling the server's
 * resident memory (VmRSS of the child process, /proc) every 2 s.
 *
 * Each connection repeats one visit, as a person planning a trip would make it, each time as the
 * next of VISITORS visitors in turn: the catalogue, a search, the trip's month, an item added,
 * booked, the month again, the item deleted, a chat message, the chat history, the media gallery,
 * a trip created, the trips listed, that trip deleted, the advisories. So the database stays the
 * same size (every write is undone in the same visit, except the chat exchanges, which a visitor
 * keeps), and memory that grows is the server's, not the data's. Visitors are many enough that no
 * per-visitor limit is reached at this machine's rate (chat allows 30 a minute, planner writes 120
 * a minute per route): any 429 is reported.
 *
 * Memory is flat when it grows by less than GROWTH_BOUND_MB from the end of the warm-up to the end,
 * and the mean of the last third of the samples is less than TREND_BOUND_MB above the mean of the
 * middle third (no steady upward trend).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { tripSchema } from '../contracts/planner.js';
import type { SearchRequest } from '../contracts/search.js';
import { makeMediaFixtures } from '../tests/helpers/media-files.js';
import type { ServerProcess } from '../tests/helpers/process.js';
import {
  MB,
  expectOk,
  inBatches,
  load,
  mean,
  productionEnv,
  residentBytes,
  sessionCookie,
  type LoadFigures,
  startBenchServer,
} from './common.js';

const VISITORS = 160;
/** Items in each visitor's trip before the run (the month view lists them). */
const ITEMS_PER_TRIP = 6;
/** Visitors with a photo in their gallery (the rest list an empty one). */
const VISITORS_WITH_PHOTOS = 16;
/** The chat's per-visitor limit (server/features/chat/routes.ts): the tightest of the visit. */
const CHAT_PER_MINUTE = 30;
const SAMPLE_EVERY_MS = 2000;
const WARM_UP_SECONDS = 10;
export const GROWTH_BOUND_MB = 32;
export const TREND_BOUND_MB = 16;

const TRIP = { startDate: '2027-05-10', endDate: '2027-05-21' };
const MONTH = { from: '2027-05-01', to: '2027-05-31' };

/** Searches that find 1 to 20 places, and two that find none. */
const SEARCHES: SearchRequest[] = [
  { to: 'Canada', accessibilityNeeds: ['Mobility Support'] },
  {
    from: 'London',
    to: 'national park',
    checkinDate: '2027-05-10',
    checkoutDate: '2027-05-17',
    accessibilityNeeds: ['Mobility Support'],
  },
  { to: 'United States', accessibilityNeeds: ['Mobility Support', 'Hearing Support'] },
  { to: 'Japan', accessibilityNeeds: ['Visual Support', 'Hearing Support'] },
  {},
  { from: 'New York', to: 'Lisbon', checkinDate: '2027-06-01', checkoutDate: '2027-06-08' },
  { to: 'museum', accessibilityNeeds: ['Mobility Support', 'Visual Support'] },
];
const QUESTIONS = [
  'Which destinations have step-free access in Canada under $50?',
  'Are there any travel advisories for Japan?',
  'What is the emergency number in France?',
  'Add a hotel in Banff on 12 May to my trip',
  'I use a wheelchair and need a quiet place by the sea in June',
];

export interface SoakOptions {
  seconds: number;
  connections: number;
}

interface StepCounts {
  '2xx': number;
  '3xx': number;
  '4xx (not 429)': number;
  '429': number;
  '5xx': number;
}

export interface SoakFigures {
  seconds: number;
  connections: number;
  visitors: number;
  stepsPerVisit: number;
  totals: LoadFigures;
  byClass: StepCounts;
  bySteps: Record<string, StepCounts>;
  rss: {
    sampleEverySeconds: number;
    /** [seconds since the load started, MB] */
    samples: [number, number][];
    startMB: number;
    afterWarmUpMB: number;
    endMB: number;
    maxMB: number;
    growthAfterWarmUpMB: number;
    middleThirdMeanMB: number;
    lastThirdMeanMB: number;
    growthBoundMB: number;
    trendBoundMB: number;
    flat: boolean;
  };
  zero5xx: boolean;
  healthyAfter: boolean;
}

interface Visitor {
  cookie: string;
  tripId: string;
  /**
   * Where the visitor connects from (RFC 2544's benchmarking range), told to the server in
   * X-Forwarded-For: 160 people do not share one address, and the limits by address (decision 009)
   * would otherwise count them as one client.
   */
  address: string;
}

/** The i-th visitor's address: 198.18.0.1, 198.18.0.2, … */
const addressOf = (i: number) => `198.18.${Math.floor((i + 1) / 256)}.${(i + 1) % 256}`;

interface Visit {
  visitor?: Visitor;
  itemId?: string;
  tripId?: string;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
interface Step {
  name: string;
  /** The request of this step for this visit; `body` is JSON. */
  request(visit: Visit, turn: number): { method: Method; path: string; body?: unknown };
  /** What the step keeps from a 2xx answer for the next steps of the visit. */
  keep?(visit: Visit, body: string): void;
}

const idOf = (body: string) => (JSON.parse(body) as { id: string }).id;
const monthOf = (visit: Visit) =>
  `/api/planner-items?plannerId=${visit.visitor!.tripId}&from=${MONTH.from}&to=${MONTH.to}`;

/** One visit; a step whose earlier step failed (a 429) reads the trips instead. */
const STEPS: Step[] = [
  { name: 'GET /api/destinations', request: () => ({ method: 'GET', path: '/api/destinations' }) },
  {
    name: 'POST /api/search',
    request: (_v, turn) => ({
      method: 'POST',
      path: '/api/search',
      body: SEARCHES[turn % SEARCHES.length],
    }),
  },
  { name: 'GET /api/planner-items (month)', request: (v) => ({ method: 'GET', path: monthOf(v) }) },
  {
    name: 'POST /api/planner-items',
    request: (v, turn) => ({
      method: 'POST',
      path: '/api/planner-items',
      body: {
        plannerId: v.visitor!.tripId,
        itemType: 'activity',
        itemName: `Accessible boat tour ${turn}`,
        itemDescription: 'Ramp boarding; ask for the front deck',
        scheduledDate: '2027-05-14',
        scheduledTime: 'afternoon',
        price: '45.00',
        priority: 1,
      },
    }),
    keep: (visit, body) => (visit.itemId = idOf(body)),
  },
  {
    name: 'PATCH /api/planner-items/:id',
    request: (v) =>
      v.itemId
        ? { method: 'PATCH', path: `/api/planner-items/${v.itemId}`, body: { isBooked: true } }
        : { method: 'GET', path: '/api/trip-planners' },
  },
  {
    name: 'GET /api/planner-items (after a write)',
    request: (v) => ({ method: 'GET', path: monthOf(v) }),
  },
  {
    name: 'DELETE /api/planner-items/:id',
    request: (v) =>
      v.itemId
        ? { method: 'DELETE', path: `/api/planner-items/${v.itemId}` }
        : { method: 'GET', path: '/api/trip-planners' },
  },
  {
    name: 'POST /api/chat',
    request: (_v, turn) => ({
      method: 'POST',
      path: '/api/chat',
      body: { message: QUESTIONS[turn % QUESTIONS.length] },
    }),
  },
  { name: 'GET /api/chat', request: () => ({ method: 'GET', path: '/api/chat' }) },
  { name: 'GET /api/media', request: () => ({ method: 'GET', path: '/api/media' }) },
  {
    name: 'POST /api/trip-planners',
    request: (_v, turn) => ({
      method: 'POST',
      path: '/api/trip-planners',
      body: { title: `Weekend ${turn}`, destination: 'Lisbon', startDate: '2027-09-03' },
    }),
    keep: (visit, body) => (visit.tripId = idOf(body)),
  },
  {
    name: 'GET /api/trip-planners',
    request: () => ({ method: 'GET', path: '/api/trip-planners' }),
  },
  {
    name: 'DELETE /api/trip-planners/:id',
    request: (v) =>
      v.tripId
        ? { method: 'DELETE', path: `/api/trip-planners/${v.tripId}` }
        : { method: 'GET', path: '/api/trip-planners' },
  },
  { name: 'GET /api/advisories', request: () => ({ method: 'GET', path: '/api/advisories' }) },
];

const emptyCounts = (): StepCounts => ({
  '2xx': 0,
  '3xx': 0,
  '4xx (not 429)': 0,
  '429': 0,
  '5xx': 0,
});
const classOf = (status: number): keyof StepCounts =>
  status === 429
    ? '429'
    : status >= 500
      ? '5xx'
      : status >= 400
        ? '4xx (not 429)'
        : status >= 300
          ? '3xx'
          : '2xx';

/** The autocannon requests of one visit, as the next visitor each time it starts again. */
function visitRequests(visitors: Visitor[], bySteps: Record<string, StepCounts>) {
  let nextVisitor = 0;
  /** Each step counts its own turns, so searches and questions vary from one visit to the next. */
  const turns = STEPS.map(() => 0);
  return STEPS.map((step, index): autocannon.Request => ({
    setupRequest: (request, context) => {
      const visit = context as Visit;
      if (index === 0 || !visit.visitor) visit.visitor = visitors[nextVisitor++ % visitors.length];
      const { method, path: pathname, body } = step.request(visit, turns[index]!++);
      return {
        ...request,
        method,
        path: pathname,
        headers: {
          cookie: visit.visitor!.cookie,
          'x-forwarded-for': visit.visitor!.address,
          'accept-encoding': 'gzip, deflate, br',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? '' : JSON.stringify(body),
      };
    },
    onResponse: (status, body, context) => {
      bySteps[step.name]![classOf(status)]++;
      if (status >= 200 && status < 300) step.keep?.(context as Visit, body);
    },
  }));
}

/** Visitors, each with a session, a trip of ITEMS_PER_TRIP items and, for some, a photo. */
async function seedVisitors(url: string): Promise<Visitor[]> {
  const media = await makeMediaFixtures();
  try {
    return await inBatches(
      Array.from({ length: VISITORS }, (_, i) => i),
      12,
      async (i) => {
        const address = addressOf(i);
        const session = await fetch(`${url}/api/trip-planners`, {
          headers: { 'x-forwarded-for': address },
        });
        await expectOk(session, 'GET /api/trip-planners');
        await session.arrayBuffer();
        const cookie = sessionCookie(session, 'GET /api/trip-planners');
        const send = async (method: string, pathname: string, body?: unknown) => {
          const response = await fetch(new URL(pathname, url), {
            method,
            headers: {
              cookie,
              'x-forwarded-for': address,
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          await expectOk(response, `${method} ${pathname}`);
          return response.json() as Promise<unknown>;
        };
        const trip = tripSchema.parse(
          await send('POST', '/api/trip-planners', {
            title: `Visitor ${i + 1}: Rockies`,
            destination: 'Banff, Canada',
            ...TRIP,
          }),
        );
        for (let n = 0; n < ITEMS_PER_TRIP; n++) {
          await send('POST', '/api/planner-items', {
            plannerId: trip.id,
            itemType: (['hotel', 'activity', 'car', 'flight'] as const)[n % 4],
            itemName: `Item ${n + 1}`,
            itemDescription: n % 2 ? 'Step-free entrance confirmed' : null,
            scheduledDate: `2027-05-${String(10 + (n % 12)).padStart(2, '0')}`,
            scheduledTime: (['morning', 'afternoon', 'evening', ''] as const)[n % 4],
            price: `${(n * 31) % 400}.00`,
            priority: n % 3,
          });
        }
        if (i < VISITORS_WITH_PHOTOS) {
          const photo = media.jpeg;
          const ticket = (await send('POST', '/api/media/upload', {
            fileType: 'image/jpeg',
            fileSize: photo.length,
          })) as { uploadURL: string; headers: Record<string, string> };
          const put = await fetch(new URL(ticket.uploadURL, url), {
            method: 'PUT',
            headers: { ...ticket.headers, cookie, 'x-forwarded-for': address },
            body: photo,
          });
          await expectOk(put, 'PUT upload URL');
          await put.arrayBuffer();
          await send('PUT', '/api/media', {
            mediaURL: new URL(ticket.uploadURL, url).href,
            fileName: `ramp-${i + 1}.jpg`,
            fileType: 'image/jpeg',
            fileSize: photo.length,
            description: 'The ramp at the side entrance',
          });
        }
        return { cookie, tripId: trip.id, address };
      },
    );
  } finally {
    await media.close();
  }
}

const toMB = (bytes: number) => bytes / MB;

/** Runs the soak and returns the lines to print and the figures. */
export async function runSoakBench(options: SoakOptions): Promise<{
  lines: string[];
  figures: SoakFigures;
}> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aj-bench-soak-'));
  let app: ServerProcess | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    // The bench's client is the proxy: the server believes its X-Forwarded-For.
    app = await startBenchServer({ ...productionEnv(dataDir), TRUST_PROXY: 'loopback' });
    const { url } = app;
    const pid = app.child.pid;
    if (pid === undefined) throw new Error('the server process has no pid');
    const populated = await fetch(`${url}/api/destinations/populate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await expectOk(populated, 'POST /api/destinations/populate');
    const seedStarted = Date.now();
    const visitors = await seedVisitors(url);
    const seedSeconds = (Date.now() - seedStarted) / 1000;

    const bySteps: Record<string, StepCounts> = Object.fromEntries(
      STEPS.map((step) => [step.name, emptyCounts()]),
    );
    const samples: [number, number][] = [];
    const started = Date.now();
    const sample = async () => {
      const rss = await residentBytes(pid);
      if (rss !== null) samples.push([(Date.now() - started) / 1000, toMB(rss)]);
    };
    await sample();
    timer = setInterval(() => void sample(), SAMPLE_EVERY_MS);
    const totals = await load(
      { url, requests: visitRequests(visitors, bySteps) },
      { seconds: options.seconds, connections: options.connections },
    );
    clearInterval(timer);
    timer = undefined;
    await sample();

    const health = await fetch(`${url}/api/health`).catch(() => null);
    const healthyAfter = health?.ok === true && app.child.exitCode === null;

    const byClass = emptyCounts();
    for (const counts of Object.values(bySteps)) {
      for (const key of Object.keys(byClass) as (keyof StepCounts)[]) byClass[key] += counts[key];
    }
    const mbs = samples.map(([, mb]) => mb);
    const startMB = mbs[0]!;
    const afterWarmUp = samples.find(([t]) => t >= WARM_UP_SECONDS) ?? samples.at(-1)!;
    const endMB = mbs.at(-1)!;
    const third = Math.floor(mbs.length / 3);
    const middleThirdMeanMB = mean(mbs.slice(third, 2 * third));
    const lastThirdMeanMB = mean(mbs.slice(mbs.length - third));
    const growthAfterWarmUpMB = endMB - afterWarmUp[1];
    const flat =
      growthAfterWarmUpMB < GROWTH_BOUND_MB && lastThirdMeanMB - middleThirdMeanMB < TREND_BOUND_MB;
    const zero5xx = byClass['5xx'] === 0 && totals.statuses['5xx'] === 0;

    const figures: SoakFigures = {
      seconds: options.seconds,
      connections: options.connections,
      visitors: VISITORS,
      stepsPerVisit: STEPS.length,
      totals,
      byClass,
      bySteps,
      rss: {
        sampleEverySeconds: SAMPLE_EVERY_MS / 1000,
        samples,
        startMB,
        afterWarmUpMB: afterWarmUp[1],
        endMB,
        maxMB: Math.max(...mbs),
        growthAfterWarmUpMB,
        middleThirdMeanMB,
        lastThirdMeanMB,
        growthBoundMB: GROWTH_BOUND_MB,
        trendBoundMB: TREND_BOUND_MB,
        flat,
      },
      zero5xx,
      healthyAfter,
    };

    const mb = (n: number) => `${n.toFixed(1)} MB`;
    const counts = (c: StepCounts) =>
      Object.entries(c)
        .map(([key, n]) => `${key} ${n}`)
        .join(', ');
    const s = totals.statuses;
    const lines = [
      `\nSoak: ${options.seconds}s of mixed requests, ${options.connections} connections, each repeating a visit of ${STEPS.length} requests as the next of ${VISITORS} visitors (trips of ${ITEMS_PER_TRIP} items, ${VISITORS_WITH_PHOTOS} with a photo; seeded in ${seedSeconds.toFixed(0)} s)`,
      `Visits: ${(totals.rps / STEPS.length).toFixed(1)}/s; ${VISITORS} visitors allow ${((VISITORS * CHAT_PER_MINUTE) / 60).toFixed(0)}/s under the chat limit of ${CHAT_PER_MINUTE} a minute each`,
      `Requests: ${totals.requests} (${totals.rps.toFixed(0)} req/s), p50 ${totals.p50.toFixed(1)} ms, p95 ${totals.p95.toFixed(1)} ms, p99 ${totals.p99.toFixed(1)} ms; connection errors ${s.errors}, timeouts ${s.timeouts}`,
      `Statuses: ${counts(byClass)}  =>  5xx: ${zero5xx ? 'none (met)' : `${byClass['5xx']} (NOT MET)`}; server answering after the run: ${healthyAfter ? 'yes' : 'NO'}`,
      ...Object.entries(bySteps)
        .filter(([, c]) => c['2xx'] !== Object.values(c).reduce((a, b) => a + b, 0))
        .map(([name, c]) => `  not all 2xx: ${name}: ${counts(c)}`),
      `Server RSS: start ${mb(startMB)}, after ${WARM_UP_SECONDS} s warm-up ${mb(afterWarmUp[1])}, end ${mb(endMB)}, max ${mb(figures.rss.maxMB)}; growth after warm-up ${mb(growthAfterWarmUpMB)}; mean of the middle third ${mb(middleThirdMeanMB)}, last third ${mb(lastThirdMeanMB)}`,
      `Memory: ${flat ? 'flat' : 'NOT FLAT'} (bound: growth after warm-up < ${GROWTH_BOUND_MB} MB and last third < middle third + ${TREND_BOUND_MB} MB)`,
      `RSS every ${SAMPLE_EVERY_MS / 1000} s (MB): ${mbs.map((n) => n.toFixed(0)).join(' ')}`,
    ];
    return { lines, figures };
  } finally {
    if (timer) clearInterval(timer);
    await app?.stop('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}
