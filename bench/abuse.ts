/**
 * Abuse benchmark (issue 25): what one client can cost everyone else. `GET /api/health` is probed
 * once every 20 ms from its own process (bench/health-probe.ts, an open loop: a slow answer does
 * not hold back the next request) for N seconds with the server idle, then for N seconds during
 * each flood in turn, and the floods' figures are printed side by side with the idle ones. The
 * aim of the issue: under every flood, the probe's p95 stays under 100 ms on this machine.
 *
 * Each flood is what one client can send with fresh cookies. A request without a cookie is limited
 * by its address on the per-visitor routes, but a cookie costs nothing: any API answer to a request
 * without one sets a signed one, and none is stored until a feature needs the visitor. So the
 * bench mints 3,000 with GET /api/health before the floods, and on the per-visitor routes every
 * request (or every throw-away visitor's requests) carries the next one: no per-visitor limit ever
 * applies, only limits by address, caps and bounded work do. The public routes (feed, shared
 * pages) are sent without a cookie. The floods, 20 connections each (--abuse-connections):
 *
 * - safety kits: `GET /api/emergency-contacts/safety-kit.pdf` for 50 countries, the most allowed;
 * - feed: the public calendar address of a trip at the item cap (ITEMS_PER_TRIP_MAX), every item
 *   with the longest description allowed: once from cold (the first answer builds the calendar,
 *   as after any change to the trip, which its owner can make at will), once already built;
 * - rendered pages: the shared itinerary of that trip; the shared itinerary of the largest trip
 *   the server still renders with its data (an attacker picks that one: a larger read is left to
 *   the browser, decision 008); and the shared gallery page of 100 photos (the most one link holds);
 * - chat: `POST /api/chat` with a travel question;
 * - movies: one throw-away visitor after another uploads two tiny PNGs and asks for a long movie
 *   of them (movies need the visitor's own files);
 * - bombs: one throw-away visitor after another uploads and records a 16000×16000 PNG of a few
 *   hundred KB (zlib-compressed zeros), whose thumbnail decodes 256 million pixels.
 *
 * Every flood, and the idle run, has a server process of its own (started as `npm start` runs the
 * server, like the other benchmarks), on a fresh copy of the seeded data folder: what one flood
 * leaves behind (a full movie queue, rate-limit counts, cached calendars) never falls on the next.
 * The server's process tree (the server and its ffmpeg/ffprobe children, from /proc) is sampled
 * every 100 ms for its resident memory. Should the machine's available memory fall under 1.5 GB
 * (a bomb's decode is gigabytes), the flood is stopped and its server killed, and the report says so.
 *
 * Seeding, through the API where it is fast enough: the trip, its first items, its calendar
 * address and its itinerary link; the gallery of 100 photos and its share link. The rest of the
 * capped trip's items, and the items of the largest rendered trip, are written straight into the
 * server's SQLite file while it is stopped (as bench/planner.ts does): the planner allows one
 * visitor 120 item writes a minute, so 2,800 items through the API would take 23 minutes. The
 * listing and the cap (one more item is refused) are then checked through the API.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createDeflate, crc32, deflateSync } from 'node:zlib';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { SAFETY_KIT_MAX_COUNTRIES, SAFETY_KIT_PATH } from '../contracts/emergency.js';
import {
  MAX_SHARE_FILES,
  MOVIE_STYLES,
  shareResultSchema,
  uploadTicketSchema,
  type MediaFile,
} from '../contracts/media.js';
import {
  calendarSubscriptionSchema,
  ITEM_DESCRIPTION_MAX,
  ITEM_TYPES,
  ITEMS_PER_TRIP_MAX,
  SCHEDULED_TIMES,
  tripSchema,
  tripShareSchema,
} from '../contracts/planner.js';
import { SQLITE_FILE } from '../server/db/database.js';
import { EMERGENCY_CONTACTS } from '../server/catalogue/emergency-contacts.js';
import type { ServerProcess } from '../tests/helpers/process.js';
import {
  expectOk,
  inBatches,
  insertPlannerItems,
  MB,
  percentile,
  processTree,
  productionEnv,
  residentBytes,
  sessionCookie,
  startBenchServer,
} from './common.js';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The aim of issue 25: /api/health's p95 under every flood. */
export const TARGET_P95_MS = 100;
const PROBE_INTERVAL_MS = 20;
/** /api/health before each measured run, not counted: every server process is new (cold JIT). */
const WARM_UP_SECONDS = 2;
const RSS_SAMPLE_MS = 100;
/** Below this much available memory on the machine, a flood is stopped and its server killed. */
const MEMORY_FLOOR_BYTES = 1536 * MB;
/** How long a stopping server may take before it and its children are killed. */
const STOP_GRACE_MS = 10_000;

const FIRST_DAY = '2027-01-01';
const LAST_DAY = '2027-06-30';
/** The capped trip's first items, through the API (the rest are written directly). */
const ITEMS_THROUGH_API = 20;
/**
 * The largest trip whose shared itinerary the server renders with its data: its items, without a
 * description, make a read under the largest the server renders a page with (128 KB,
 * PAGE_READ_MAX_BYTES in server/plugins/spa.ts). Checked when the bench runs (the read's size is
 * printed).
 */
const RENDERED_TRIP_ITEMS = 800;
const GALLERY_PHOTOS = MAX_SHARE_FILES;
/**
 * Cookies minted before the floods. A request without a cookie is limited by its address on the
 * per-visitor routes (server/plugins/session.ts, visitorRateKey), so a flood "with fresh cookies"
 * sends each request with a signed cookie of its own: these, taken in turn. Each is used at most
 * a few times in a flood, far under every per-visitor limit (the lowest is 10 a minute).
 */
