/**
 * Load benchmark: each endpoint of the production server next to a bare node:http server (its own
 * process, bench/bare-server.ts) answering the same bytes, in the same run, with the same requests
 * (method, path, headers, body) from autocannon, so the ratio means something on a shared, noisy
 * machine. Each endpoint's answer is captured once from our server (status, content type, content
 * encoding, body bytes) and served as it is by the bare server. After a warm-up of each, ours and
 * bare take turns of one second until each had the run's seconds, with the same connections: the
 * machine's load, which other work changes from second to second, falls on both alike.
 *
 * - GET /api/health: the floor, what every request costs (hooks, headers, session cookie).
 * - GET /api/destinations: the catalogue, as the home and search pages read it.
 * - POST /api/search: a search by destination, dates and two needs (contracts/search.ts).
 * - POST /api/chat: the built-in assistant, spread over many visitors (made beforehand) so the
 *   per-visitor limit of 30 a minute does not apply; every reply reads the catalogue and writes
 *   the exchange.
 * - GET /api/planner-items: one visitor's two-week trip of 56 items, the month view's query
 *   (plannerId, from, to), asking for gzip as browsers do, and again without.
 *
 * Every request carries a visitor's session cookie, as a browser's do after its first request.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { tripSchema } from '../contracts/planner.js';
import type { SearchRequest } from '../contracts/search.js';
import type { ServerProcess } from '../tests/helpers/process.js';
import {
  capture,
  expectOk,
  inBatches,
  load,
  loadInTurn,
  notOk,
  productionEnv,
  sessionCookie,
  startBareServer,
  type LoadFigures,
  type LoadOptions,
  startBenchServer,
} from './common.js';

/** Aim of issue 10: our reads at least half of bare node:http's requests per second. */
export const TARGET_READ_RATIO = 0.5;
/** Issue 4: the built-in assistant answers with p95 under 50 ms. */
const CHAT_TARGET_P95_MS = 50;
/**
 * Enough visitors, each at an address of its own, that none reaches a route's limits (chat: 30 a
 * minute per visitor and 120 per address; search: 120 and 600) at this machine's rate: the limits
 * are for one client, and the bench measures the server under many. The bench's server trusts
 * the loopback proxy, so an `X-Forwarded-For` gives each visitor its address.
 */
const VISITORS = 1000;
/** Load before each measured run, not counted: the server process is new (cold JIT). */
const WARM_UP_SECONDS = 2;
/** Ours and bare take turns of this many seconds, so both meet the machine's same moments. */
const SLICE_SECONDS = 1;
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/** A two-week trip, four items a day: a realistic planner (bench/planner.ts has the 5,000). */
const TRIP = { startDate: '2027-05-10', endDate: '2027-05-23', itemsPerDay: 4 };
const MONTH = { from: '2027-05-01', to: '2027-05-31' };
/** A search that finds five places, as the search page sends it. */
const SEARCH: SearchRequest = {
  from: 'London',
  to: 'national park',
  checkinDate: '2027-05-10',
  checkoutDate: '2027-05-17',
  accessibilityNeeds: ['Mobility Support'],
};
const CHAT_QUESTION = 'Which destinations have step-free access in Canada under $50?';

export interface EndpointFigures {
  endpoint: string;
  /** A read: the 0.5 aim applies. */
  read: boolean;
  requestHeaders: Record<string, string>;
  response: { status: number; headers: Record<string, string>; bytes: number };
  ours: LoadFigures;
  bare: LoadFigures;
  ratio: number;
}

export interface LoadBenchResult {
  lines: string[];
  figures: {
    seconds: number;
    connections: number;
    warmUpSeconds: number;
    targetReadRatio: number;
    endpoints: EndpointFigures[];
    chatP95TargetMs: number;
  };
}

interface Case {
  endpoint: string;
  read: boolean;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /**
   * Visitors to take in turn, one per request, each with its cookie and its address; else
   * headers.cookie, from the bench's own address.
   */
  visitors?: readonly Visitor[];
  /** The cookie the captured answer is asked with (a visitor of its own for chat). */
  captureCookie?: string;
}

interface Visitor {
  cookie: string;
  address: string;
}

/** The i-th visitor's address: one of 10.0.0.0/8, the same for the whole run. */
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

function requestOptions(base: string, c: Case): autocannon.Options {
  let turn = 0;
  const { visitors } = c;
  return {
    url: `${base}${c.path}`,
    method: c.method,
    headers: c.headers,
    body: c.body,
    ...(visitors
      ? {
          requests: [
            {
              setupRequest: (request) => {
                const { cookie, address } = visitors[turn++ % visitors.length]!;
                return {
                  ...request,
                  headers: { ...request.headers, cookie, 'x-forwarded-for': address },
                };
              },
            },
          ],
        }
      : {}),
  };
}

