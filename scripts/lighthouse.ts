/**
 * npm run lighthouse [-- --dist dir] [--json file] [--strict-performance] [--reports dir]
 *   [--only route-or-path ...] [--runs n]
 *
 * Lighthouse (mobile defaults: performance, accessibility, best practices) on every route of
 * contracts/routes.ts APP_ROUTES and a not-found path, against the production build served by the
 * real server in its own process (as `npm start` runs it) with a temporary DATA_DIR. The dynamic
 * routes get real records, made through the API: a paid booking's receipt, a media share page and a
 * shared trip itinerary. Prints the scores and metrics, the failing audits of any category below its
 * target, the landing page's initial JavaScript (gzipped as the server sends it) and the code each
 * route loads lazily.
 *
 * With --runs n, each route is measured n times and the median run is reported (Lighthouse's own
 * computeMedianRun: the run nearest the median FCP and time to interactive), beside the range of
 * the performance scores: "the median Lighthouse score of 5 runs is twice as stable as 1 run"
 * (Lighthouse's docs/variability.md), and this machine's load moves a single run's score a lot
 * (docs/decisions/016).
 *
 * Exit code 1 when an accessibility score is below 100, and with --strict-performance also when a
 * performance score is below 95.
 */
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import puppeteer from 'puppeteer-core';
import { DEMO_BOOKINGS, type Booking } from '../contracts/bookings.js';
import type { MediaFile, ShareResult, UploadTicket } from '../contracts/media.js';
import type { BlockchainPaymentResponse } from '../contracts/payments.js';
import type { Trip, TripShare } from '../contracts/planner.js';
import { APP_ROUTES, receiptPath, sharedMediaPath, sharedTripPath } from '../contracts/routes.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/helpers/chromium.js';
import { startServerProcess } from '../tests/helpers/process.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const ACCESSIBILITY_TARGET = 100;
const PERFORMANCE_TARGET = 95;
const BEST_PRACTICES_TARGET = 100;
const INITIAL_JS_BUDGET_KB = 150;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
/** Items shown per failing audit: enough to see the cause without flooding the terminal. */
const ITEMS_SHOWN = 8;