const FRESH_COOKIES = 3000;
const BOMB_SIDE = 16_000;
const CHAT_QUESTION = 'Which destinations have step-free access in Canada under $50?';
/** The longest description an item may have, in words a traveller would write. */
const LONG_DESCRIPTION = (() => {
  const sentence =
    'Step-free entrance at the side door; ask at the café for the accessible table — the lift is by the bar. ';
  return sentence
    .repeat(Math.ceil(ITEM_DESCRIPTION_MAX / sentence.length))
    .slice(0, ITEM_DESCRIPTION_MAX);
})();

export interface AbuseBenchOptions {
  seconds: number;
  connections: number;
  /** Only the floods whose name holds one of these (all when empty); the idle run always. */
  floods?: readonly string[];
}

// ---- PNG files --------------------------------------------------------------------------------

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))) >>> 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG of 8-bit samples: colour type 0 (grey) or 2 (RGB), its IDAT already compressed. */
function png(width: number, height: number, colourType: 0 | 2, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = colourType;
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small photo of one colour, 64×48. */
function tinyPng(rgb: [number, number, number]): Buffer {
  const width = 64;
  const height = 48;
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  return png(
    width,
    height,
    2,
    deflateSync(Buffer.concat(Array.from({ length: height }, () => row))),
  );
}

/** A decompression bomb: BOMB_SIDE² grey pixels, all black, compressed as hard as zlib can. */
async function bombPng(): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = once(deflate, 'end');
  const block = Buffer.alloc(16 * MB);
  // Each row: its filter byte (0, none) and BOMB_SIDE samples.
  for (let left = BOMB_SIDE * (BOMB_SIDE + 1); left > 0; left -= block.length) {
    if (!deflate.write(left >= block.length ? block : block.subarray(0, left))) {
      await once(deflate, 'drain');
    }
  }
  deflate.end();
  await ended;
  return png(BOMB_SIDE, BOMB_SIDE, 0, Buffer.concat(chunks));
}

// ---- the server's process tree, from /proc ------------------------------------------------------

/** When the process started (field 22 of /proc/<pid>/stat): a pid and this name one process. */
async function startTimeOf(pid: number): Promise<string | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

async function memAvailable(): Promise<number> {
  const text = await readFile('/proc/meminfo', 'utf8');
  const match = /^MemAvailable:\s+(\d+)\s+kB/m.exec(text);
  return match ? Number(match[1]) * 1024 : Number.POSITIVE_INFINITY;
}

/** Kills the server and what it started that is still running (only these processes, by pid). */
async function killTree(pids: number[], starts: (string | null)[]): Promise<void> {
  for (const [i, pid] of pids.entries()) {
    if (starts[i] !== null && (await startTimeOf(pid)) === starts[i]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
  }
}

/** Stops the server with SIGTERM; after STOP_GRACE_MS, or for its leftover children, SIGKILL. */
async function stopServer(app: ServerProcess): Promise<void> {
  const pid = app.child.pid;
  if (pid === undefined || app.child.exitCode !== null || app.child.signalCode !== null) return;
  const tree = await processTree(pid);
  const starts = await Promise.all(tree.map(startTimeOf));
  const exited = once(app.child, 'exit');
  app.child.kill('SIGTERM');
  const late = await Promise.race([
    exited.then(() => false),
    sleep(STOP_GRACE_MS).then(() => true),
  ]);
  if (late) app.child.kill('SIGKILL');
  await exited;
  // Children the server had not ended (they now belong to init): by the pids listed before.
  await killTree(tree.slice(1), starts.slice(1));
}

interface TreeMemory {
  /** The tree's resident memory when the run started, and its peak during it. */
  startBytes: number;
  peakBytes: number;
  /** The most ffmpeg and ffprobe processes seen at once, and their resident memory then. */
  peakMediaTools: number;
  peakMediaToolBytes: number;
  /** The machine's available memory fell under the floor: the run was stopped. */
  lowMemory: boolean;
  lowestAvailableBytes: number;
}

/** Samples the tree's memory every RSS_SAMPLE_MS; kills it if the machine runs short. */
function treeSampler(root: number, onLowMemory: () => void) {
  const memory: TreeMemory = {
    startBytes: 0,
    peakBytes: 0,
    peakMediaTools: 0,
    peakMediaToolBytes: 0,
    lowMemory: false,
    lowestAvailableBytes: Number.POSITIVE_INFINITY,
  };
  let timer: NodeJS.Timeout | undefined;
  let busy: Promise<number> | undefined;
  const sample = async (): Promise<number> => {
    const tree = await processTree(root);
    let total = 0;
    let tools = 0;
    let toolBytes = 0;
    for (const pid of tree) {
      const rss = (await residentBytes(pid)) ?? 0;
      total += rss;
      const name = (await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')).trim();
      if (name.startsWith('ffmpeg') || name.startsWith('ffprobe')) {
        tools++;
        toolBytes += rss;
      }
    }
    memory.peakBytes = Math.max(memory.peakBytes, total);
    if (tools > memory.peakMediaTools) memory.peakMediaTools = tools;
    memory.peakMediaToolBytes = Math.max(memory.peakMediaToolBytes, toolBytes);
    const available = await memAvailable();
    memory.lowestAvailableBytes = Math.min(memory.lowestAvailableBytes, available);
    if (available < MEMORY_FLOOR_BYTES && !memory.lowMemory) {
      memory.lowMemory = true;
      onLowMemory();
    }
    return total;
  };
  const tick = () => {
    busy ??= sample().finally(() => (busy = undefined));
  };
  return {
    async start() {
      memory.startBytes = await sample();
      timer = setInterval(tick, RSS_SAMPLE_MS);
    },
    async stop(): Promise<TreeMemory> {
      clearInterval(timer);
      await busy?.catch(() => undefined);
      return memory;
    },
  };
}

// ---- the probe ----------------------------------------------------------------------------------

interface ProbeResult {
  samples: number[];
  errors: number;
  timeouts: number;
}

interface HealthFigures {
  requests: number;
  p50: number;
  p95: number;
  max: number;
  errors: number;
  timeouts: number;
}

/** Starts bench/health-probe.ts and waits until it is ready; `go()` starts its N seconds. */
async function startProbe(url: string, seconds: number) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'bench/health-probe.ts'),
      url,
      String(PROBE_INTERVAL_MS),
      String(seconds),
    ],
    { cwd: ROOT, env: { PATH: process.env.PATH }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = once(child, 'exit') as Promise<[number | null]>;
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/^ready$/m.test(out)) resolve();
    });
    void exited.then(([code]) => reject(new Error(`the probe exited with ${code}: ${err}`)));
  });
  await ready;
  return {
    go: () => child.stdin.write('go\n'),
    async result(): Promise<ProbeResult> {
      const [code] = await exited;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (code !== 0 || !line) throw new Error(`the probe exited with ${code}: ${err}`);
      return JSON.parse(line) as ProbeResult;
    },
    kill: () => child.kill('SIGKILL'),
  };
}