const describeStatuses = (s: LoadFigures['statuses']) =>
  Object.entries(s)
    .filter(([key, n]) => key !== '2xx' && n > 0)
    .map(([key, n]) => `${n} ${key}`)
    .join(', ');

/** The visitor: a session cookie, and the session stored (as any feature's first use does). */
async function newVisitor(url: string): Promise<string> {
  const response = await fetch(`${url}/api/chat`);
  await expectOk(response, 'GET /api/chat');
  await response.arrayBuffer();
  return sessionCookie(response, 'GET /api/chat');
}

/** One visitor's two-week trip with four items a day, made through the API. */
async function seedTrip(url: string, cookie: string): Promise<{ id: string; items: number }> {
  const post = (pathname: string, body: unknown) =>
    fetch(`${url}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
  const created = await post('/api/trip-planners', {
    title: 'Two weeks in the Rockies',
    destination: 'Banff, Canada',
    startDate: TRIP.startDate,
    endDate: TRIP.endDate,
  });
  await expectOk(created, 'POST /api/trip-planners');
  const trip = tripSchema.parse(await created.json());
  const days: string[] = [];
  for (
    let day = new Date(`${TRIP.startDate}T00:00:00Z`);
    day.toISOString().slice(0, 10) <= TRIP.endDate;
    day = new Date(day.getTime() + 86_400_000)
  ) {
    days.push(day.toISOString().slice(0, 10));
  }
  const kinds = [
    { itemType: 'hotel', itemName: 'Accessible room, roll-in shower', scheduledTime: 'allday' },
    { itemType: 'activity', itemName: 'Gondola (step-free boarding)', scheduledTime: 'morning' },
    { itemType: 'car', itemName: 'Hand-control rental car', scheduledTime: 'afternoon' },
    { itemType: 'activity', itemName: 'Captioned evening tour', scheduledTime: 'evening' },
  ] as const;
  const items = days.flatMap((day, d) =>
    kinds.slice(0, TRIP.itemsPerDay).map((kind, k) => ({
      plannerId: trip.id,
      ...kind,
      itemDescription: `Day ${d + 1}: confirmed by phone, ask for the ramp at the side entrance`,
      scheduledDate: day,
      price: ((d * 37 + k * 55) % 300).toFixed(2),
      priority: k % 3,
    })),
  );
  await inBatches(items, 8, async (item) => {
    const response = await post('/api/planner-items', item);
    await expectOk(response, 'POST /api/planner-items');
    await response.arrayBuffer();
  });
  return { id: trip.id, items: items.length };
}

async function measure(
  app: ServerProcess,
  c: Case,
  options: LoadOptions,
  scratch: string,
): Promise<EndpointFigures> {
  const captureHeaders = {
    ...c.headers,
    ...(c.captureCookie ? { cookie: c.captureCookie } : {}),
  };
  const answer = await capture(`${app.url}${c.path}`, {
    method: c.method,
    headers: captureHeaders,
    body: c.body,
  });
  if (answer.status < 200 || answer.status > 299) {
    throw new Error(`${c.endpoint} answered ${answer.status}: ${answer.body.toString()}`);
  }
  const bare = await startBareServer(answer, path.join(scratch, 'answer.json'));
  try {
    const warmUp = { ...options, seconds: WARM_UP_SECONDS };
    await load(requestOptions(app.url, c), warmUp);
    await load(requestOptions(bare.url, c), warmUp);
    const [ours, theirs] = await loadInTurn(
      requestOptions(app.url, c),
      requestOptions(bare.url, c),
      options,
      SLICE_SECONDS,
    );
    return {
      endpoint: c.endpoint,
      read: c.read,
      requestHeaders: c.visitors
        ? { ...c.headers, cookie: '(one visitor per request)', 'x-forwarded-for': '(its own)' }
        : c.headers,
      response: { status: answer.status, headers: answer.headers, bytes: answer.body.length },
      ours,
      bare: theirs,
      ratio: ours.rps / theirs.rps,
    };
  } finally {
    await bare.stop();
  }
}

function row(f: EndpointFigures): string {
  const extra: string[] = [];
  if (f.read) {
    extra.push(
      `(target >= ${TARGET_READ_RATIO}: ${f.ratio >= TARGET_READ_RATIO ? 'met' : 'MISSED'})`,
    );
  }
  if (f.endpoint.startsWith('POST /api/chat')) {
    extra.push(
      `(p95 ${f.ours.p95.toFixed(1)} ms, target < ${CHAT_TARGET_P95_MS}: ${f.ours.p95 < CHAT_TARGET_P95_MS ? 'met' : 'MISSED'})`,
    );
  }
  const oursBad = notOk(f.ours.statuses);
  const bareBad = notOk(f.bare.statuses);
  if (oursBad > 0) extra.push(`| NOT 2xx (ours): ${describeStatuses(f.ours.statuses)}`);
  if (bareBad > 0) extra.push(`| NOT 2xx (bare): ${describeStatuses(f.bare.statuses)}`);
  return [
    f.endpoint.padEnd(34),
    `${f.response.bytes.toString().padStart(6)} B`,
    `${f.ours.rps.toFixed(0).padStart(6)} req/s`,
    `p99 ${f.ours.p99.toFixed(1).padStart(5)} ms`,
    `| bare ${f.bare.rps.toFixed(0).padStart(6)} req/s`,
    `p99 ${f.bare.p99.toFixed(1).padStart(5)} ms`,
    `| ratio ${f.ratio.toFixed(2)}`,
    ...extra,
  ].join('  ');
}

/** Runs the load benchmark and returns the lines to print and the figures. */
export async function runLoadBench(options: LoadOptions): Promise<LoadBenchResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aj-bench-load-'));
  const scratch = await mkdtemp(path.join(tmpdir(), 'aj-bench-bare-'));
  let app: ServerProcess | undefined;
  try {
    // The loopback "proxy" is the bench itself, naming each visitor's address.
    app = await startBenchServer({ ...productionEnv(dataDir), TRUST_PROXY: '127.0.0.1' });
    const url = app.url;
    const populated = await fetch(`${url}/api/destinations/populate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await expectOk(populated, 'POST /api/destinations/populate');

    const reader = await newVisitor(url);
    const planner = await newVisitor(url);
    const trip = await seedTrip(url, planner);
    const chatCapture = await newVisitor(url);
    const visitors = await inBatches(
      Array.from({ length: VISITORS }, (_, i) => i),
      8,
      async (i) => ({ cookie: await newVisitor(url), address: addressOf(i + 1) }),
    );

    const browser = { 'accept-encoding': BROWSER_ENCODINGS };
    const json = { ...browser, 'content-type': 'application/json' };
    const monthPath = `/api/planner-items?plannerId=${trip.id}&from=${MONTH.from}&to=${MONTH.to}`;
    const cases: Case[] = [
      {
        endpoint: 'GET /api/health',
        read: false,
        method: 'GET',
        path: '/api/health',
        headers: { ...browser, cookie: reader },
      },
      {
        endpoint: 'GET /api/destinations',
        read: true,
        method: 'GET',
        path: '/api/destinations',
        headers: { ...browser, cookie: reader },
      },
      {
        endpoint: 'POST /api/search',
        read: true,
        method: 'POST',
        path: '/api/search',
        headers: json,
        body: JSON.stringify(SEARCH),
        visitors,
        captureCookie: reader,
      },
      {
        endpoint: 'POST /api/chat (built-in)',
        read: false,
        method: 'POST',
        path: '/api/chat',
        headers: json,
        body: JSON.stringify({ message: CHAT_QUESTION }),
        visitors,
        captureCookie: chatCapture,
      },
      {
        endpoint: 'GET /api/planner-items (gzip)',
        read: true,
        method: 'GET',
        path: monthPath,
        headers: { ...browser, cookie: planner },
      },
      {
        endpoint: 'GET /api/planner-items (identity)',
        read: true,
        method: 'GET',
        path: monthPath,
        headers: { cookie: planner },
      },
    ];

    const endpoints: EndpointFigures[] = [];
    for (const c of cases) endpoints.push(await measure(app, c, options, scratch));

    const search = endpoints.find((f) => f.endpoint === 'POST /api/search')!;
    const lines = [
      `\nLoad: ${options.seconds}s per endpoint after ${WARM_UP_SECONDS}s of warm-up, ${options.connections} connections; ours and a bare node:http server (own process) answering the captured bytes take turns of ${SLICE_SECONDS}s`,
      `Requests carry a visitor's cookie and Accept-Encoding: ${BROWSER_ENCODINGS} (planner-items also without); search: ${JSON.stringify(SEARCH)} (${search.response.bytes} B); planner-items: a trip of ${trip.items} items, ${MONTH.from}..${MONTH.to}; search and chat over ${VISITORS} visitors, each at its own address\n`,
      ...endpoints.map(row),
    ];
    return {
      lines,
      figures: {
        seconds: options.seconds,
        connections: options.connections,
        warmUpSeconds: WARM_UP_SECONDS,
        targetReadRatio: TARGET_READ_RATIO,
        chatP95TargetMs: CHAT_TARGET_P95_MS,
        endpoints,
      },
    };
  } finally {
    await app?.stop('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
    await rm(scratch, { recursive: true, force: true });
  }
}
