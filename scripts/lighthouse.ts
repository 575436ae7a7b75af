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
 * Each page is measured as two visitors, side by side (issue 30): "empty", the one above, and
 * "full", a traveller whose data is realistic, made through the API as the client makes it and
 * within the server's rate limits: a 14-day trip of 60 items chosen on /flight-plan (`?trip=`),
 * 100 photos, 20 bookings and 30 chat exchanges. Only the pages that show that data are measured
 * twice (the planner, the gallery, the bookings and the two share pages of the trip and of all the
 * photos); the others show "same". The planner's other tabs, its busiest day and the chat open on
 * a click only, so they are measured in a Lighthouse user flow (a timespan around the click, then
 * a snapshot). Lighthouse's CPU index of every run and the load average are printed beside the
 * figures, to tell a busy machine from a slow page.
 *
 * With --runs n, each route is measured n times and the median run is reported (Lighthouse's own
 * computeMedianRun: the run nearest the median FCP and time to interactive), beside the range of
 * the performance scores: "the median Lighthouse score of 5 runs is twice as stable as 1 run"
 * (Lighthouse's docs/variability.md), and this machine's load moves a single run's score a lot
 * (docs/decisions/016).
 *
 * Also asks Chromium whether the site can be installed as an app (Page.getInstallabilityErrors, what
 * Lighthouse's own "installable manifest" audit read until Lighthouse 12 removed it with the PWA
 * category): from the landing page, once its service worker controls it.
 *
 * Exit code 1 when an accessibility score is below 100 (empty, full or a clicked view) or the site
 * cannot be installed, and with --strict-performance also when a performance score is below 95.
 */
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs, promisify } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { startFlow, type Flags, type Result } from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import puppeteer, { type Page } from 'puppeteer-core';
import { DEMO_BOOKINGS, type Booking } from '../contracts/bookings.js';
import { cartPriceOf } from '../contracts/cart.js';
import { CHAT_PATH } from '../contracts/chat.values.js';
import type { Destination } from '../contracts/destinations.js';
import {
  MAX_SHARE_FILES,
  type MediaFile,
  type ShareResult,
  type UploadTicket,
} from '../contracts/media.js';
import type { BlockchainPaymentResponse } from '../contracts/payments.js';
import {
  ITEM_TYPE_PLURALS,
  type PlannerItem,
  type Trip,
  type TripShare,
} from '../contracts/planner.js';
import {
  APP_ROUTES,
  receiptPath,
  SERVER_RENDER_ENTRY,
  sharedMediaPath,
  sharedTripPath,
} from '../contracts/routes.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/helpers/chromium.js';
import { startServerProcess } from '../tests/helpers/process.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const ACCESSIBILITY_TARGET = 100;
const PERFORMANCE_TARGET = 95;
const BEST_PRACTICES_TARGET = 100;
const INITIAL_JS_BUDGET_KB = 150;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
/** A 429 without Retry-After: the window of the server's per-minute limits. */
const RETRY_AFTER_UNSAID_S = 60;
/** A page has settled once its network has been quiet this long. */
const SETTLE_IDLE_MS = 500;
const SETTLE_TIMEOUT_MS = 30_000;
/** How often to ask whether the uploaded photos' thumbnails are made. */
const PROCESSING_POLL_MS = 500;
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

/**
 * A copy of the build (the client and its server renderer beside it) for the run to serve: a
 * build-if-stale elsewhere in the tree may rebuild dist/ while the run measures, and a page whose
 * scripts and stylesheet were renamed under it then loads unstyled, with 404s. The renderer
 * imports the app's packages (React, React Router): a `node_modules` beside the copy finds them,
 * as the repository's does for `npm start`. Without it every page with data was sent as the app
 * shell, never rendered with its data, and measured so.
 */
async function copyBuild(dist: string, into: string): Promise<string> {
  const client = path.join(into, 'client');
  await cp(dist, client, { recursive: true });
  const render = path.resolve(dist, path.dirname(SERVER_RENDER_ENTRY));
  if (existsSync(render)) {
    await cp(render, path.resolve(client, path.dirname(SERVER_RENDER_ENTRY)), { recursive: true });
    await symlink(path.join(ROOT, 'node_modules'), path.join(into, 'node_modules'), 'dir');
  }
  return client;
}

// ---------------------------------------------------------------------------------------------
// Seeding the records the dynamic routes show, through the API, as a browser would make them

type Visitor = ReturnType<typeof createVisitor>;

/**
 * fetch with a cookie jar, the way a browser keeps the session cookie. A 429 is waited out as its
 * Retry-After says and the request sent again: the realistic data takes more writes than some
 * routes allow a visitor in a minute (a photo is three file writes), and the server's limits are
 * what a traveller meets too.
 */