function healthFigures(probe: ProbeResult): HealthFigures {
  return {
    requests: probe.samples.length + probe.errors,
    p50: percentile(probe.samples, 50),
    p95: percentile(probe.samples, 95),
    max: probe.samples.length === 0 ? Number.NaN : Math.max(...probe.samples),
    errors: probe.errors,
    timeouts: probe.timeouts,
  };
}

// ---- seeding ------------------------------------------------------------------------------------

interface Seed {
  /** The visitor who owns the trips and the gallery. */
  cookie: string;
  /**
   * Session cookies never used, minted with GET /api/health (any API answer to a request without
   * a cookie sets one; none is stored until a feature needs the visitor). Signed with the session
   * secret of the data folder, so they hold on every copy of it.
   */
  freshCookies: string[];
  cappedTripId: string | null;
  /** Paths (the token is the secret), or null with the reason seeding it failed. */
  feedPath: string | null;
  cappedPagePath: string | null;
  renderedTripId: string | null;
  renderedPagePath: string | null;
  galleryPagePath: string | null;
  galleryPhotos: number;
  problems: string[];
}

function tripDays(): string[] {
  const days: string[] = [];
  for (
    let day = new Date(`${FIRST_DAY}T00:00:00Z`);
    day.toISOString().slice(0, 10) <= LAST_DAY;
    day = new Date(day.getTime() + 86_400_000)
  ) {
    days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

/** The n-th item of a trip; `long`: with the longest description allowed. */
function itemFields(n: number, days: readonly string[], long: boolean) {
  return {
    itemType: ITEM_TYPES[n % ITEM_TYPES.length]!,
    itemName: long ? `Accessible visit ${n + 1}` : `Item ${n + 1}`,
    itemDescription: long ? LONG_DESCRIPTION : null,
    scheduledDate: days[n % days.length]!,
    scheduledTime: SCHEDULED_TIMES[n % SCHEDULED_TIMES.length]!,
    priceCents: (n * 137) % 50_000,
    priority: (n % 7) - 3,
  };
}

/** Writes items n = from..to-1 into the stopped server's SQLite file, in one transaction. */
function insertItems(file: string, plannerId: string, from: number, to: number, long: boolean) {
  const sqlite = new SQLite(file);
  try {
    sqlite.pragma('foreign_keys = ON');
    const fields = (n: number, days: readonly string[]) => itemFields(n, days, long);
    sqlite.transaction(() =>
      insertPlannerItems(sqlite, plannerId, { from, to, days: tripDays(), fields }),
    )();
  } finally {
    sqlite.close();
  }
}

const pathOf = (url: string) => {
  const u = new URL(url, 'http://x');
  return `${u.pathname}${u.search}`;
};
const describeError = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Uploads and records one file as `cookie` (or a new visitor); the recorded file and cookie. */
async function uploadFile(
  url: string,
  cookie: string | undefined,
  bytes: Buffer,
  fileName: string,
): Promise<{ file: MediaFile; cookie: string }> {
  const asked = await fetch(`${url}/api/media/upload`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ fileType: 'image/png', fileSize: bytes.length }),
  });
  await expectOk(asked, 'POST /api/media/upload');
  const visitor = cookie ?? sessionCookie(asked, 'POST /api/media/upload');
  const ticket = uploadTicketSchema.parse(await asked.json());
  const put = await fetch(new URL(ticket.uploadURL, url), {
    method: 'PUT',
    headers: { ...ticket.headers, cookie: visitor },
    body: bytes,
  });
  await expectOk(put, 'PUT upload URL');
  await put.arrayBuffer();
  const recorded = await fetch(`${url}/api/media`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: visitor },
    body: JSON.stringify({
      mediaURL: new URL(ticket.uploadURL, url).toString(),
      fileName,
      fileType: 'image/png',
      fileSize: bytes.length,
      description: `Photo ${fileName}`,
    }),
  });
  await expectOk(recorded, 'PUT /api/media');
  return { file: (await recorded.json()) as MediaFile, cookie: visitor };
}