const { values } = parseArgs({
  options: {
    dist: { type: 'string' },
    json: { type: 'string' },
    'strict-performance': { type: 'boolean', default: false },
    /** Also keep each route's whole Lighthouse report (JSON, for the Lighthouse viewer) here. */
    reports: { type: 'string' },
    /** Only these paths (as listed in the table), to iterate on one page. */
    only: { type: 'string', multiple: true },
    /** Runs per route; the median run is reported. */
    runs: { type: 'string', default: '1' },
  },
});
const RUNS = Number(values.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs must be a whole number >= 1');

// ---------------------------------------------------------------------------------------------
// The client build and the server

function clientDist(): string {
  if (values.dist) {
    const dist = path.resolve(values.dist);
    if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} has no index.html`);
    return dist;
  }
  const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-if-stale.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('building failed');
  return path.join(ROOT, 'dist/client');
}

// ---------------------------------------------------------------------------------------------
// Seeding the records the dynamic routes show, through the API, as a browser would make them

type Visitor = ReturnType<typeof createVisitor>;

/** fetch with a cookie jar, the way a browser keeps the session cookie. */
function createVisitor(baseUrl: string) {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return {
    cookies,
    cookieHeader,
    async request<T>(method: string, pathname: string, body?: unknown): Promise<T> {
      const headers: Record<string, string> = {};
      if (cookies.size > 0) headers.cookie = cookieHeader();
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(new URL(pathname, baseUrl), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const index = pair.indexOf('=');
        cookies.set(pair.slice(0, index), pair.slice(index + 1));
      }
      if (!response.ok) {
        throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
      }
      return (response.status === 204 ? undefined : await response.json()) as T;
    },
  };
}

/** A booking paid with the (simulated) wallet, so its receipt page shows a receipt. */
async function seedReceipt(visitor: Visitor): Promise<string> {
  const demo = DEMO_BOOKINGS[0]!;
  const booking = await visitor.request<Booking>('POST', '/api/bookings', {
    bookingType: demo.bookingType,
    totalAmount: demo.totalAmount,
    currency: demo.currency,
    bookingDetails: { title: demo.bookingDetails.title, details: [], accessibility: [] },
  });
  const payment = await visitor.request<BlockchainPaymentResponse>(
    'POST',
    '/api/create-blockchain-payment',
    {
      bookingId: booking.id,
      walletAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      amount: booking.totalAmount,
      currency: booking.currency,
    },
  );
  await visitor.request('POST', '/api/confirm-blockchain-payment', {
    paymentId: payment.paymentId,
    transactionHash: `0x${randomBytes(32).toString('hex')}`,
  });
  return receiptPath(booking.id);
}

/** A trip with a few items over two days, shared by link. */
async function seedSharedTrip(visitor: Visitor): Promise<string> {
  const trip = await visitor.request<Trip>('POST', '/api/trip-planners', {
    title: 'Lisbon in spring',
    destination: 'Lisbon, Portugal',
    startDate: '2027-04-10',
    endDate: '2027-04-12',
  });
  const items = [
    { itemType: 'flight', itemName: 'TAP 1234 to Lisbon', scheduledDate: '2027-04-10' },
    { itemType: 'hotel', itemName: 'Step-free hotel stay', scheduledDate: '2027-04-10' },
    { itemType: 'activity', itemName: 'Tram 28', scheduledDate: '2027-04-11' },
    { itemType: 'activity', itemName: 'Fado night', scheduledDate: '2027-04-11' },
  ];
  for (const item of items) {
    await visitor.request('POST', '/api/planner-items', {
      plannerId: trip.id,
      scheduledTime: 'morning',
      price: '12.50',
      ...item,
    });
  }
  const share = await visitor.request<TripShare>(
    'POST',
    `/api/trip-planners/${trip.id}/shares`,
    {},
  );
  return sharedTripPath(share.shareUrl.split('/').pop()!);
}

/** A real photo (made by the ffmpeg of the npm package), uploaded and shared by a private link. */
async function seedSharedMedia(
  visitor: Visitor,
  baseUrl: string,
  workDir: string,
): Promise<string> {
  const ffmpeg = ((await import('@ffmpeg-installer/ffmpeg')) as { path: string }).path;
  const file = path.join(workDir, 'lake.jpg');
  await promisify(execFile)(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', 'testsrc2=size=1200x800', '-frames:v', '1', file],
  ]);
  const bytes = await readFile(file);
  const ticket = await visitor.request<UploadTicket>('POST', '/api/media/upload', {
    fileType: 'image/jpeg',
    fileSize: bytes.length,
  });
  const uploadUrl = new URL(ticket.uploadURL, baseUrl).toString();
  const stored = await fetch(uploadUrl, {
    method: 'PUT',
    headers: { ...ticket.headers, cookie: visitor.cookieHeader() },
    body: bytes,
  });
  if (!stored.ok) throw new Error(`upload: ${stored.status} ${await stored.text()}`);
  const media = await visitor.request<MediaFile>('PUT', '/api/media', {
    mediaURL: uploadUrl,
    fileName: 'lake.jpg',
    fileType: 'image/jpeg',
    fileSize: bytes.length,
    description: 'The lake from the step-free viewpoint',
  });
  const share = await visitor.request<ShareResult>('POST', '/api/media/share', {
    mediaIds: [media.id],
    shareType: 'social',
    socialPlatform: 'facebook',
  });
  return sharedMediaPath(share.shareUrl.split('/').pop()!);
}

// ---------------------------------------------------------------------------------------------
// The landing page's initial JavaScript

interface InitialScript {
  path: string;
  bytes: number;
  encoding: string;
}

/** The bytes the server sends for a path to a browser that accepts gzip, and their encoding. */
function transferred(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        else resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The module scripts and modulepreloads of index.html, as the server sends them (gzip). */
async function initialScripts(baseUrl: string): Promise<InitialScript[]> {
  const html = await (await fetch(baseUrl)).text();
  const paths = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script') && /\bsrc="([^"]+)"/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel="modulepreload"/.test(tag);
    const src = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isScript || isPreload) && src) paths.add(src);
  }
  const scripts: InitialScript[] = [];
  for (const p of paths) {
    scripts.push({ path: p, ...(await transferred(new URL(p, baseUrl).toString())) });
  }
  return scripts;
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

interface RouteFigures {
  route: string;
  path: string;
  performance: number;
  /** Every run's performance score, in the order run (one score without --runs). */
  performanceRuns: number[];
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /**
   * Lighthouse's measure of this machine's CPU speed, higher is faster. Its mobile throttling
   * multiplies the CPU work it measured by 4, a factor meant for a fast desktop (an index of about
   * 1500 or more): on a slower or busy machine the same page scores lower.
   */
  benchmarkIndex: number;
  /** Scripts loaded beyond the landing page's initial ones: the route's lazy code. */
  lazyScripts: { path: string; transferBytes: number }[];
  failingAudits: {
    category: string;
    id: string;
    title: string;
    displayValue?: string;
    items: string[];
  }[];
}

const score = (lhr: Result, id: (typeof CATEGORIES)[number]) =>
  Math.round((lhr.categories[id]?.score ?? 0) * 100);
const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** One line per item of an audit's details: the fields that say what and where. */
function describeItems(audit: Result['audits'][string]): string[] {
  // A table's items are rows; a list's (Lighthouse 13's insights) are tables or other details,
  // whose rows are read in turn; anything else has no rows to show.
  const rows = (details: unknown): Record<string, unknown>[] => {
    const items = (details as { items?: unknown } | undefined)?.items;
    if (!Array.isArray(items)) return [];
    return (items as Record<string, unknown>[]).flatMap((item) =>
      item.type === 'list' || item.type === 'table' ? rows(item) : [item],
    );
  };
  return rows(audit.details)
    .slice(0, ITEMS_SHOWN)
    .map((item) => {
      const parts: string[] = [];
      const node = item.node as
        { snippet?: string; selector?: string; explanation?: string } | undefined;
      if (node) {
        parts.push(node.selector ?? '', node.snippet ?? '');
        if (node.explanation) parts.push(node.explanation.replace(/\s+/g, ' '));
      }
      for (const key of [
        'url',
        'sourceLocation',
        'source',
        'description',
        'label',
        'wastedBytes',
        'wastedMs',
        'totalBytes',
      ]) {
        const value = item[key];
        if (value === undefined || value === null) continue;
        if (typeof value === 'number') parts.push(`${key}=${Math.round(value)}`);
        else if (typeof value === 'string') parts.push(value);
        else if (typeof value === 'object' && 'url' in value) parts.push(String(value.url));
      }
      return parts.filter(Boolean).join(' | ');
    })
    .filter(Boolean);
}

function failingAudits(
  lhr: Result,
  targets: Record<string, number>,
): RouteFigures['failingAudits'] {
  const failing: RouteFigures['failingAudits'] = [];
  for (const category of CATEGORIES) {
    if (score(lhr, category) >= (targets[category] ?? 100)) continue;
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null) continue;
      if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
      if (audit.score >= 0.9) continue;
      failing.push({
        category,
        id: audit.id,
        title: audit.title,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        items: describeItems(audit),
      });
    }
  }
  return failing;
}

async function audit(
  route: string,
  url: string,
  cookies: ReadonlyMap<string, string>,
  initial: Set<string>,
  expectedStatus: number,
): Promise<RouteFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    if (cookies.size > 0) {
      // Into the browser's own jar (a Cookie header would lose to the one the page is answered
      // with); Lighthouse clears a page's storage before it loads, but not its cookies.
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const { hostname } = new URL(url);
      await browser.setCookie(
        ...[...cookies].map(([name, value]) => ({ name, value, domain: hostname, path: '/' })),
      );
      await browser.disconnect();
    }
    const flags: Flags = {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...CATEGORIES],
      // The not-found page is a 404 response by design (contracts/routes.ts): measure it anyway.
      ignoreStatusCode: expectedStatus === 404,
    };
    const runs: Result[] = [];
    for (let run = 0; run < RUNS; run++) {
      let result = await lighthouse(url, flags);
      // A busy machine sometimes spoils the trace (NO_NAVSTART, NO_FCP): one more try.
      if (result?.lhr.runtimeError) result = await lighthouse(url, flags);
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      runs.push(result.lhr);
    }
    const valid = filterToValidRuns(runs);
    const lhr = valid.length > 0 ? computeMedianRun(valid) : runs[0]!;
    if (values.reports) {
      await mkdir(values.reports, { recursive: true });
      await writeFile(path.join(values.reports, `${route}.json`), JSON.stringify(lhr));
    }
    const runtimeError = lhr.runtimeError
      ? [
          {
            category: 'runtime',
            id: lhr.runtimeError.code,
            title: lhr.runtimeError.message,
            items: [],
          },
        ]
      : [];
    const requests =
      (
        lhr.audits['network-requests']?.details as
          { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined
      )?.items ?? [];
    const lazyScripts = requests
      .filter((r) => r.resourceType === 'Script')
      .map((r) => ({ path: new URL(r.url).pathname, transferBytes: r.transferSize ?? 0 }))
      .filter((r) => !initial.has(r.path));
    return {
      route,
      path: new URL(url).pathname,
      performance: score(lhr, 'performance'),
      performanceRuns: runs.map((run) => score(run, 'performance')),
      accessibility: score(lhr, 'accessibility'),
      bestPractices: score(lhr, 'best-practices'),
      fcpMs: numeric(lhr, 'first-contentful-paint'),
      lcpMs: numeric(lhr, 'largest-contentful-paint'),
      tbtMs: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      lazyScripts,
      failingAudits: [
        ...runtimeError,
        ...failingAudits(lhr, {
          performance: PERFORMANCE_TARGET,
          accessibility: ACCESSIBILITY_TARGET,
          'best-practices': BEST_PRACTICES_TARGET,
        }),
      ],
    };
  } finally {
    chrome.kill();
  }
}

// ---------------------------------------------------------------------------------------------
// Output

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r, index) => {
      const line = r.map((cell, i) =>
        i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!),
      );
      return index === 0
        ? `${line.join('  ')}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`
        : line.join('  ');
    })
    .join('\n');
}

function printFigures(figures: RouteFigures[], scripts: InitialScript[]) {
  for (const f of figures) {
    if (f.failingAudits.length === 0) continue;
    console.log(`\nFailing audits on ${f.path} (${f.route}):`);
    for (const a of f.failingAudits) {
      console.log(
        `  [${a.category}] ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`,
      );
      for (const item of a.items) console.log(`      - ${item}`);
    }
  }

  console.log(
    `\nLighthouse (mobile defaults)${RUNS > 1 ? `: the median of ${RUNS} runs per route, every run's performance under "runs"` : ''}\n`,
  );
  console.log(
    table([
      [
        'route',
        'path',
        'perf',
        'runs',
        'a11y',
        'best pr.',
        'FCP ms',
        'LCP ms',
        'TBT ms',
        'CLS',
        'CPU idx',
      ],
      ...figures.map((f) => [
        f.route,
        f.path.length > 32 ? `${f.path.slice(0, 31)}…` : f.path,
        String(f.performance),
        f.performanceRuns.join(' '),
        String(f.accessibility),
        String(f.bestPractices),
        f.fcpMs.toFixed(0),
        f.lcpMs.toFixed(0),
        f.tbtMs.toFixed(0),
        f.cls.toFixed(3),
        f.benchmarkIndex.toFixed(0),
      ]),
    ]),
  );

  const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
  console.log(
    `\nLanding page initial JavaScript: ${kb(total)} KB as sent (budget ${INITIAL_JS_BUDGET_KB} KB gzipped)`,
  );
  for (const s of scripts) console.log(`  ${s.path}  ${kb(s.bytes)} KB (${s.encoding})`);

  console.log(
    '\nLazy code per route (scripts beyond the landing page initial ones, KB transferred):',
  );
  for (const f of figures) {
    const list = f.lazyScripts.map((s) => `${path.basename(s.path)} ${kb(s.transferBytes)}`);
    console.log(
      `  ${f.path.length > 32 ? `${f.path.slice(0, 31)}…` : f.path}: ${list.join(', ') || '(none)'}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------

const dist = clientDist();
const dataDir = await mkdtemp(path.join(tmpdir(), 'aj-lighthouse-'));
const server = await startServerProcess({
  DATA_DIR: dataDir,
  CLIENT_DIST: dist,
  NODE_ENV: 'production',
});
let failed = false;
try {
  const visitor = createVisitor(server.url);
  const receipt = await seedReceipt(visitor);
  const sharedTrip = await seedSharedTrip(visitor);
  const sharedMedia = await seedSharedMedia(visitor, server.url, dataDir);
  // The visitor's own pages are measured with its session; the shared pages as a stranger sees them.
  const owner = visitor.cookies;
  const stranger = new Map<string, string>();
  const targets: {
    route: string;
    path: string;
    cookies: ReadonlyMap<string, string>;
    status?: number;
  }[] = [
    ...Object.entries(APP_ROUTES).map(([route, pattern]) => {
      if (route === 'receipt') return { route, path: receipt, cookies: owner };
      if (route === 'sharedMedia') return { route, path: sharedMedia, cookies: stranger };
      if (route === 'sharedTrip') return { route, path: sharedTrip, cookies: stranger };
      return { route, path: pattern, cookies: owner };
    }),
    { route: 'notFound', path: '/no-such-page', cookies: stranger, status: 404 },
  ].filter((t) => !values.only || values.only.includes(t.path) || values.only.includes(t.route));

  const scripts = await initialScripts(server.url);
  const initial = new Set(scripts.map((s) => s.path));
  const figures: RouteFigures[] = [];
  for (const target of targets) {
    if (server.child.exitCode !== null) {
      throw new Error(`the server exited (${server.child.exitCode}): ${server.output()}`);
    }
    process.stderr.write(`Lighthouse: ${target.path}\n`);
    const url = `${server.url}${target.path}`;
    figures.push(await audit(target.route, url, target.cookies, initial, target.status ?? 200));
  }

  printFigures(figures, scripts);
  const initialJsBytes = scripts.reduce((sum, s) => sum + s.bytes, 0);
  if (values.json) {
    const report = {
      measuredAt: new Date().toISOString(),
      routes: figures,
      initialScripts: scripts,
      initialJsBytes,
    };
    await writeFile(values.json, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nFigures written to ${values.json}`);
  }

  const lowA11y = figures.filter((f) => f.accessibility < ACCESSIBILITY_TARGET);
  const lowPerf = figures.filter((f) => f.performance < PERFORMANCE_TARGET);
  if (lowA11y.length > 0) {
    failed = true;
    console.log(
      `\nAccessibility below ${ACCESSIBILITY_TARGET}: ${lowA11y.map((f) => f.path).join(', ')}`,
    );
  }
  if (lowPerf.length > 0) {
    failed ||= values['strict-performance'];
    console.log(
      `\nPerformance below ${PERFORMANCE_TARGET}: ${lowPerf.map((f) => f.path).join(', ')}`,
    );
  }
} finally {
  await server.stop('SIGTERM');
  await rm(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