function createVisitor(baseUrl: string) {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  async function send(url: string, init: RequestInit): Promise<Response> {
    for (;;) {
      const response = await fetch(url, init);
      if (response.status !== 429) return response;
      const seconds = Number(response.headers.get('retry-after') ?? RETRY_AFTER_UNSAID_S);
      process.stderr.write(
        `  ${init.method} ${new URL(url).pathname}: 429, waiting ${seconds} s\n`,
      );
      await response.body?.cancel();
      await sleep(seconds * 1000);
    }
  }
  return {
    cookies,
    cookieHeader,
    send,
    async request<T>(method: string, pathname: string, body?: unknown): Promise<T> {
      const headers: Record<string, string> = {};
      if (cookies.size > 0) headers.cookie = cookieHeader();
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await send(new URL(pathname, baseUrl).toString(), {
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

/** Pays a booking with the (simulated) wallet, as the payment demo does. */
async function payBooking(visitor: Visitor, booking: Booking): Promise<void> {
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
  await payBooking(visitor, booking);
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
  return shareTrip(visitor, trip.id);
}

async function shareTrip(visitor: Visitor, tripId: string): Promise<string> {
  const share = await visitor.request<TripShare>('POST', `/api/trip-planners/${tripId}/shares`, {});
  return sharedTripPath(share.shareUrl.split('/').pop()!);
}

/** Runs the ffmpeg of the npm package (what the tests' media fixtures are made with). */
async function ffmpeg(args: string[]): Promise<void> {
  const bin = ((await import('@ffmpeg-installer/ffmpeg')) as { path: string }).path;
  await promisify(execFile)(bin, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

/** One file uploaded as the uploader does it: a ticket, the bytes PUT there, the record. */
async function uploadMedia(
  visitor: Visitor,
  baseUrl: string,
  file: { bytes: Buffer; fileName: string; fileType: string; description: string },
): Promise<MediaFile> {
  const ticket = await visitor.request<UploadTicket>('POST', '/api/media/upload', {
    fileType: file.fileType,
    fileSize: file.bytes.length,
  });
  const uploadUrl = new URL(ticket.uploadURL, baseUrl).toString();
  const stored = await visitor.send(uploadUrl, {
    method: 'PUT',
    headers: { ...ticket.headers, cookie: visitor.cookieHeader() },
    body: file.bytes,
  });
  if (!stored.ok) throw new Error(`upload: ${stored.status} ${await stored.text()}`);
  return visitor.request<MediaFile>('PUT', '/api/media', {
    mediaURL: uploadUrl,
    fileName: file.fileName,
    fileType: file.fileType,
    fileSize: file.bytes.length,
    description: file.description,
  });
}

/** A real photo (made by the ffmpeg of the npm package), uploaded and shared by a private link. */
async function seedSharedMedia(
  visitor: Visitor,
  baseUrl: string,
  workDir: string,
): Promise<string> {
  const file = path.join(workDir, 'lake.jpg');
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=1200x800', '-frames:v', '1', file]);
  const media = await uploadMedia(visitor, baseUrl, {
    bytes: await readFile(file),
    fileName: 'lake.jpg',
    fileType: 'image/jpeg',
    description: 'The lake from the step-free viewpoint',
  });
  return shareMedia(visitor, [media.id]);
}

async function shareMedia(visitor: Visitor, mediaIds: string[]): Promise<string> {
  const share = await visitor.request<ShareResult>('POST', '/api/media/share', {
    mediaIds,
    shareType: 'social',
    socialPlatform: 'facebook',
  });
  return sharedMediaPath(share.shareUrl.split('/').pop()!);
}

// ---------------------------------------------------------------------------------------------
// The full visitor: a traveller with realistic data (issue 30), made through the API as the
// client makes it, so the pages read it as they read anyone's

const TRIP_START = '2027-06-07';
const TRIP_DAYS = 14;
const PHOTOS = 100;
const BOOKINGS = 20;
const CHAT_EXCHANGES = 30;

/** `TRIP_START` plus `days`, as an ISO date. */
const tripDay = (days: number) =>
  new Date(Date.parse(`${TRIP_START}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const LONG_NOTE = [
  'Wheelchair assistance is booked at both airports (WCHC: I cannot climb the aircraft steps or walk',
  'to the seat). The power chair travels in the hold: its dry lithium battery is 300 Wh, under the',
  "airline's limit, and the manufacturer's sheet is printed in the blue folder. Ask the gate to bring",
  'the chair to the aircraft door on arrival, not to the baggage hall, and check that the joystick is',
  'folded down and taped before it is loaded. If the chair is damaged, report it at the desk before',
  'leaving the airport (a PIR), photograph it, and call the repair shop on the insurance card. The',
  'aisle chair on board is narrow: the transfer board is in the cabin bag. Seats 12C and 12D have',
  'lifting armrests; the crew were told at booking and again at check-in, and the booking reference',
  'is on the first page of the folder with the doctor letter for the medicines in the cabin bag.',
].join(' ');

/** The trip's flights, stays and cars: [day, type, time, name, price, note]. */
const FIXED_ITEMS: [number, string, string, string, string, string?][] = [
  [0, 'flight', 'morning', 'TP 202 Newark to Lisbon', '642.00', LONG_NOTE],
  [0, 'car', 'afternoon', 'Ramp taxi from the airport (Táxis Lisboa, booked)', '38.00'],
  [
    0,
    'hotel',
    'allday',
    'Hotel in the Baixa, room 104 with a roll-in shower (5 nights)',
    '1120.00',
  ],
  [3, 'car', 'morning', 'Ramp van with a driver to Sintra and back', '180.00'],
  [3, 'hotel', 'afternoon', 'Day room at a quinta near Sintra, to rest between visits', '95.00'],
  [5, 'hotel', 'allday', 'Ribeira guesthouse in Porto, ground-floor studio (4 nights)', '680.00'],
  [
    9,
    'flight',
    'morning',
    'TP 1921 Porto to Faro',
    '89.00',
    'Assistance booked; chair to the door.',
  ],
  [9, 'car', 'afternoon', 'Hand-control rental car from Faro airport', '312.00'],
  [
    9,
    'hotel',
    'allday',
    'Beach hotel in Lagos, adapted room, hoist on request (4 nights)',
    '980.00',
  ],
  [12, 'car', 'evening', 'Return the rental car at Faro airport', '0.00'],
  [13, 'flight', 'afternoon', 'TP 1900 Faro to Lisbon, then TP 203 to Newark', '711.40', LONG_NOTE],
];

/** The days' visits, walks and meals, spread over the fourteen days in order. */
const ACTIVITIES = [
  'Dinner at a step-free restaurant in Chiado',
  'Rest at the hotel after the flight',
  'Tram 15E to Belém (low floor; the 28 has steps)',
  'Jerónimos Monastery, the cloister level only',
  'Pastéis de Belém, the table by the door',
  'Fado at a venue with a ramp in Alfama',
  'Oceanário de Lisboa',
  'Lunch in the Parque das Nações',
  'Cable car along the river, the cabins take a wheelchair',
  'Miradouro da Senhora do Monte at sunset, by taxi to the top',
  'Pena Palace: the accessible route, the shuttle from the gate and the terrace with the views over the park and the Moorish castle, booked for the ten o’clock entry',
  'Sintra town centre and Piriquita',
  'Free morning',
  'Gulbenkian Museum and its garden paths',
  'LX Factory on a Sunday',
  'Time Out Market for dinner',
  'Train to Porto (Alfa Pendular, car 5 has the wheelchair space)',
  'Walk along the Ribeira, the flat part',
  'Port tasting at a lodge with a lift in Vila Nova de Gaia',
  'Dinner with a view of the Dom Luís I bridge',
  'Livraria Lello (timed ticket, the ground floor is step-free)',
  'Serralves Museum and park',
  'Francesinha for lunch',
  'Douro river cruise, six bridges, the boat with a ramp',
  'Matosinhos for grilled fish',
  'Casa da Música concert',
  'Mercado do Bolhão',
  'Day trip to the Douro valley: the train to Pinhão, the quinta visit with the adapted tasting room, and back on the evening train, with assistance booked at São Bento',
  'Pack and rest',
  'Lagos old town, the flat lanes',
  'Ponta da Piedade by boat (the boat with a ramp, the calm morning slot)',
  'Beach wheelchair at Meia Praia (amphibious chair, lifeguard station 3)',
  'Seafood dinner on the marina',
  'Sagres fortress and Cabo de São Vicente',
  'Lunch at a café in Sagres',
  'Quiet afternoon at the pool, the one with a hoist',
  'Benagil cave by boat from Portimão',
  'Silves castle (the lower walls only)',
  'Cataplana dinner in Silves',
  'Faro old town and the cathedral square',
  'Ria Formosa boat trip',
  'Tavira by the regional train',
  'Pharmacy: refill the prescription before flying',
  'Farewell dinner at the hotel',
  'Stargazing on the terrace',
  'Souvenirs: azulejo tiles and cork',
  'Morning swim',
  'Check out and the taxi to the airport',
  'Lunch at Faro airport before the flight',
];

const NOTES = [
  'Step-free entrance on the side street; ask for the ramp at the desk.',
  'Booked for two; the carer goes free with the disability card.',
  'Accessible toilet on the ground floor.',
  '',
  'Cobbles on the last stretch: the taxi can drop us at the door.',
  '',
];
const SLOTS = ['morning', 'afternoon', 'evening', 'night', 'allday', ''] as const;

/** The 60 items of the fourteen-day trip, with varied types, times, prices and notes. */
function tripItems(plannerId: string) {
  const fixed = FIXED_ITEMS.map(([day, itemType, scheduledTime, itemName, price, note]) => ({
    plannerId,
    itemType,
    itemName,
    scheduledDate: tripDay(day),
    scheduledTime,
    price,
    ...(note ? { itemDescription: note } : {}),
  }));
  const activities = ACTIVITIES.map((itemName, i) => {
    const note = i % 11 === 7 ? `${NOTES[0]} ${LONG_NOTE}` : NOTES[i % NOTES.length]!;
    return {
      plannerId,
      itemType: 'activity',
      itemName,
      scheduledDate: tripDay(Math.floor((i * TRIP_DAYS) / ACTIVITIES.length)),
      scheduledTime: SLOTS[i % SLOTS.length],
      price: (i % 4 === 0 ? 0 : 8 + ((i * 7.35) % 90)).toFixed(2),
      ...(note ? { itemDescription: note } : {}),
    };
  });
  return [...fixed, ...activities];
}

interface FullVisitor {
  tripId: string;
  /** The shared link of the big trip and of the whole gallery. */
  sharedTrip: string;
  sharedMedia: string;
  /** The last question asked in the chat: shown once the whole history is. */
  lastQuestion: string;
}

/** The 14-day trip of 60 items (its flights, stays and cars booked), and two smaller trips. */
async function seedTrips(visitor: Visitor) {
  const trip = await visitor.request<Trip>('POST', '/api/trip-planners', {
    title: 'Portugal on wheels: Lisbon, Porto and the Algarve',
    destination: 'Lisbon, Porto and Lagos, Portugal',
    startDate: TRIP_START,
    endDate: tripDay(TRIP_DAYS - 1),
  });
  const items = tripItems(trip.id);
  for (const item of items) {
    const made = await visitor.request<PlannerItem>('POST', '/api/planner-items', item);
    if (item.itemType !== 'activity') {
      await visitor.request('PATCH', `/api/planner-items/${made.id}`, { isBooked: true });
    }
  }
  // Two more trips, made after it, so the list shows three and the big one is chosen by its
  // address (`?trip=`), as a reload or a bookmark of it does.
  for (const [title, destination, startDate, endDate] of [
    ['Copenhagen in the autumn', 'Copenhagen, Denmark', '2027-10-02', '2027-10-05'],
    ['Weekend in Montréal', 'Montréal, Canada', '2027-02-12', '2027-02-14'],
  ] as const) {
    const other = await visitor.request<Trip>('POST', '/api/trip-planners', {
      title,
      destination,
      startDate,
      endDate,
    });
    await visitor.request('POST', '/api/planner-items', {
      plannerId: other.id,
      itemType: 'hotel',
      itemName: `Accessible room in ${destination.split(',')[0]}`,
      scheduledDate: startDate,
      scheduledTime: 'allday',
      price: '240.00',
    });
  }
  return { tripId: trip.id, sharedTrip: await shareTrip(visitor, trip.id) };
}

/**
 * `PHOTOS` photos, taken as frames of ffmpeg's test sources (each frame differs): landscape
 * JPEGs, portrait JPEGs and a few PNG screenshots, as a phone's camera roll mixes them.
 */
async function makePhotos(workDir: string): Promise<{ file: string; type: string }[]> {
  const dir = path.join(workDir, 'photos');
  await mkdir(dir, { recursive: true });
  const kinds = [
    { source: 'testsrc2=size=1600x1200:rate=1', count: 60, ext: 'jpg', type: 'image/jpeg' },
    { source: 'mandelbrot=size=900x1600:rate=1', count: 30, ext: 'jpg', type: 'image/jpeg' },
    {
      source: 'testsrc=size=1170x2532:rate=1',
      count: PHOTOS - 90,
      ext: 'png',
      type: 'image/png',
    },
  ];
  const files: { file: string; type: string }[] = [];
  for (const [k, kind] of kinds.entries()) {
    const pattern = path.join(dir, `${k}-%03d.${kind.ext}`);
    await ffmpeg(['-f', 'lavfi', '-i', kind.source, '-frames:v', String(kind.count), pattern]);
    for (let n = 1; n <= kind.count; n++) {
      files.push({ file: pattern.replace('%03d', String(n).padStart(3, '0')), type: kind.type });
    }
  }
  return files;
}

/** The photos uploaded to the gallery, and all of them shared by one link. */
async function seedGallery(
  visitor: Visitor,
  baseUrl: string,
  files: { file: string; type: string }[],
): Promise<string> {
  const ids: string[] = [];
  for (const [i, { file, type }] of files.entries()) {
    const media = await uploadMedia(visitor, baseUrl, {
      bytes: await readFile(file),
      fileName: `IMG_${String(4100 + i)}.${path.extname(file).slice(1)}`,
      fileType: type,
      description: i % 5 === 0 ? `${ACTIVITIES[i % ACTIVITIES.length]}, day ${1 + (i % 14)}` : '',
    });
    ids.push(media.id);
  }
  // Thumbnails are made after the upload: the gallery is measured as it looks once they are.
  for (;;) {
    const listed = await visitor.request<MediaFile[]>('GET', '/api/media');
    if (listed.every((m) => !m.processing)) break;
    await sleep(PROCESSING_POLL_MS);
  }
  return shareMedia(visitor, ids.slice(0, MAX_SHARE_FILES));
}

/**
 * `BOOKINGS` bookings: cart checkouts of catalogue destinations (one to four each) and the three
 * demo bookings; most paid, some cancelled, some left pending, as a history of a year looks.
 */
async function seedBookings(visitor: Visitor): Promise<void> {
  let destinations = await visitor.request<Destination[]>('GET', '/api/destinations');
  if (destinations.length === 0) {
    // An empty catalogue is filled by the landing page (DestinationsGrid.tsx), as here.
    await visitor.request('POST', '/api/destinations/populate', {});
    destinations = await visitor.request<Destination[]>('GET', '/api/destinations');
  }
  const byCurrency = new Map<string, Destination[]>();
  for (const d of destinations)
    byCurrency.set(d.currency, [...(byCurrency.get(d.currency) ?? []), d]);
  const groups = [...byCurrency.values()].filter((g) => g.length >= 2);
  for (let i = 0; i < BOOKINGS; i++) {
    let body;
    const demo = DEMO_BOOKINGS[i];
    if (demo) {
      body = {
        bookingType: demo.bookingType,
        totalAmount: demo.totalAmount,
        currency: demo.currency,
        bookingDetails: { title: demo.bookingDetails.title, details: [], accessibility: [] },
      };
    } else {
      // Distinct carts (a start and a length in one currency's list), so none is another's twin.
      const j = i - DEMO_BOOKINGS.length;
      const group = groups[j % groups.length]!;
      const k = Math.floor(j / groups.length);
      const start = k % group.length;
      const items = [...group, ...group].slice(start, start + 1 + Math.floor(k / group.length));
      const total = items.reduce((sum, d) => sum + cartPriceOf(d.price), 0);
      body = {
        bookingType: 'destinations',
        totalAmount: total.toFixed(2),
        currency: items[0]!.currency,
        bookingDetails: {
          title: items
            .map((d) => d.name)
            .join(', ')
            .slice(0, 200),
          details: [],
          accessibility: [],
        },
        items: items.map((d) => ({ destinationId: d.id })),
      };
    }
    const booking = await visitor.request<Booking>('POST', '/api/bookings', body);
    // A booking the visitor already has open is answered again, not made twice: pay or cancel it
    // before the same one comes round again.
    if (i % 5 === 3) await visitor.request('POST', `/api/bookings/${booking.id}/cancel`);
    else if (i % 5 !== 4 || demo) await payBooking(visitor, booking);
  }
  const made = (await visitor.request<Booking[]>('GET', '/api/bookings')).length;
  if (made !== BOOKINGS) process.stderr.write(`  ${made} bookings made, not ${BOOKINGS}\n`);
}

const QUESTIONS = [
  'Which places in Portugal have step-free access?',
  'Is Portugal safe to visit?',
  'What does my trip cost so far?',
  'Which hotels are in my trip?',
  'Is Lisbon hilly for a wheelchair user? I use a power chair and can manage short slopes but not cobbles for long, and I would like to know which neighbourhoods are flattest and where the trams and lifts are step-free.',
  'What is the emergency number in Portugal?',
  'Add a museum visit on the third day',
  'Which destinations in Europe suit a budget of 1500 dollars?',
  'How safe is Morocco?',
  'What activities are planned on the first day?',
  'Do I have a car booked?',
  'Which places in Canada have accessible transport?',
  'Is the Oceanário step-free?',
  'What is the weather like in the Algarve in June?',
  'Which of my days is the busiest?',
  'Add a taxi to the airport on the last day',
  'How much are the hotels in total?',
  'Is Sintra suitable for a wheelchair?',
  'What should I know about travelling with a power chair battery on a plane?',
  'Which destinations have accessible parking?',
  'Is Spain safe to visit?',
  'What do I have planned in Porto?',
  'Plan 3 days in Lisbon for a wheelchair user',
  'Which places have sign language tours?',
  'What is the safest country in Europe on your list?',
  'How do I call an ambulance in Portugal?',
  'What is booked and what is not yet?',
  'Are there accessible beaches near Lagos?',
  'Which destinations in the United States cost under 500 dollars?',
  'Thank you, Beth. Can you summarise my trip day by day, with the times, so I can print it and keep it in the blue folder with the tickets?',
];

/** `CHAT_EXCHANGES` questions to the assistant about the trip, kept by the server. */
async function seedChat(visitor: Visitor, plannerId: string): Promise<string> {
  let last = '';
  for (let i = 0; i < CHAT_EXCHANGES; i++) {
    last = QUESTIONS[i % QUESTIONS.length]!;
    await visitor.request('POST', CHAT_PATH, { message: last, plannerId });
  }
  return last;
}

/** The traveller's data, made by one visitor through the API; the photos go in alongside. */
async function seedFullVisitor(
  visitor: Visitor,
  baseUrl: string,
  workDir: string,
): Promise<FullVisitor> {
  const photos = makePhotos(workDir);
  // The first write makes the session: nothing runs beside it, or each would start one.
  const trips = await seedTrips(visitor);
  // The gallery takes three file writes a photo, past a minute's allowance: it waits out its 429s
  // while the rest is made.
  const gallery = photos.then((files) => seedGallery(visitor, baseUrl, files));
  await seedBookings(visitor);
  const lastQuestion = await seedChat(visitor, trips.tripId);
  return { ...trips, lastQuestion, sharedMedia: await gallery };
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

/** The visitor a page is measured as: the first one, or the traveller with realistic data. */
type Variant = 'empty' | 'full';

interface RouteFigures {
  route: string;
  variant: Variant;
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
  /** Every run's CPU index, in the order run. */
  benchmarkIndexRuns: number[];
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
  variant: Variant,
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
      const name = variant === 'full' ? `${route}-full` : route;
      await writeFile(path.join(values.reports, `${name}.json`), JSON.stringify(lhr));
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
    const { pathname, search } = new URL(url);
    return {
      route,
      variant,
      path: pathname + search,
      performance: score(lhr, 'performance'),
      performanceRuns: runs.map((run) => score(run, 'performance')),
      accessibility: score(lhr, 'accessibility'),
      bestPractices: score(lhr, 'best-practices'),
      fcpMs: numeric(lhr, 'first-contentful-paint'),
      lcpMs: numeric(lhr, 'largest-contentful-paint'),
      tbtMs: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      benchmarkIndexRuns: runs.map((run) => run.environment.benchmarkIndex),
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

/** A view of the full visitor's planner or chat that only a click opens (no address names it). */
interface ViewFigures {
  view: string;
  accessibility: number;
  /** The click's own main-thread work, measured under DevTools' 4× CPU slowdown. */
  tbtMs: number;
  cls: number;
  inpMs: number;
  benchmarkIndex: number;
  failingAudits: RouteFigures['failingAudits'];
}

/** Waits for the page's reads and their rendering to be done. */
async function settle(page: Page): Promise<void> {
  await page.waitForNetworkIdle({ idleTime: SETTLE_IDLE_MS, timeout: SETTLE_TIMEOUT_MS });
}

/**
 * The planner's tabs other than Trip Planner, its busiest day, and the chat with its long history
 * are opened by a click only: the page keeps the chosen tab and day in its state, not its
 * address. Each is measured in a Lighthouse user flow as the traveller: a timespan around the
 * click (its blocking time, layout shifts and interaction to next paint, with DevTools applying
 * the 4× CPU slowdown, as Lighthouse cannot simulate a timespan), then a snapshot of what it
 * opened (accessibility).
 */
async function auditViews(
  url: string,
  cookies: ReadonlyMap<string, string>,
  lastQuestion: string,
): Promise<ViewFigures[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const { hostname } = new URL(url);
    await browser.setCookie(
      ...[...cookies].map(([name, value]) => ({ name, value, domain: hostname, path: '/' })),
    );
    const page = await browser.newPage();
    const flow = await startFlow(page as unknown as Parameters<typeof startFlow>[0], {
      flags: { logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
    });
    // Loaded as a step of the flow, so the page has the mobile screen before the first click.
    await flow.navigate(url, { name: 'load' });
    await settle(page);

    const views: { view: string; act: () => Promise<void> }[] = [
      {
        view: 'Trip Planner, the busiest day',
        act: async () => {
          const days = await page.$$('button[aria-pressed]');
          const counts = await Promise.all(
            days.map((day) =>
              day.evaluate((e) => Number(/(\d+) items?:/.exec(e.ariaLabel ?? '')?.[1] ?? 0)),
            ),
          );
          await days[counts.indexOf(Math.max(...counts))]!.click();
        },
      },
      ...[...Object.values(ITEM_TYPE_PLURALS), 'Overview'].map((tab) => ({
        view: `${tab} tab`,
        act: () => page.locator(`::-p-aria([name="${tab}"][role="tab"])`).click(),
      })),
      {
        view: `Chat, ${CHAT_EXCHANGES} exchanges`,
        act: async () => {
          // The floating button's name, as the browser tests find it (FloatingChatButton.tsx).
          await page
            .locator('::-p-aria([name="Chat with Beth, your AI travel assistant"])')
            .click();
          // The history is on screen once its last question is.
          const shown = `document.querySelector('[role="dialog"]')?.textContent?.includes(${JSON.stringify(lastQuestion)})`;
          await page.waitForFunction(shown, { timeout: SETTLE_TIMEOUT_MS });
        },
      },
    ];
    for (const { view, act } of views) {
      process.stderr.write(`Lighthouse: ${view}\n`);
      await flow.startTimespan({
        name: view,
        throttlingMethod: 'devtools',
        onlyCategories: ['performance'],
      });
      await act();
      await settle(page);
      await flow.endTimespan();
      await flow.snapshot({ name: view, onlyCategories: ['accessibility'] });
    }
    const { steps } = await flow.createFlowResult();
    await browser.disconnect();
    return views.map(({ view }) => {
      const timespan = steps.find((s) => s.name === view && s.lhr.gatherMode === 'timespan')!.lhr;
      const snapshot = steps.find((s) => s.name === view && s.lhr.gatherMode === 'snapshot')!.lhr;
      return {
        view,
        accessibility: score(snapshot, 'accessibility'),
        tbtMs: numeric(timespan, 'total-blocking-time'),
        cls: numeric(timespan, 'cumulative-layout-shift'),
        inpMs: numeric(timespan, 'interaction-to-next-paint'),
        benchmarkIndex: timespan.environment.benchmarkIndex,
        // A snapshot's performance is not a score out of 100: only accessibility is judged here.
        failingAudits: failingAudits(snapshot, {
          accessibility: ACCESSIBILITY_TARGET,
          performance: 0,
        }),
      };
    });
  } finally {
    chrome.kill();
  }
}

/**
 * Chromium's reasons not to offer installing the site, from `url` in a browser of its own: none
 * when the manifest, its icons and the service worker are all as an installable app needs.
 */
async function installabilityErrors(url: string): Promise<string[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(url, { waitUntil: 'load' });
    // The worker must control the page: Chromium checks the one that does.
    await page.waitForFunction('navigator.serviceWorker?.controller != null', { timeout: 30_000 });
    const session = await page.createCDPSession();
    const { installabilityErrors: errors } = await session.send('Page.getInstallabilityErrors');
    await browser.disconnect();
    return errors.map((e) =>
      [e.errorId, ...e.errorArguments.map((a) => `${a.name}=${a.value}`)].join(' '),
    );
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

/** A route's figures as the empty visitor and, where the data changes the page, as the full one. */
interface RouteRow {
  route: string;
  empty: RouteFigures;
  /** Undefined: the page does not read the visitor's data, so the empty figures stand for both. */
  full?: RouteFigures;
}

const span = (values: number[]) => {
  const [min, max] = [Math.min(...values), Math.max(...values)];
  return min === max ? String(min) : `${min}–${max}`;
};
const shortPath = (p: string) => (p.length > 32 ? `${p.slice(0, 31)}…` : p);

function printFailing(label: string, failing: RouteFigures['failingAudits']) {
  if (failing.length === 0) return;
  console.log(`\nFailing audits on ${label}:`);
  for (const a of failing) {
    console.log(
      `  [${a.category}] ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`,
    );
    for (const item of a.items) console.log(`      - ${item}`);
  }
}

function printFigures(
  rows: RouteRow[],
  views: ViewFigures[],
  scripts: InitialScript[],
  load: { before: number[]; after: number[] },
) {
  const figures = rows.flatMap((r) => (r.full ? [r.empty, r.full] : [r.empty]));
  for (const f of figures) printFailing(`${f.path} (${f.route}, ${f.variant})`, f.failingAudits);
  for (const v of views) printFailing(`${v.view} (flightPlan, full)`, v.failingAudits);

  const cpu = figures.flatMap((f) => f.benchmarkIndexRuns);
  console.log(
    `\nLighthouse (mobile defaults)${RUNS > 1 ? `: the median of ${RUNS} runs per route, the range of their performance scores under "runs"` : ''}.` +
      `\nEmpty: a visitor with one booking, one photo and one small trip; full: a traveller with a` +
      ` ${TRIP_DAYS}-day trip of ${FIXED_ITEMS.length + ACTIVITIES.length} items (selected), ${PHOTOS} photos,` +
      ` ${BOOKINGS} bookings and ${CHAT_EXCHANGES} chat exchanges; "same" where the page does not read` +
      ` the visitor's data. CPU: Lighthouse's CPU index over the runs (higher is faster; about` +
      ` 1500 or more is the machine its 4× slowdown assumes), ${span(cpu.map(Math.round))} in all;` +
      ` load average (1, 5, 15 min) ${load.before.map((l) => l.toFixed(2)).join(' ')} before,` +
      ` ${load.after.map((l) => l.toFixed(2)).join(' ')} after.\n`,
  );
  const cells = (f: RouteFigures) => [
    String(f.performance),
    span(f.performanceRuns),
    String(f.accessibility),
    f.lcpMs.toFixed(0),
    f.tbtMs.toFixed(0),
    f.cls.toFixed(3),
    span(f.benchmarkIndexRuns.map(Math.round)),
  ];
  const heads = ['perf', 'runs', 'a11y', 'LCP ms', 'TBT ms', 'CLS', 'CPU'];
  console.log(
    table([
      ['route', 'path', ...heads.map((h) => `${h} E`), ...heads.map((h) => `${h} F`)],
      ...rows.map((r) => [
        r.route,
        shortPath(r.empty.path),
        ...cells(r.empty),
        ...(r.full ? cells(r.full) : ['same', ...heads.slice(1).map(() => '')]),
      ]),
    ]),
  );
  console.log('\nE: empty, F: full. The full pages’ addresses:');
  for (const r of rows) if (r.full) console.log(`  ${r.route}: ${r.full.path}`);
  console.log('\nBest practices and FCP:');
  for (const f of figures) {
    console.log(
      `  ${f.route} (${f.variant}): best practices ${f.bestPractices}, FCP ${f.fcpMs.toFixed(0)} ms`,
    );
  }

  if (views.length > 0) {
    console.log(
      '\nThe full planner’s views and chat reached only by a click (one Lighthouse user flow: a' +
        ' timespan around the click with DevTools’ 4× CPU slowdown, then a snapshot):\n',
    );
    console.log(
      table([
        ['view', 'a11y', 'TBT ms', 'INP ms', 'CLS', 'CPU'],
        ...views.map((v) => [
          v.view,
          String(v.accessibility),
          v.tbtMs.toFixed(0),
          Number.isNaN(v.inpMs) ? '–' : v.inpMs.toFixed(0),
          v.cls.toFixed(3),
          v.benchmarkIndex.toFixed(0),
        ]),
      ]),
    );
  }

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
    console.log(`  ${shortPath(f.path)} (${f.variant}): ${list.join(', ') || '(none)'}`);
  }
}

// ---------------------------------------------------------------------------------------------

const startedAt = Date.now();
const loadBefore = loadavg();
const buildDir = await mkdtemp(path.join(tmpdir(), 'aj-lighthouse-build-'));
const dist = await copyBuild(clientDist(), buildDir);
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
  process.stderr.write('Seeding the full visitor’s data through the API\n');
  const traveller = createVisitor(server.url);
  const seedingFrom = Date.now();
  const full = await seedFullVisitor(traveller, server.url, dataDir);
  /** Where the run's time goes, in ms: to see what the full visitor costs a CI run. */
  const time = { seeding: Date.now() - seedingFrom, empty: 0, full: 0, views: 0 };
  // The visitor's own pages are measured with its session; the shared pages as a stranger sees them.
  const owner = visitor.cookies;
  const stranger = new Map<string, string>();
  const targets: {
    route: string;
    path: string;
    cookies: ReadonlyMap<string, string>;
    status?: number;
    /** The same page with the traveller's data, on the routes whose content is that data. */
    full?: { path: string; cookies: ReadonlyMap<string, string> };
  }[] = [
    ...Object.entries(APP_ROUTES).map(([route, pattern]) => {
      const mine = { path: pattern, cookies: traveller.cookies };
      if (route === 'receipt') return { route, path: receipt, cookies: owner };
      if (route === 'sharedMedia') {
        const theirs = { path: full.sharedMedia, cookies: stranger };
        return { route, path: sharedMedia, cookies: stranger, full: theirs };
      }
      if (route === 'sharedTrip') {
        const theirs = { path: full.sharedTrip, cookies: stranger };
        return { route, path: sharedTrip, cookies: stranger, full: theirs };
      }
      if (route === 'flightPlan') {
        // The chosen trip is kept in the address (TripPlanner.tsx), as a bookmark of it opens.
        const chosen = { path: `${pattern}?trip=${encodeURIComponent(full.tripId)}` };
        return { route, path: pattern, cookies: owner, full: { ...mine, ...chosen } };
      }
      if (route === 'mediaGallery' || route === 'bookings') {
        return { route, path: pattern, cookies: owner, full: mine };
      }
      return { route, path: pattern, cookies: owner };
    }),
    { route: 'notFound', path: '/no-such-page', cookies: stranger, status: 404 },
  ].filter((t) => !values.only || values.only.includes(t.path) || values.only.includes(t.route));

  const scripts = await initialScripts(server.url);
  const initial = new Set(scripts.map((s) => s.path));
  const rows: RouteRow[] = [];
  for (const target of targets) {
    const measure = async (variant: Variant, p: string, cookies: ReadonlyMap<string, string>) => {
      if (server.child.exitCode !== null) {
        throw new Error(`the server exited (${server.child.exitCode}): ${server.output()}`);
      }
      process.stderr.write(`Lighthouse: ${p} (${variant})\n`);
      const url = `${server.url}${p}`;
      const from = Date.now();
      const figures = await audit(
        target.route,
        variant,
        url,
        cookies,
        initial,
        target.status ?? 200,
      );
      time[variant] += Date.now() - from;
      return figures;
    };
    const empty = await measure('empty', target.path, target.cookies);
    const row: RouteRow = { route: target.route, empty };
    if (target.full) row.full = await measure('full', target.full.path, target.full.cookies);
    rows.push(row);
  }
  const planner = targets.find((t) => t.route === 'flightPlan')?.full;
  const viewsFrom = Date.now();
  const views = planner
    ? await auditViews(`${server.url}${planner.path}`, planner.cookies, full.lastQuestion)
    : [];
  time.views = Date.now() - viewsFrom;
  const secs = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
  console.log(
    `\nTime: the full visitor's data ${secs(time.seeding)}, the empty pages ${secs(time.empty)},` +
      ` the full pages ${secs(time.full)}, the clicked views ${secs(time.views)}.`,
  );

  printFigures(rows, views, scripts, { before: loadBefore, after: loadavg() });
  const figures = rows.flatMap((r) => (r.full ? [r.empty, r.full] : [r.empty]));
  const initialJsBytes = scripts.reduce((sum, s) => sum + s.bytes, 0);
  if (values.json) {
    const report = {
      measuredAt: new Date().toISOString(),
      routes: figures,
      views,
      initialScripts: scripts,
      initialJsBytes,
    };
    await writeFile(values.json, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nFigures written to ${values.json}`);
  }

  const notInstallable = await installabilityErrors(`${server.url}/`);
  if (notInstallable.length > 0) {
    failed = true;
    console.log(`\nThe site cannot be installed: ${notInstallable.join('; ')}`);
  } else {
    console.log(
      '\nInstallable: the manifest, its icons and the service worker pass Chromium’s checks.',
    );
  }

  const lowA11y = [
    ...figures
      .filter((f) => f.accessibility < ACCESSIBILITY_TARGET)
      .map((f) => `${f.path} (${f.variant})`),
    ...views.filter((v) => v.accessibility < ACCESSIBILITY_TARGET).map((v) => `${v.view} (full)`),
  ];
  const lowPerf = figures.filter((f) => f.performance < PERFORMANCE_TARGET);
  if (lowA11y.length > 0) {
    failed = true;
    console.log(`\nAccessibility below ${ACCESSIBILITY_TARGET}: ${lowA11y.join(', ')}`);
  }
  if (lowPerf.length > 0) {
    failed ||= values['strict-performance'];
    console.log(
      `\nPerformance below ${PERFORMANCE_TARGET}: ${lowPerf.map((f) => `${f.path} (${f.variant})`).join(', ')}`,
    );
  }
} finally {
  await server.stop('SIGTERM');
  await rm(dataDir, { recursive: true, force: true });
  await rm(buildDir, { recursive: true, force: true });
}
console.log(`\nThe whole run took ${((Date.now() - startedAt) / 60_000).toFixed(1)} min.`);
process.exitCode = failed ? 1 : 0;