/** Seeds a new data folder; the server is stopped when this returns. */
async function seed(dataDir: string, photos: Buffer[]): Promise<Seed> {
  const env = productionEnv(dataDir);
  const app = await startBenchServer(env);
  const problems: string[] = [];
  const result: Seed = {
    cookie: '',
    freshCookies: [],
    cappedTripId: null,
    feedPath: null,
    cappedPagePath: null,
    renderedTripId: null,
    renderedPagePath: null,
    galleryPagePath: null,
    galleryPhotos: 0,
    problems,
  };
  try {
    const { url } = app;
    const populated = await fetch(`${url}/api/destinations/populate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await expectOk(populated, 'POST /api/destinations/populate');
    const session = await fetch(`${url}/api/trip-planners`);
    await expectOk(session, 'GET /api/trip-planners');
    const cookie = sessionCookie(session, 'GET /api/trip-planners');
    result.cookie = cookie;
    const post = (pathname: string, body: unknown) =>
      fetch(`${url}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
    const newTrip = async (title: string) => {
      const created = await post('/api/trip-planners', {
        title,
        destination: 'Mediterranean',
        startDate: FIRST_DAY,
        endDate: LAST_DAY,
      });
      await expectOk(created, 'POST /api/trip-planners');
      return tripSchema.parse(await created.json()).id;
    };
    const shareTrip = async (tripId: string) => {
      const shared = await post(`/api/trip-planners/${tripId}/shares`, { expiresInDays: null });
      await expectOk(shared, 'POST /api/trip-planners/:id/shares');
      return pathOf(tripShareSchema.parse(await shared.json()).shareUrl);
    };

    try {
      const tripId = await newTrip('Six months around the Mediterranean, at the item cap');
      result.cappedTripId = tripId;
      const days = tripDays();
      for (let n = 0; n < ITEMS_THROUGH_API; n++) {
        const { priceCents, ...fields } = itemFields(n, days, true);
        const added = await post('/api/planner-items', {
          plannerId: tripId,
          ...fields,
          price: (priceCents / 100).toFixed(2),
        });
        await expectOk(added, 'POST /api/planner-items');
        await added.arrayBuffer();
      }
      const subscribed = await post(`/api/trip-planners/${tripId}/calendar-subscription`, {});
      await expectOk(subscribed, 'POST /api/trip-planners/:id/calendar-subscription');
      result.feedPath = pathOf(calendarSubscriptionSchema.parse(await subscribed.json()).url);
      result.cappedPagePath = await shareTrip(tripId);
    } catch (error) {
      problems.push(`the capped trip: ${describeError(error)}`);
    }
    try {
      const tripId = await newTrip('The largest trip the server renders');
      result.renderedTripId = tripId;
      result.renderedPagePath = await shareTrip(tripId);
    } catch (error) {
      problems.push(`the rendered trip: ${describeError(error)}`);
    }

    try {
      const files: MediaFile[] = [];
      for (let i = 0; i < GALLERY_PHOTOS; i += 4) {
        const batch = Array.from({ length: Math.min(4, GALLERY_PHOTOS - i) }, (_, j) =>
          uploadFile(url, cookie, photos[(i + j) % photos.length]!, `day-${i + j + 1}.png`),
        );
        for (const uploaded of await Promise.all(batch)) files.push(uploaded.file);
      }
      // Recording waits for a file's thumbnail for a while; any still being read are waited for.
      for (let waited = 0; waited < 60; waited++) {
        const listed = await fetch(`${url}/api/media`, { headers: { cookie } });
        await expectOk(listed, 'GET /api/media');
        if (!((await listed.json()) as MediaFile[]).some((f) => f.processing)) break;
        await sleep(1000);
      }
      const shared = await post('/api/media/share', {
        mediaIds: files.map((f) => f.id),
        shareType: 'social',
        socialPlatform: 'facebook',
      });
      await expectOk(shared, 'POST /api/media/share');
      result.galleryPagePath = pathOf(shareResultSchema.parse(await shared.json()).shareUrl);
      result.galleryPhotos = files.length;
    } catch (error) {
      problems.push(`the gallery: ${describeError(error)}`);
    }

    result.freshCookies = await inBatches(
      Array.from({ length: FRESH_COOKIES }, (_, i) => i),
      8,
      async () => {
        const minted = await fetch(`${url}/api/health`);
        await minted.arrayBuffer();
        return sessionCookie(minted, 'GET /api/health');
      },
    );
  } finally {
    await stopServer(app);
  }
  const file = path.join(dataDir, SQLITE_FILE);
  if (result.cappedTripId) {
    insertItems(file, result.cappedTripId, ITEMS_THROUGH_API, ITEMS_PER_TRIP_MAX, true);
  }
  if (result.renderedTripId)
    insertItems(file, result.renderedTripId, 0, RENDERED_TRIP_ITEMS, false);
  return result;
}

/** What the seeded data is, checked through the API of the idle run's server. */
interface SeedChecks {
  cappedTripItems: number | null;
  /** The status and message of one more item on the capped trip (409: the cap holds). */
  oneMoreItem: string | null;
  feedFirstMs: number | null;
  feedAgainMs: number | null;
  feedBytes: number | null;
  pages: { page: string; readBytes: number | null; renderedOnServer: boolean | null }[];
}

async function timed(url: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.text();
  return { status: response.status, body, ms: performance.now() - started };
}

async function checkSeed(url: string, seeded: Seed): Promise<SeedChecks> {
  const checks: SeedChecks = {
    cappedTripItems: null,
    oneMoreItem: null,
    feedFirstMs: null,
    feedAgainMs: null,
    feedBytes: null,
    pages: [],
  };
  const { cookie } = seeded;
  if (seeded.cappedTripId) {
    const listed = await fetch(`${url}/api/planner-items?plannerId=${seeded.cappedTripId}`, {
      headers: { cookie },
    });
    await expectOk(listed, 'GET /api/planner-items');
    checks.cappedTripItems = ((await listed.json()) as unknown[]).length;
    const more = await fetch(`${url}/api/planner-items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        plannerId: seeded.cappedTripId,
        itemType: 'activity',
        itemName: 'One more',
        scheduledDate: FIRST_DAY,
        scheduledTime: 'morning',
        price: '1.00',
      }),
    });
    const answer = (await more.json().catch(() => ({}))) as { message?: string };
    checks.oneMoreItem = `${more.status} ${answer.message ?? ''}`.trim();
  }
  if (seeded.feedPath) {
    const first = await timed(`${url}${seeded.feedPath}`);
    const again = await timed(`${url}${seeded.feedPath}`);
    if (first.status === 200) {
      checks.feedFirstMs = first.ms;
      checks.feedAgainMs = again.ms;
      checks.feedBytes = Buffer.byteLength(first.body);
    }
  }
  const pages: [string, string | null, (token: string) => string][] = [
    ['itinerary, trip at the cap', seeded.cappedPagePath, (t) => `/api/shared-trips/${t}`],
    ['itinerary, largest rendered', seeded.renderedPagePath, (t) => `/api/shared-trips/${t}`],
    ['gallery share page', seeded.galleryPagePath, (t) => `/api/shared/${t}`],
  ];
  for (const [page, pagePath, readOf] of pages) {
    if (!pagePath) continue;
    const token = pagePath.split('/').pop()!;
    const read = await timed(`${url}${readOf(token)}`);
    const html = await timed(`${url}${pagePath}`);
    checks.pages.push({
      page,
      readBytes: read.status === 200 ? Buffer.byteLength(read.body) : null,
      renderedOnServer: html.status === 200 ? html.body.includes('id="page-data"') : null,
    });
  }
  return checks;
}

// ---- floods -------------------------------------------------------------------------------------

/** Answers by status ('200', '429', …), 'error' (no answer), 'cut' (still open at the end). */
type Statuses = Record<string, number>;

interface FloodResult {
  statuses: Statuses;
  /** Multi-step floods: the statuses of each step. */
  steps?: Record<string, Statuses>;
  /** What the flood achieved, where it is not a count of answers (movies queued, bombs recorded). */
  note?: string;
}

interface FloodContext {
  url: string;
  seconds: number;
  connections: number;
  /** Aborted when the flood must stop early (the machine short of memory). */
  signal: AbortSignal;
  seeded: Seed;
  /** The next fresh cookie (in turn, round the pool). */
  nextCookie(): string;
  photos: Buffer[];
  bomb: Buffer;
}

interface Flood {
  name: string;
  what: string;
  /** Null when it can run, else why not. */
  missing(seeded: Seed): string | null;
  /** Done before the run, not measured; says what it did. */
  prepare?(url: string, seeded: Seed): Promise<string>;
  run(ctx: FloodContext): Promise<FloodResult>;
}

const add = (statuses: Statuses, key: string, n = 1) => {
  statuses[key] = (statuses[key] ?? 0) + n;
};

/** autocannon at one path for the flood's seconds, each request with a fresh cookie or none. */
async function cannon(
  ctx: FloodContext,
  request: {
    path: string;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    /** Each request with the next fresh cookie; else none (public routes, limited by address). */
    freshCookies?: boolean;
  },
): Promise<FloodResult> {
  const statuses: Statuses = {};
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${ctx.url}${request.path}`,
        method: request.method ?? 'GET',
        headers: request.headers ?? {},
        body: request.body,
        connections: ctx.connections,
        duration: ctx.seconds,
        timeout: 30,
        ...(request.freshCookies
          ? {
              requests: [
                {
                  setupRequest: (r: autocannon.Request) => ({
                    ...r,
                    headers: { ...r.headers, cookie: ctx.nextCookie() },
                  }),
                },
              ],
            }
          : {}),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, status) => add(statuses, String(status)));
    ctx.signal.addEventListener('abort', () => instance.stop(), { once: true });
  });
  if (result.errors > 0) add(statuses, 'error', result.errors);
  const counted = Object.values(statuses).reduce((a, b) => a + b, 0);
  // Sent and not answered when the seconds were over.
  if (result.requests.sent > counted) add(statuses, 'cut', result.requests.sent - counted);
  return { statuses };
}

/** One step's answer: its status, body and the session cookie it set, if any. */
interface Answer {
  ok: boolean;
  status: number;
  text: string;
  cookie: string | undefined;
}

/**
 * `connections` workers, each repeating `unit` (one throw-away visitor's requests) until the
 * flood's seconds are over; every step's answer is counted under its name.
 */
async function workers(
  ctx: FloodContext,
  unit: (
    send: (step: string, url: string | URL, init: RequestInit) => Promise<Answer | null>,
  ) => Promise<void>,
): Promise<FloodResult> {
  const stop = AbortSignal.any([ctx.signal, AbortSignal.timeout(ctx.seconds * 1000)]);
  const statuses: Statuses = {};
  const steps: Record<string, Statuses> = {};
  const send = async (step: string, url: string | URL, init: RequestInit) => {
    const count = (key: string) => {
      add(statuses, key);
      add((steps[step] ??= {}), key);
    };
    if (stop.aborted) return null;
    try {
      const response = await fetch(url, { ...init, signal: stop });
      const text = await response.text();
      count(String(response.status));
      return {
        ok: response.ok,
        status: response.status,
        text,
        cookie: response.headers.getSetCookie()[0]?.split(';')[0],
      };
    } catch {
      count(stop.aborted ? 'cut' : 'error');
      return null;
    }
  };
  await Promise.all(
    Array.from({ length: ctx.connections }, async () => {
      while (!stop.aborted) {
        // An answer that is not what the next step needs ends this visitor's attempt.
        await unit(send).catch(() => add(statuses, 'error'));
      }
    }),
  );
  return { statuses, steps };
}

const JSON_TYPE = { 'content-type': 'application/json' };

/**
 * One throw-away visitor's upload of one PNG: the upload URL (the first step sets the visitor's
 * cookie when it has none), the PUT and the record. The recorded file's id, or null.
 */
async function uploadAs(
  send: (step: string, url: string | URL, init: RequestInit) => Promise<Answer | null>,
  base: string,
  visitor: { cookie?: string },
  bytes: Buffer,
  fileName: string,
): Promise<string | null> {
  const asked = await send('upload URL', `${base}/api/media/upload`, {
    method: 'POST',
    headers: { ...JSON_TYPE, ...(visitor.cookie ? { cookie: visitor.cookie } : {}) },
    body: JSON.stringify({ fileType: 'image/png', fileSize: bytes.length }),
  });
  if (!asked?.ok) return null;
  visitor.cookie ??= asked.cookie;
  if (!visitor.cookie) return null;
  const ticket = uploadTicketSchema.parse(JSON.parse(asked.text));
  const target = new URL(ticket.uploadURL, base);
  const put = await send('PUT', target, {
    method: 'PUT',
    headers: { ...ticket.headers, cookie: visitor.cookie },
    body: bytes,
  });
  if (!put?.ok) return null;
  const recorded = await send('record', `${base}/api/media`, {
    method: 'PUT',
    headers: { ...JSON_TYPE, cookie: visitor.cookie },
    body: JSON.stringify({
      mediaURL: target.toString(),
      fileName,
      fileType: 'image/png',
      fileSize: bytes.length,
    }),
  });
  if (!recorded?.ok) return null;
  return (JSON.parse(recorded.text) as MediaFile).id;
}

const browserPage = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' };

const FLOODS: Flood[] = [
  {
    name: 'safety kits',
    what: `GET ${SAFETY_KIT_PATH}?countries=<${SAFETY_KIT_MAX_COUNTRIES} codes>`,
    missing: () => null,
    run: (ctx) =>
      cannon(ctx, {
        path: `${SAFETY_KIT_PATH}?countries=${EMERGENCY_CONTACTS.slice(0, SAFETY_KIT_MAX_COUNTRIES)
          .map((c) => c.countryCode)
          .join(',')}`,
        freshCookies: true,
      }),
  },
  {
    name: 'feed (cap), first build',
    what: `GET /api/calendar/<token>.ics of the ${ITEMS_PER_TRIP_MAX}-item trip, not yet built (as after any change to the trip)`,
    missing: (s) => (s.feedPath ? null : 'no calendar address was seeded'),
    run: (ctx) => cannon(ctx, { path: ctx.seeded.feedPath! }),
  },
  {
    name: 'feed (cap), built',
    what: `GET /api/calendar/<token>.ics of the ${ITEMS_PER_TRIP_MAX}-item trip, already built and kept`,
    missing: (s) => (s.feedPath ? null : 'no calendar address was seeded'),
    async prepare(url, seeded) {
      const first = await timed(`${url}${seeded.feedPath!}`);
      if (first.status !== 200) throw new Error(`the feed answered ${first.status}`);
      return `built first by one request, in ${ms(first.ms)}`;
    },
    run: (ctx) => cannon(ctx, { path: ctx.seeded.feedPath! }),
  },
  {
    name: 'itinerary page (cap)',
    what: `GET /shared-trip/<token> of the ${ITEMS_PER_TRIP_MAX}-item trip`,
    missing: (s) => (s.cappedPagePath ? null : 'no itinerary link of the capped trip was seeded'),
    run: (ctx) => cannon(ctx, { path: ctx.seeded.cappedPagePath!, headers: browserPage }),
  },
  {
    name: 'itinerary page (rendered)',
    what: `GET /shared-trip/<token> of a ${RENDERED_TRIP_ITEMS}-item trip`,
    missing: (s) => (s.renderedPagePath ? null : 'no itinerary link of the rendered trip'),
    run: (ctx) => cannon(ctx, { path: ctx.seeded.renderedPagePath!, headers: browserPage }),
  },
  {
    name: 'gallery page',
    what: `GET /shared/<token> of ${GALLERY_PHOTOS} photos`,
    missing: (s) => (s.galleryPagePath ? null : 'no gallery share link was seeded'),
    run: (ctx) => cannon(ctx, { path: ctx.seeded.galleryPagePath!, headers: browserPage }),
  },
  {
    name: 'chat',
    what: 'POST /api/chat (built-in assistant)',
    missing: () => null,
    run: (ctx) =>
      cannon(ctx, {
        path: '/api/chat',
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify({ message: CHAT_QUESTION }),
        freshCookies: true,
      }),
  },
  {
    name: 'movies',
    what: 'new visitor: 2 tiny PNGs uploaded, POST /api/media/create-movie (long)',
    missing: () => null,
    async run(ctx) {
      let created = 0;
      const result = await workers(ctx, async (send) => {
        const visitor = { cookie: ctx.nextCookie() };
        const ids: string[] = [];
        for (const [i, photo] of ctx.photos.slice(0, 2).entries()) {
          const id = await uploadAs(send, ctx.url, visitor, photo, `photo-${i + 1}.png`);
          if (!id) return;
          ids.push(id);
        }
        const movie = await send('create movie', `${ctx.url}/api/media/create-movie`, {
          method: 'POST',
          headers: { ...JSON_TYPE, cookie: visitor.cookie },
          body: JSON.stringify({ mediaIds: ids, style: MOVIE_STYLES[0], duration: 'long' }),
        });
        if (movie?.status === 201) created++;
      });
      return { ...result, note: `${created} movies queued` };
    },
  },
  {
    name: 'bomb uploads',
    what: `new visitor: a ${BOMB_SIDE}×${BOMB_SIDE} PNG uploaded and recorded`,
    missing: () => null,
    async run(ctx) {
      let recorded = 0;
      const result = await workers(ctx, async (send) => {
        const visitor = { cookie: ctx.nextCookie() };
        if (await uploadAs(send, ctx.url, visitor, ctx.bomb, 'bomb.png')) recorded++;
      });
      return { ...result, note: `${recorded} bombs recorded` };
    },
  },
];

// ---- the runs -----------------------------------------------------------------------------------

interface RunFigures {
  name: string;
  what: string;
  /** Why the flood could not run, if it could not. */
  skipped?: string;
  /** What was done before the run (not measured). */
  prepared?: string;
  health?: HealthFigures;
  /** Requests sent; answered 2xx, 429 or otherwise (or no answer: an error); still open at the end. */
  flood?: FloodResult & { sent: number; ok: number; limited: number; other: number; open: number };
  memory?: TreeMemory;
  /** The probe's p95 under TARGET_P95_MS, with no probe request failed. */
  pass?: boolean;
  error?: string;
}

async function warmUp(url: string): Promise<void> {
  await new Promise<void>((resolve, reject) =>
    autocannon({ url: `${url}/api/health`, connections: 2, duration: WARM_UP_SECONDS }, (error) =>
      error ? reject(error) : resolve(),
    ),
  );
}

function summarise(result: FloodResult) {
  let sent = 0;
  let ok = 0;
  let limited = 0;
  let other = 0;
  let open = 0;
  for (const [key, n] of Object.entries(result.statuses)) {
    sent += n;
    if (/^2\d\d$/.test(key)) ok += n;
    else if (key === '429') limited += n;
    else if (key === 'cut') open += n;
    else other += n;
  }
  return { ...result, sent, ok, limited, other, open };
}

async function runOne(
  flood: Flood | null,
  seedDir: string,
  seeded: Seed,
  options: AbuseBenchOptions,
  files: { photos: Buffer[]; bomb: Buffer },
  /** Run after the probe, before the server stops (the idle run checks the seeded data). */
  afterProbe?: (url: string) => Promise<void>,
): Promise<RunFigures> {
  const name = flood?.name ?? 'idle';
  const what = flood?.what ?? 'no flood';
  const missing = flood?.missing(seeded);
  if (missing) return { name, what, skipped: missing };
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aj-bench-abuse-'));
  let turn = 0;
  const nextCookie = () => seeded.freshCookies[turn++ % seeded.freshCookies.length]!;
  let app: ServerProcess | undefined;
  let probe: Awaited<ReturnType<typeof startProbe>> | undefined;
  try {
    await cp(seedDir, dataDir, { recursive: true });
    app = await startBenchServer(productionEnv(dataDir));
    const { url } = app;
    const pid = app.child.pid!;
    const prepared = flood?.prepare ? await flood.prepare(url, seeded) : undefined;
    await warmUp(url);
    probe = await startProbe(url, options.seconds);
    const abort = new AbortController();
    const sampler = treeSampler(pid, () => {
      abort.abort();
      // The machine is short of memory: the server and its children go at once.
      void processTree(pid).then(async (tree) =>
        killTree(tree, await Promise.all(tree.map(startTimeOf))),
      );
    });
    await sampler.start();
    probe.go();
    const [probed, flooded] = await Promise.all([
      probe.result(),
      flood
        ? flood
            .run({ url, ...options, signal: abort.signal, seeded, nextCookie, ...files })
            .then(summarise, (error: unknown) => describeError(error))
        : Promise.resolve(undefined),
    ]);
    const memory = await sampler.stop();
    if (afterProbe) await afterProbe(url);
    const health = healthFigures(probed);
    const figures: RunFigures = {
      name,
      what,
      ...(prepared ? { prepared } : {}),
      health,
      memory,
      pass: health.p95 < TARGET_P95_MS && health.errors === 0 && !memory.lowMemory,
    };
    if (typeof flooded === 'string') figures.error = `the flood failed: ${flooded}`;
    else if (flooded) figures.flood = flooded;
    return figures;
  } catch (error) {
    return { name, what, error: describeError(error) };
  } finally {
    probe?.kill();
    if (app) await stopServer(app);
    await rm(dataDir, { recursive: true, force: true });
  }
}

const ms = (n: number | null | undefined) =>
  n === null || n === undefined || Number.isNaN(n) ? '-' : `${n.toFixed(n < 100 ? 1 : 0)} ms`;
const mb = (n: number) => `${(n / MB).toFixed(0)} MB`;

function row(f: RunFigures): string {
  const label = f.name.padEnd(26);
  if (f.skipped) return `${label}  NOT RUN: ${f.skipped}`;
  if (!f.health) return `${label}  FAILED: ${f.error ?? 'no figures'}`;
  const h = f.health;
  const m = f.memory!;
  const flood = f.flood
    ? `sent ${String(f.flood.sent).padStart(6)}: 2xx ${String(f.flood.ok).padStart(5)}, 429 ${String(f.flood.limited).padStart(6)}, other ${String(f.flood.other).padStart(4)}, open ${String(f.flood.open).padStart(3)}`
    : ''.padEnd(53);
  const growth = ` (+${mb(Math.max(0, m.peakBytes - m.startBytes))})`;
  return [
    label,
    `p50 ${ms(h.p50).padStart(9)}`,
    `p95 ${ms(h.p95).padStart(9)}`,
    `max ${ms(h.max).padStart(9)}`,
    `| ${flood}`,
    `| peak RSS ${mb(m.peakBytes).padStart(7)}${growth}${m.peakMediaTools > 0 ? `, ${m.peakMediaTools} ff* (${mb(m.peakMediaToolBytes)})` : ''}`,
    `| ${f.pass ? 'PASS' : 'FAIL'}`,
    ...(h.errors + h.timeouts > 0 ? [`(probe: ${h.errors} errors, ${h.timeouts} timeouts)`] : []),
    ...(m.lowMemory ? ['(STOPPED: the machine ran short of memory)'] : []),
    ...(f.error ? [`(${f.error})`] : []),
  ].join('  ');
}

const detail = (s: Statuses) =>
  Object.entries(s)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, n]) => `${key}×${n}`)
    .join(' ');

/** Runs the abuse benchmark and returns the lines to print and the figures. */
export async function runAbuseBench(
  options: AbuseBenchOptions,
): Promise<{ lines: string[]; figures: Record<string, unknown> }> {
  const seedDir = await mkdtemp(path.join(tmpdir(), 'aj-bench-abuse-seed-'));
  try {
    const photos = [
      tinyPng([200, 80, 40]),
      tinyPng([40, 120, 200]),
      tinyPng([60, 160, 60]),
      tinyPng([220, 200, 60]),
    ];
    const bomb = await bombPng();
    const seedStarted = Date.now();
    const seeded = await seed(seedDir, photos);
    const seedSeconds = (Date.now() - seedStarted) / 1000;

    let checks: SeedChecks | undefined;
    let checkError: string | undefined;
    const runs: RunFigures[] = [];
    runs.push(
      // The checks run after the idle probe: they build the capped trip's calendar.
      await runOne(null, seedDir, seeded, options, { photos, bomb }, async (url) => {
        checks = await checkSeed(url, seeded).catch((error: unknown) => {
          checkError = describeError(error);
          return undefined;
        });
      }),
    );
    const chosen = FLOODS.filter(
      (flood) =>
        !options.floods?.length || options.floods.some((part) => flood.name.includes(part)),
    );
    for (const flood of chosen) {
      runs.push(await runOne(flood, seedDir, seeded, options, { photos, bomb }));
    }
    const floods = runs.slice(1);
    const passed = floods.filter((f) => f.pass).map((f) => f.name);
    const failed = floods.filter((f) => f.health && !f.pass).map((f) => f.name);
    const notRun = floods.filter((f) => !f.health).map((f) => f.name);

    const seedLines: string[] = [];
    if (checks) {
      seedLines.push(
        `Trip at the cap: ${checks.cappedTripItems ?? '-'} items listed (${ITEMS_THROUGH_API} through the API, the rest written into SQLite, every description ${ITEM_DESCRIPTION_MAX} characters); one more item: ${checks.oneMoreItem ?? '-'}`,
        `Its calendar feed: ${checks.feedBytes === null ? 'NOT SERVED' : `${(checks.feedBytes / MB).toFixed(1)} MB, first answer ${ms(checks.feedFirstMs)} (the build), again ${ms(checks.feedAgainMs)}`}`,
        ...checks.pages.map(
          (p) =>
            `${p.page}: read ${p.readBytes === null ? 'NOT SERVED' : `${(p.readBytes / 1024).toFixed(0)} KB`}, ${p.renderedOnServer === null ? 'page NOT SERVED' : p.renderedOnServer ? 'rendered on the server with its data' : 'sent as the app shell (the browser renders it)'}`,
        ),
      );
    } else if (checkError) {
      seedLines.push(`The seeded data could not be checked: ${checkError}`);
    }
    const lines = [
      `\nAbuse: GET /api/health every ${PROBE_INTERVAL_MS} ms from its own process, ${options.seconds} s idle and ${options.seconds} s during each flood of ${options.connections} connections, every request (or every throw-away visitor's requests) with a fresh session cookie on the per-visitor routes (${FRESH_COOKIES} minted beforehand by GET /api/health, taken in turn), none on the public ones; each run on its own server process and a fresh copy of the seeded data, after ${WARM_UP_SECONDS} s of warm-up`,
      `Seeded in ${seedSeconds.toFixed(0)} s: a bomb PNG of ${(bomb.length / 1024).toFixed(0)} KB (${BOMB_SIDE}×${BOMB_SIDE}); ${seeded.galleryPhotos} photos shared in one link; ${seeded.problems.length > 0 ? `PROBLEMS: ${seeded.problems.join('; ')}` : 'no problems'}`,
      ...seedLines,
      '',
      ...runs.map(row),
      '',
      ...floods.flatMap((f) =>
        f.flood
          ? [
              `  ${f.name}: ${f.what}${f.prepared ? ` (${f.prepared})` : ''}; ${
                f.flood.steps
                  ? Object.entries(f.flood.steps)
                      .map(([step, s]) => `${step} ${detail(s)}`)
                      .join('; ')
                  : detail(f.flood.statuses)
              }${f.flood.note ? `; ${f.flood.note}` : ''}`,
            ]
          : [],
      ),
      '',
      `Target: /api/health p95 < ${TARGET_P95_MS} ms under every flood. Pass: ${passed.join(', ') || 'none'}. Fail: ${failed.join(', ') || 'none'}.${notRun.length > 0 ? ` Not run: ${notRun.join(', ')}.` : ''}`,
    ];
    return {
      lines,
      figures: {
        seconds: options.seconds,
        connections: options.connections,
        probeIntervalMs: PROBE_INTERVAL_MS,
        targetP95Ms: TARGET_P95_MS,
        warmUpSeconds: WARM_UP_SECONDS,
        seedSeconds,
        bombBytes: bomb.length,
        seeded: {
          ...seeded,
          cookie: "(the owner's session)",
          freshCookies: seeded.freshCookies.length,
        },
        checks,
        runs,
      },
    };
  } finally {
    await rm(seedDir, { recursive: true, force: true });
  }
}
