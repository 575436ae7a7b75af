/**
 * The security matrix of issue 10 (OWASP ASVS level 2 where it applies), over every operation of
 * the OpenAPI document: another visitor's ids are 404s, a foreign Origin is a 403 that writes
 * nothing, every answer carries the security headers, a malformed request never shows a stack, a
 * path or SQL, every cookie is HttpOnly and SameSite=Lax (Secure under https), and the log of a
 * server with every secret set holds none of them.
 *
 * ENDPOINTS below says, for each "METHOD /path", how visitor A calls it with A's own records. A
 * test fails when the OpenAPI document lists an operation the table does not, so a new endpoint
 * cannot slip past.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BOOKINGS, type DemoBooking } from '../../contracts/bookings.js';
import type { DatabaseHandle } from '../../server/db/database.js';
import { newToken } from '../../server/lib/tokens.js';
import { betaSignup } from '../factories/beta.js';
import { createTestDatabaseUrl } from '../helpers/database.js';
import { intentEvent, startFakeStripe, type FakeIntent } from '../helpers/fake-stripe.js';
import { startFakeModel } from '../helpers/fake-model.js';
import { makeMediaFixtures, type MediaFixtures } from '../helpers/media-files.js';
import { startServerProcess, type ServerProcess } from '../helpers/process.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { decoded, startSmtpReceiver } from '../helpers/smtp.js';

// ---- a visitor that records every answer --------------------------------------------------------

interface Call {
  path: string;
  /** JSON (objects) or raw text/bytes (strings, Buffers) */
  body?: unknown;
  headers?: Record<string, string>;
}

interface Answer {
  label: string;
  status: number;
  headers: Headers;
  text: string;
  json(): unknown;
}

/** Every answer any visitor got, for the header and cookie checks. */
type AnswerLog = Answer[];

type Visitor = ReturnType<typeof createClient>;

/** A browser-like visitor: a cookie jar, JSON or raw bodies, and every answer kept in `seen`. */
function createClient(base: string, seen: AnswerLog, withCookies = true) {
  const cookies = new Map<string, string>();
  return {
    cookies,
    async send(method: string, call: Call, label = `${method} ${call.path}`): Promise<Answer> {
      const headers: Record<string, string> = { ...call.headers };
      if (withCookies && cookies.size > 0) {
        headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      }
      let body: string | Buffer | undefined;
      if (call.body !== undefined) {
        body =
          typeof call.body === 'string' || Buffer.isBuffer(call.body)
            ? call.body
            : JSON.stringify(call.body);
        headers['content-type'] ??= 'application/json';
      }
      const response = await fetch(new URL(call.path, base), { method, headers, body });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const index = pair!.indexOf('=');
        if (withCookies) cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
      }
      const text = Buffer.from(await response.arrayBuffer()).toString('latin1');
      const answer: Answer = {
        label,
        status: response.status,
        headers: response.headers,
        text,
        json: () => JSON.parse(text) as unknown,
      };
      seen.push(answer);
      return answer;
    },
  };
}

// ---- A's records, made through the API ----------------------------------------------------------

/** Ten days ahead: as the API writes it, and as a traveller does ("3 December"). */
const day = new Date(Date.now() + 10 * 86_400_000);
const iso = day.toISOString().slice(0, 10);
const spoken = day.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const [flight, hotel, car] = DEMO_BOOKINGS as [DemoBooking, DemoBooking, DemoBooking];
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('hex')}`;
const stripeSigner = new Stripe('sk_test_fake');

const demoBooking = (demo: DemoBooking) => ({
  bookingType: demo.bookingType,
  totalAmount: demo.totalAmount,
  currency: demo.currency,
  bookingDetails: { title: 'Security matrix', details: [], accessibility: [] },
});

interface Records {
  tripId: string;
  itemId: string;
  tripShareId: string;
  tripShareToken: string;
  revokedTripShareToken: string;
  calendarToken: string;
  /** The address a new subscription replaced. */
  revokedCalendarToken: string;
  /** A card booking with a PaymentIntent. */
  bookingId: string;
  /** A booking with a wallet payment waiting for its transaction. */
  paymentId: string;
  /** A booking without any payment yet. */
  spareBookingId: string;
  /** A signed Stripe event that pays `bookingId`. */
  webhookPayload: string;
  /** An assistant message proposing a hotel for the trip. */
  messageId: string;
  mediaId: string;
  /** A file of A's that no share link holds. */
  unsharedMediaId: string;
  movieId: string;
  mediaShareId: string;
  mediaShareToken: string;
  revokedMediaShareToken: string;
  /** A signed upload URL (path and query), not used yet. */
  uploadPath: string;
  /** An upload URL whose bytes arrived but which is not recorded yet. */
  uploadedUrl: string;
  uploadedSize: number;
  betaEmail: string;
  verificationToken: string;
}

/** Every e-mail address the records were made with (personal data: never in a log). */
const SHARE_EMAIL = `friend.${randomBytes(4).toString('hex')}@example.test`;
const TRIP_SHARE_EMAIL = `companion.${randomBytes(4).toString('hex')}@example.test`;
const CONTROL_BETA_EMAIL = `joiner.${randomBytes(4).toString('hex')}@example.test`;

interface RecordDeps {
  base: string;
  visitor: Visitor;
  fixtures: MediaFixtures;
  smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  stripe: Awaited<ReturnType<typeof startFakeStripe>>;
}

const tokenOf = (url: string) =>
  url
    .split('/')
    .pop()!
    .replace(/\.ics$/, '');

/** One record of every kind, made by `visitor` through the API as the site does. */
async function createRecords({ base, visitor, fixtures, smtp, stripe }: RecordDeps) {
  const ok = async (answer: Promise<Answer>, status: number) => {
    const got = await answer;
    expect(got.status, `${got.label}: ${got.text.slice(0, 300)}`).toBe(status);
    return (got.text ? got.json() : {}) as Record<string, unknown> & { id: string };
  };
  const send = (method: string, pathname: string, body?: unknown) =>
    visitor.send(method, { path: pathname, body });

  // Media first: the movie renders while the rest is made.
  async function upload(bytes: Buffer, record: boolean) {
    const ticket = (await ok(
      send('POST', '/api/media/upload', { fileType: 'image/png', fileSize: bytes.length }),
      200,
    )) as unknown as { uploadURL: string; headers: Record<string, string> };
    const url = new URL(ticket.uploadURL, base);
    await ok(
      visitor.send('PUT', {
        path: url.pathname + url.search,
        body: bytes,
        headers: ticket.headers,
      }),
      200,
    );
    if (!record) return { url: url.toString(), id: '' };
    const file = await ok(
      send('PUT', '/api/media', {
        mediaURL: url.toString(),
        fileName: 'harbour.png',
        fileType: 'image/png',
        fileSize: bytes.length,
        description: 'A harbour at dawn',
      }),
      201,
    );
    return { url: url.toString(), id: file.id };
  }
  const media = await upload(fixtures.png, true);
  const unshared = await upload(fixtures.png, true);
  const movie = await ok(
    send('POST', '/api/media/create-movie', {
      mediaIds: [media.id],
      style: 'relaxed',
      duration: 'short',
    }),
    201,
  );
  const uploaded = await upload(fixtures.png, false);
  const pending = (await ok(
    send('POST', '/api/media/upload', { fileType: 'image/png', fileSize: fixtures.png.length }),
    200,
  )) as unknown as { uploadURL: string };
  const pendingUrl = new URL(pending.uploadURL, base);

  const mediaShare = await ok(
    send('POST', '/api/media/share', {
      mediaIds: [media.id],
      shareType: 'email',
      email: SHARE_EMAIL,
    }),
    200,
  );
  const revokedMediaShare = await ok(
    send('POST', '/api/media/share', {
      mediaIds: [media.id],
      shareType: 'social',
      socialPlatform: 'twitter',
    }),
    200,
  );
  await ok(send('DELETE', `/api/media/shares/${revokedMediaShare.id}`), 204);

  const trip = await ok(
    send('POST', '/api/trip-planners', {
      title: 'Rockies',
      destination: 'Banff, Canada',
      startDate: iso,
      endDate: iso,
    }),
    201,
  );
  const item = await ok(
    send('POST', '/api/planner-items', {
      plannerId: trip.id,
      itemType: 'activity',
      itemName: 'Lake walk',
      scheduledDate: iso,
      scheduledTime: 'morning',
      price: '40',
    }),
    201,
  );
  const tripShare = await ok(
    send('POST', `/api/trip-planners/${trip.id}/shares`, { email: TRIP_SHARE_EMAIL }),
    201,
  );
  const revokedTripShare = await ok(send('POST', `/api/trip-planners/${trip.id}/shares`, {}), 201);
  await ok(send('DELETE', `/api/trip-planners/${trip.id}/shares/${revokedTripShare.id}`), 204);
  const firstCalendar = await ok(
    send('POST', `/api/trip-planners/${trip.id}/calendar-subscription`),
    201,
  );
  const calendar = await ok(
    send('POST', `/api/trip-planners/${trip.id}/calendar-subscription`),
    201,
  );

  const chat = (await ok(
    send('POST', '/api/chat', { message: `Add a hotel in Banff on ${spoken} in the afternoon` }),
    200,
  )) as unknown as { reply: { id: string; proposal?: unknown } };
  expect(chat.reply.proposal, 'the assistant proposes an item').toBeDefined();

  const booking = await ok(send('POST', '/api/bookings', demoBooking(flight)), 201);
  const intent = (await ok(
    send('POST', '/api/create-payment-intent', {
      bookingId: booking.id,
      amount: booking.totalAmount,
      currency: booking.currency,
    }),
    200,
  )) as unknown as { clientSecret: string };
  const stored = [...stripe.intents.values()].find((i) => i.client_secret === intent.clientSecret)!;
  const paid: FakeIntent = { ...stored, status: 'succeeded', amount_received: stored.amount };
  const walletBooking = await ok(send('POST', '/api/bookings', demoBooking(hotel)), 201);
  const payment = (await ok(
    send('POST', '/api/create-blockchain-payment', {
      bookingId: walletBooking.id,
      walletAddress: WALLET,
      amount: walletBooking.totalAmount,
      currency: walletBooking.currency,
    }),
    201,
  )) as unknown as { paymentId: string };
  const spare = await ok(send('POST', '/api/bookings', demoBooking(car)), 201);

  const betaEmail = `beta.${randomBytes(4).toString('hex')}@example.test`;
  await ok(send('POST', '/api/beta/signup', betaSignup({ email: betaEmail })), 201);
  const [mail] = await smtp.mailFor(betaEmail);
  const verificationToken = /verify-email\?token=([\w-]+)/.exec(decoded(mail!))![1]!;

  const records: Records = {
    tripId: trip.id,
    itemId: item.id,
    tripShareId: tripShare.id,
    tripShareToken: tokenOf(tripShare.shareUrl as string),
    revokedTripShareToken: tokenOf(revokedTripShare.shareUrl as string),
    calendarToken: tokenOf(calendar.url as string),
    revokedCalendarToken: tokenOf(firstCalendar.url as string),
    bookingId: booking.id,
    paymentId: payment.paymentId,
    spareBookingId: spare.id,
    webhookPayload: JSON.stringify(intentEvent('payment_intent.succeeded', paid)),
    messageId: chat.reply.id,
    mediaId: media.id,
    unsharedMediaId: unshared.id,
    movieId: movie.id,
    mediaShareId: mediaShare.id,
    mediaShareToken: tokenOf(mediaShare.shareUrl as string),
    revokedMediaShareToken: tokenOf(revokedMediaShare.shareUrl as string),
    uploadPath: pendingUrl.pathname + pendingUrl.search,
    uploadedUrl: uploaded.url,
    uploadedSize: fixtures.png.length,
    betaEmail,
    verificationToken,
  };
  return records;
}

/** The same records with every id and token replaced by one that never existed. */
function neverExisted(records: Records): Records {
  const id = () => randomUUID();
  const token = newToken;
  const forgedUpload = (url: string) => {
    const parsed = new URL(url);
    const ticket = randomUUID();
    parsed.pathname = parsed.pathname.replace(/[^/]+$/, ticket);
    parsed.searchParams.set('ticket', ticket);
    parsed.searchParams.set('signature', token());
    return parsed;
  };
  const upload = forgedUpload(new URL(records.uploadPath, 'http://x').toString());
  return {
    ...records,
    tripId: id(),
    itemId: id(),
    tripShareId: id(),
    tripShareToken: token(),
    revokedTripShareToken: token(),
    calendarToken: token(),
    revokedCalendarToken: token(),
    bookingId: id(),
    paymentId: id(),
    spareBookingId: id(),
    messageId: id(),
    mediaId: id(),
    unsharedMediaId: id(),
    movieId: id(),
    mediaShareId: id(),
    mediaShareToken: token(),
    revokedMediaShareToken: token(),
    uploadPath: upload.pathname + upload.search,
    uploadedUrl: forgedUpload(records.uploadedUrl).toString(),
    verificationToken: token(),
  };
}

// ---- the table ----------------------------------------------------------------------------------

/**
 * How an endpoint is scoped:
 * - catalogue: public data, the same for everyone;
 * - anonymous: the beta programme, not tied to a visitor (rate-limited per address or e-mail);
 * - own-list: the visitor's own collection (or, for the safety kit, their own trips' countries);
 * - own-id: an id of the visitor's record in the path or body (another visitor: 404);
 * - public-token: an unguessable token in the path, public by design (shared pages, calendar feeds,
 *   the e-mailed verification link): anyone holding it may read; a wrong or revoked token is not;
 * - signed-upload: a URL signed for one visitor and one upload (another visitor: 403, not valid);
 * - server-to-server: Stripe's webhook, authenticated by its signature, not by a session.
 */
type Access =
  | 'catalogue'
  | 'anonymous'
  | 'own-list'
  | 'own-id'
  | 'public-token'
  | 'signed-upload'
  | 'server-to-server';

interface Endpoint {
  access: Access;
  /** A's own request, with A's records. */
  call(r: Records): Call;
  /** What A's own request answers. */
  status: number;
  /** What another visitor gets for A's ids, when not 404; with why. */
  foreign?: { status: number; why: string };
  /** public-token: the request with a revoked token (404 or 410). */
  revoked?(r: Records): Call;
  /** public-token: opening the token uses it up (the verification link), so others do not try it. */
  consumes?: boolean;
  /** What a wrong token answers, when not 404 (the verification link's own answer). */
  wrongTokenStatus?: number;
  /** Honours If-Match (docs/decisions/032): the record of A's that a stale version's 412 shows. */
  versioned?: 'tripId' | 'itemId';
}

const signedWebhook = (payload: string): Call => ({
  path: '/api/stripe/webhook',
  body: payload,
  headers: {
    'stripe-signature': stripeSigner.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
    }),
  },
});

/**
 * Every operation, in an order A can run them all in: reads and writes first, then the deletes,
 * children before their parents.
 */
const ENDPOINTS: Record<string, Endpoint> = {
  'GET /api/health': { access: 'catalogue', status: 200, call: () => ({ path: '/api/health' }) },
  'GET /api/health/ready': {
    access: 'catalogue',
    status: 200,
    call: () => ({ path: '/api/health/ready' }),
  },
  'GET /api/destinations': {
    access: 'catalogue',
    status: 200,
    call: () => ({ path: '/api/destinations' }),
  },
  'POST /api/destinations/populate': {
    access: 'catalogue',
    status: 200,
    call: () => ({ path: '/api/destinations/populate', body: {} }),
  },
  'POST /api/search': {
    access: 'catalogue',
    status: 200,
    call: () => ({
      path: '/api/search',
      body: { to: 'Banff', accessibilityNeeds: ['Mobility Support'] },
    }),
  },
  'POST /api/search/quick': {
    access: 'catalogue',
    status: 200,
    call: () => ({ path: '/api/search/quick', body: { type: 'hotels' } }),
  },
  'GET /api/advisories': {
    access: 'catalogue',
    status: 200,
    call: () => ({ path: '/api/advisories' }),
  },
  'GET /api/emergency-contacts': {
    access: 'catalogue',
    status: 200,
    call: () => ({ path: '/api/emergency-contacts?country=France' }),
  },
  'GET /api/help-lines': {
    access: 'catalogue',
    status: 200,
    call: () => ({ path: '/api/help-lines' }),
  },
  'GET /api/emergency-contacts/safety-kit.pdf': {
    access: 'own-list',
    status: 200,
    call: () => ({ path: '/api/emergency-contacts/safety-kit.pdf' }),
  },

  'POST /api/bookings': {
    access: 'own-list',
    // A's flight booking is still open: choosing the flight again continues it (200), not a new one.
    status: 200,
    call: () => ({ path: '/api/bookings', body: demoBooking(flight) }),
  },
  'GET /api/bookings': { access: 'own-list', status: 200, call: () => ({ path: '/api/bookings' }) },
  'GET /api/bookings/{id}': {
    access: 'own-id',
    status: 200,
    call: (r) => ({ path: `/api/bookings/${r.bookingId}` }),
  },
  'POST /api/create-payment-intent': {
    access: 'own-id',
    status: 200,
    call: (r) => ({
      path: '/api/create-payment-intent',
      body: { bookingId: r.bookingId, amount: flight.totalAmount, currency: 'USD' },
    }),
  },
  'POST /api/create-blockchain-payment': {
    access: 'own-id',
    status: 201,
    call: (r) => ({
      path: '/api/create-blockchain-payment',
      body: {
        bookingId: r.spareBookingId,
        walletAddress: WALLET,
        amount: car.totalAmount,
        currency: 'USD',
      },
    }),
  },
  'POST /api/confirm-blockchain-payment': {
    access: 'own-id',
    status: 200,
    call: (r) => ({
      path: '/api/confirm-blockchain-payment',
      body: { paymentId: r.paymentId, transactionHash: `0x${randomBytes(32).toString('hex')}` },
    }),
  },
  'POST /api/bookings/{id}/cancel': {
    access: 'own-id',
    status: 200,
    // After the wallet payment of the spare booking was set up (the calls run in this order).
    call: (r) => ({ path: `/api/bookings/${r.spareBookingId}/cancel` }),
  },
  'POST /api/stripe/webhook': {
    access: 'server-to-server',
    status: 200,
    call: (r) => signedWebhook(r.webhookPayload),
  },

  'GET /api/trip-planners': {
    access: 'own-list',
    status: 200,
    call: () => ({ path: '/api/trip-planners' }),
  },
  'POST /api/trip-planners': {
    access: 'own-list',
    status: 201,
    call: () => ({
      path: '/api/trip-planners',
      body: { title: 'Lisbon', destination: 'Lisbon, Portugal', startDate: iso, endDate: iso },
    }),
  },
  'GET /api/trip-planners/{id}': {
    access: 'own-id',
    status: 200,
    call: (r) => ({ path: `/api/trip-planners/${r.tripId}` }),
  },
  'PATCH /api/trip-planners/{id}': {
    access: 'own-id',
    status: 200,
    versioned: 'tripId',
    call: (r) => ({ path: `/api/trip-planners/${r.tripId}`, body: { title: 'Taken over' } }),
  },
  'GET /api/planner-items': {
    access: 'own-id',
    status: 200,
    call: (r) => ({ path: `/api/planner-items?plannerId=${r.tripId}` }),
  },
  'POST /api/planner-items': {
    access: 'own-id',
    status: 201,
    call: (r) => ({
      path: '/api/planner-items',
      body: {
        plannerId: r.tripId,
        itemType: 'hotel',
        itemName: 'Fairmont room',
        scheduledDate: iso,
        scheduledTime: 'evening',
        price: '150',
      },
    }),
  },
  'PATCH /api/planner-items/{id}': {
    access: 'own-id',
    status: 200,
    versioned: 'itemId',
    call: (r) => ({ path: `/api/planner-items/${r.itemId}`, body: { itemName: 'Taken over' } }),
  },
  'GET /api/trip-planners/{id}/calendar.ics': {
    access: 'own-id',
    status: 200,
    call: (r) => ({ path: `/api/trip-planners/${r.tripId}/calendar.ics` }),
  },
  'GET /api/calendar/{token}.ics': {
    access: 'public-token',
    status: 200,
    call: (r) => ({ path: `/api/calendar/${r.calendarToken}.ics` }),
    revoked: (r) => ({ path: `/api/calendar/${r.revokedCalendarToken}.ics` }),
  },
  'POST /api/trip-planners/{id}/calendar-subscription': {
    access: 'own-id',
    status: 201,
    call: (r) => ({ path: `/api/trip-planners/${r.tripId}/calendar-subscription` }),
  },
  'GET /api/shared-trips/{token}': {
    access: 'public-token',
    status: 200,
    call: (r) => ({ path: `/api/shared-trips/${r.tripShareToken}` }),
    revoked: (r) => ({ path: `/api/shared-trips/${r.revokedTripShareToken}` }),
  },
  'POST /api/trip-planners/{id}/shares': {
    access: 'own-id',
    status: 201,
    call: (r) => ({ path: `/api/trip-planners/${r.tripId}/shares`, body: { hidePrices: true } }),
  },
  'GET /api/trip-planners/{id}/shares': {
    access: 'own-id',
    status: 200,
    call: (r) => ({ path: `/api/trip-planners/${r.tripId}/shares` }),
  },

  'GET /api/chat': { access: 'own-list', status: 200, call: () => ({ path: '/api/chat' }) },
  'POST /api/chat': {
    access: 'own-list',
    status: 200,
    call: () => ({ path: '/api/chat', body: { message: 'Is Canada safe?' } }),
  },
  'POST /api/chat/messages/{messageId}/proposal': {
    access: 'own-id',
    status: 200,
    call: (r) => ({
      path: `/api/chat/messages/${r.messageId}/proposal`,
      body: { action: 'apply' },
    }),
  },

  'POST /api/media/upload': {
    access: 'own-list',
    status: 200,
    call: () => ({ path: '/api/media/upload', body: { fileType: 'image/png', fileSize: 1000 } }),
  },
  'PUT /api/media/uploads/{uploadId}': {
    access: 'signed-upload',
    status: 200,
    foreign: {
      status: 403,
      why: 'the URL is signed for one visitor and one upload: another cookie makes it not valid',
    },
    call: (r) => ({
      path: r.uploadPath,
      body: pngBytes(),
      headers: { 'content-type': 'image/png' },
    }),
  },
  'PUT /api/media': {
    access: 'own-id',
    status: 201,
    foreign: {
      status: 400,
      why: 'mediaURL is a form field: "not an upload of yours", the same answer as for any unknown URL',
    },
    call: (r) => ({
      path: '/api/media',
      body: {
        mediaURL: r.uploadedUrl,
        fileName: 'lake.png',
        fileType: 'image/png',
        fileSize: r.uploadedSize,
      },
    }),
  },
  'GET /api/media': { access: 'own-list', status: 200, call: () => ({ path: '/api/media' }) },
  'GET /api/media/{id}/content': {
    access: 'own-id',
    status: 200,
    call: (r) => ({ path: `/api/media/${r.mediaId}/content` }),
  },
  'GET /api/media/{id}/thumbnail': {
    access: 'own-id',
    status: 200,
    call: (r) => ({ path: `/api/media/${r.mediaId}/thumbnail` }),
  },
  'POST /api/media/create-movie': {
    access: 'own-id',
    status: 201,
    call: (r) => ({
      path: '/api/media/create-movie',
      body: { mediaIds: [r.mediaId], style: 'cinematic', duration: 'short' },
    }),
  },
  'GET /api/media/movies': {
    access: 'own-list',
    status: 200,
    call: () => ({ path: '/api/media/movies' }),
  },
  'GET /api/media/movies/{id}': {
    access: 'own-id',
    status: 200,
    call: (r) => ({ path: `/api/media/movies/${r.movieId}` }),
  },
  'GET /api/media/movies/{id}/video': {
    access: 'own-id',
    status: 200,
    call: (r) => ({ path: `/api/media/movies/${r.movieId}/video?variant=calm` }),
  },
  'GET /api/media/movies/{id}/captions.vtt': {
    access: 'own-id',
    status: 200,
    call: (r) => ({ path: `/api/media/movies/${r.movieId}/captions.vtt` }),
  },
  'POST /api/media/share': {
    access: 'own-id',
    status: 200,
    call: (r) => ({
      path: '/api/media/share',
      body: { mediaIds: [r.mediaId], shareType: 'social', socialPlatform: 'facebook' },
    }),
  },
  'GET /api/media/shares': {
    access: 'own-list',
    status: 200,
    call: () => ({ path: '/api/media/shares' }),
  },
  'GET /api/shared/{token}': {
    access: 'public-token',
    status: 200,
    call: (r) => ({ path: `/api/shared/${r.mediaShareToken}` }),
    revoked: (r) => ({ path: `/api/shared/${r.revokedMediaShareToken}` }),
  },
  'GET /api/shared/{token}/files/{id}/content': {
    access: 'public-token',
    status: 200,
    call: (r) => ({ path: `/api/shared/${r.mediaShareToken}/files/${r.mediaId}/content` }),
    revoked: (r) => ({
      path: `/api/shared/${r.revokedMediaShareToken}/files/${r.mediaId}/content`,
    }),
  },
  'GET /api/shared/{token}/files/{id}/thumbnail': {
    access: 'public-token',
    status: 200,
    call: (r) => ({ path: `/api/shared/${r.mediaShareToken}/files/${r.mediaId}/thumbnail` }),
    revoked: (r) => ({
      path: `/api/shared/${r.revokedMediaShareToken}/files/${r.mediaId}/thumbnail`,
    }),
  },

  'POST /api/beta/signup': {
    access: 'anonymous',
    status: 201,
    call: () => ({
      path: '/api/beta/signup',
      body: betaSignup({ email: CONTROL_BETA_EMAIL }),
    }),
  },
  'GET /api/beta/verify-email': {
    access: 'public-token',
    status: 200,
    consumes: true,
    wrongTokenStatus: 400,
    call: (r) => ({
      path: `/api/beta/verify-email?${new URLSearchParams({ token: r.verificationToken, email: r.betaEmail })}`,
    }),
  },
  'POST /api/beta/resend-verification': {
    access: 'anonymous',
    status: 200,
    call: (r) => ({ path: '/api/beta/resend-verification', body: { email: r.betaEmail } }),
  },

  // Signing in: A is an anonymous visitor here, and tries a code and a link never sent
  // (tests/api/accounts.test.ts signs in with real ones).
  'POST /api/auth/email': {
    access: 'anonymous',
    status: 202,
    call: () => ({ path: '/api/auth/email', body: { email: CONTROL_BETA_EMAIL } }),
  },
  'POST /api/auth/email/code': {
    access: 'anonymous',
    status: 400,
    call: () => ({
      path: '/api/auth/email/code',
      body: { email: 'never.mailed@example.org', code: '000000' },
    }),
  },
  'POST /api/auth/email/link': {
    access: 'anonymous',
    status: 400,
    call: () => ({ path: '/api/auth/email/link', body: { token: newToken() } }),
  },
  'GET /api/account': { access: 'own-list', status: 200, call: () => ({ path: '/api/account' }) },
  // A is not signed in: the download and the deletion ask for a sign-in first (403, changing
  // nothing; tests/api/account-data.test.ts downloads and deletes real accounts).
  'GET /api/account/export': {
    access: 'anonymous',
    status: 403,
    call: () => ({ path: '/api/account/export' }),
  },
  'DELETE /api/account': {
    access: 'anonymous',
    status: 403,
    call: () => ({ path: '/api/account', body: { confirm: 'never.signed.in@example.org' } }),
  },
  // Passkeys (tests/api/passkeys.test.ts signs in with real ones): options name no account; an
  // answer of a credential never registered is refused; A, not signed in, adds none and has none.
  'POST /api/auth/passkey/options': {
    access: 'anonymous',
    status: 200,
    call: () => ({ path: '/api/auth/passkey/options' }),
  },
  'POST /api/auth/passkey': {
    access: 'anonymous',
    status: 400,
    call: () => ({ path: '/api/auth/passkey', body: { response: NEVER_REGISTERED_PASSKEY } }),
  },
  'POST /api/account/passkeys/options': {
    access: 'anonymous',
    status: 403,
    call: () => ({ path: '/api/account/passkeys/options' }),
  },
  'POST /api/account/passkeys': {
    access: 'anonymous',
    status: 403,
    call: () => ({
      path: '/api/account/passkeys',
      body: {
        response: {
          ...NEVER_REGISTERED_PASSKEY,
          response: { clientDataJSON: 'e30', attestationObject: 'oA' },
        },
      },
    }),
  },
  'PATCH /api/account/passkeys/{id}': {
    access: 'own-id',
    status: 404,
    call: (r) => ({ path: `/api/account/passkeys/${r.tripId}`, body: { name: 'Mine' } }),
  },
  'DELETE /api/account/passkeys/{id}': {
    access: 'own-id',
    status: 404,
    call: (r) => ({ path: `/api/account/passkeys/${r.tripId}` }),
  },

  // Deletes last, children before parents.
  'DELETE /api/planner-items/{id}': {
    access: 'own-id',
    status: 204,
    versioned: 'itemId',
    call: (r) => ({ path: `/api/planner-items/${r.itemId}` }),
  },
  'DELETE /api/trip-planners/{id}/calendar-subscription': {
    access: 'own-id',
    status: 204,
    call: (r) => ({ path: `/api/trip-planners/${r.tripId}/calendar-subscription` }),
  },
  'DELETE /api/trip-planners/{id}/shares/{shareId}': {
    access: 'own-id',
    status: 204,
    call: (r) => ({ path: `/api/trip-planners/${r.tripId}/shares/${r.tripShareId}` }),
  },
  'DELETE /api/trip-planners/{id}': {
    access: 'own-id',
    status: 204,
    versioned: 'tripId',
    call: (r) => ({ path: `/api/trip-planners/${r.tripId}` }),
  },
  'DELETE /api/media/shares/{id}': {
    access: 'own-id',
    status: 204,
    call: (r) => ({ path: `/api/media/shares/${r.mediaShareId}` }),
  },
  'DELETE /api/media/{id}': {
    access: 'own-id',
    status: 204,
    call: (r) => ({ path: `/api/media/${r.mediaId}` }),
  },
  // A is not signed in: no device of an account to sign out, whatever the id (a trip's here).
  'DELETE /api/account/sessions/{id}': {
    access: 'own-id',
    status: 404,
    call: (r) => ({ path: `/api/account/sessions/${r.tripId}` }),
  },
  // Signing out last of all: A is a newcomer afterwards.
  'POST /api/auth/sign-out-everywhere': {
    access: 'anonymous',
    status: 204,
    call: () => ({ path: '/api/auth/sign-out-everywhere' }),
  },
  'POST /api/auth/sign-out': {
    access: 'anonymous',
    status: 204,
    call: () => ({ path: '/api/auth/sign-out' }),
  },
};

/** A passkey answer of the right shape for a credential no account has. */
const NEVER_REGISTERED_PASSKEY = {
  id: 'bmV2ZXItcmVnaXN0ZXJlZA',
  rawId: 'bmV2ZXItcmVnaXN0ZXJlZA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
};

let pngFixture: Buffer;
const pngBytes = () => pngFixture;

const entries = Object.entries(ENDPOINTS).map(([key, endpoint]) => {
  const [method, template] = key.split(' ') as [string, string];
  return { key, method, template, ...endpoint };
});
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// ---- malformed requests -------------------------------------------------------------------------

/** Ids no record has: injection, traversal, control characters, overlong, broken escapes. */
const BAD_IDS = [
  '%00',
  "x'%20OR%20'1'%3D'1",
  '..%2F..%2Fetc%2Fpasswd',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  'x'.repeat(150),
  '%ZZ',
];
const BAD_QUERY_VALUES = ['%00', 'x'.repeat(2000), "'%20OR%201%3D1--", '%ZZ', '[object]'];

/** Every leaf string or number of a JSON body replaced by `make(leaf)`. */
function mapLeaves(value: unknown, make: (leaf: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => mapLeaves(v, make));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapLeaves(v, make)]));
  }
  return make(value);
}

function templateRegex(template: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const match = /^\{(\w+)\}$/.exec(part);
      if (match) {
        names.push(match[1]!);
        return '([^/?]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { regex: new RegExp(`^${source}$`), names };
}

/**
 * Malformed variants of A's own request. A broken body must be refused (4xx); a strange path or
 * query value must not break the server, and may find nothing (a free-text filter answers []).
 */
function malformed(
  entry: (typeof entries)[number],
  records: Records,
): { label: string; call: Call; refused: boolean }[] {
  const own = entry.call(records);
  const url = new URL(own.path, 'http://x');
  const variants: { label: string; call: Call; refused: boolean }[] = [];
  const withBody = (label: string, body: unknown) =>
    variants.push({ label, call: { ...own, body }, refused: true });
  if (own.body === undefined && STATE_CHANGING.has(entry.method)) {
    // A route without a body still parses one it is sent.
    withBody('truncated JSON', '{"oops": ');
  }
  if (own.body !== null && typeof own.body === 'object' && !Buffer.isBuffer(own.body)) {
    withBody('truncated JSON', '{"oops": ');
    withBody('a JSON array for an object', '[1, 2, 3]');
    withBody('a prototype key', '{"__proto__": {"admin": true}, "constructor": {"x": 1}}');
    if (Object.keys(own.body).length > 0) {
      withBody(
        'every field an object',
        mapLeaves(own.body, () => ({ $gt: '' })),
      );
    }
    const nul = mapLeaves(own.body, (leaf) => (typeof leaf === 'string' ? `${leaf}\u0000x` : leaf));
    if (JSON.stringify(nul).includes('\\u0000')) withBody('a NUL in every text', nul);
  }
  if (entry.versioned) {
    variants.push({
      label: 'a malformed If-Match',
      call: { ...own, headers: { ...own.headers, 'if-match': '"1' } },
      refused: true,
    });
  }
  if (entry.access === 'server-to-server') {
    variants.push({
      label: 'a forged signature',
      call: { ...own, headers: { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=00` } },
      refused: true,
    });
    variants.push({
      label: 'signed truncated JSON',
      call: signedWebhook('{"oops": '),
      refused: true,
    });
  }
  const { regex, names } = templateRegex(entry.template);
  const values = regex.exec(url.pathname)?.slice(1);
  expect(values, `${entry.key}: ${url.pathname} fits its template`).toBeDefined();
  for (const name of names) {
    for (const bad of BAD_IDS) {
      const pathname = entry.template.replace(/\{(\w+)\}/g, (_, other: string) =>
        other === name ? bad : values![names.indexOf(other)]!,
      );
      variants.push({
        label: `${name}=${bad.slice(0, 40)}`,
        call: { ...own, path: pathname + url.search },
        refused: false,
      });
    }
  }
  for (const key of new Set(url.searchParams.keys())) {
    if (entry.access === 'signed-upload') continue;
    for (const bad of BAD_QUERY_VALUES) {
      const search = [...url.searchParams]
        .map(([k, v]) => `${k}=${k === key ? bad : encodeURIComponent(v)}`)
        .join('&');
      variants.push({
        label: `?${key}=${bad.slice(0, 40)}`,
        call: { ...own, path: `${url.pathname}?${search}` },
        refused: false,
      });
    }
  }
  return variants;
}

/** What an error body must never show: stack frames, source paths, SQL and driver words. */
const LEAKS: [string, RegExp][] = [
  ['a stack frame', /\bat [\w.<>]+ \(|\bat .+:\d+:\d+/],
  ['a source path', /\/work\/|node_modules|\.ts:\d|\.js:\d|file:\/\//],
  ['SQL text', /\bselect\b[\s\S]+\bfrom\b|\binsert into\b|\bupdate\b[\s\S]+\bset\b|\bwhere\b.+=/i],
  ['a database error', /SQLITE_|sqlite|postgres|\bpg\b|syntax error|relation "|violates/i],
  ['an internal error code', /FST_ERR|ERR_[A-Z_]+/],
];

function expectNoLeak(answer: Answer, label: string) {
  for (const [what, pattern] of LEAKS) {
    expect.soft(answer.text, `${label} shows ${what}`).not.toMatch(pattern);
  }
}

// ---- headers and cookies ------------------------------------------------------------------------

/** The headers every answer carries: CSP with frame-ancestors, nosniff, Referrer-Policy. */
function expectSecurityHeaders(answer: Answer) {
  const label = `${answer.label} → ${answer.status}`;
  const csp = answer.headers.get('content-security-policy') ?? '';
  expect.soft(csp, `${label}: Content-Security-Policy`).toMatch(/default-src '(self|none)'/);
  expect.soft(csp, `${label}: frame-ancestors`).toContain("frame-ancestors 'none'");
  expect.soft(answer.headers.get('x-frame-options'), `${label}: X-Frame-Options`).toBe('DENY');
  expect.soft(answer.headers.get('x-content-type-options'), `${label}: nosniff`).toBe('nosniff');
  expect
    .soft(answer.headers.get('referrer-policy'), `${label}: Referrer-Policy`)
    .toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
}

function parseSetCookie(line: string) {
  const [pair, ...attributes] = line.split(';').map((part) => part.trim());
  return {
    name: pair!.slice(0, pair!.indexOf('=')),
    value: pair!.slice(pair!.indexOf('=') + 1),
    attributes: attributes.map((a) => a.toLowerCase()),
  };
}

// ---- what a request may change --------------------------------------------------------------------

/** What a movie render changes as it goes: it runs in the background while the matrix runs. */
const RENDER_COLUMNS = new Set([
  'status',
  'progress',
  'seconds',
  'videoKey',
  'calmVideoKey',
  'captionsKey',
  'error',
  'updatedAt',
  'video_key',
  'calm_video_key',
  'captions_key',
  'updated_at',
]);
const RENDER_FILES = /[\\/](movies|tmp)[\\/]/;
const withoutRender = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter(([column]) => !RENDER_COLUMNS.has(column)));

/**
 * Every row of every table of the server's own schema, and every file under DATA_DIR (but for what
 * a movie render changes, and the SQLite files themselves).
 */
async function snapshot(database: DatabaseHandle, dataDir: string) {
  const tables =
    database.kind === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(
          database.db,
        )
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(
          database.db,
        );
  const rows: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const result = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(
      database.db,
    );
    rows[name] = result.rows
      .map((row) => JSON.stringify(name === 'media_movies' ? withoutRender(row) : row))
      .sort();
  }
  const files: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (!entry.name.startsWith('app.sqlite') && !RENDER_FILES.test(full)) {
        files.push(`${path.relative(dataDir, full)} ${(await stat(full)).size}`);
      }
    }
  };
  await walk(dataDir);
  return { rows, files: files.sort() };
}

// ---- the matrix -----------------------------------------------------------------------------------

let fixtures: MediaFixtures;
beforeAll(async () => {
  fixtures = await makeMediaFixtures();
  pngFixture = fixtures.png;
}, 60_000);
afterAll(async () => {
  await fixtures?.close();
});

describe('the security matrix over every endpoint', () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  let clientDist: string;
  let records: Records;
  let unknown: Records;
  const seen: AnswerLog = [];
  let a: Visitor;
  let b: Visitor;
  let bTripId: string;

  beforeAll(async () => {
    clientDist = await mkdtemp(path.join(tmpdir(), 'aj-security-client-'));
    await mkdir(path.join(clientDist, 'assets'));
    await writeFile(path.join(clientDist, 'index.html'), '<!doctype html><title>shell</title>');
    await writeFile(path.join(clientDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    smtp = await startSmtpReceiver();
    stripe = await startFakeStripe();
    server = await startTestServer({
      SMTP_URL: smtp.url,
      CLIENT_DIST: clientDist,
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
    });
    a = createClient(server.url, seen);
    b = createClient(server.url, seen);
    records = await createRecords({ base: server.url, visitor: a, fixtures, smtp, stripe });

    unknown = neverExisted(records);
    const bTrip = await b.send('POST', {
      path: '/api/trip-planners',
      body: { title: 'Mine', destination: 'Oslo, Norway' },
    });
    bTripId = (bTrip.json() as { id: string }).id;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await stripe?.close();
    if (clientDist) await rm(clientDist, { recursive: true, force: true });
  });

  it('covers every operation of the OpenAPI document, and only those', async () => {
    const response = await fetch(`${server.url}/api/openapi.json`);
    const document = (await response.json()) as { paths: Record<string, object> };
    const documented = Object.entries(document.paths).flatMap(([pathname, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${pathname}`),
    );
    expect(documented.length).toBeGreaterThan(50);
    expect(Object.keys(ENDPOINTS).sort()).toEqual([...documented].sort());
  });

  it("gives another visitor a 404 for every id of A's, the same answer as for an id that never existed, and changes nothing", async () => {
    const before = await snapshot(server.database, server.dataDir);
    const tried: string[] = [];
    for (const entry of entries.filter(
      (e) => e.access === 'own-id' || e.access === 'signed-upload',
    )) {
      const foreign = await b.send(entry.method, entry.call(records), `B: ${entry.key}`);
      const never = await b.send(entry.method, entry.call(unknown), `B, unknown id: ${entry.key}`);
      const expected = entry.foreign?.status ?? 404;
      expect(foreign.status, `${entry.key} with A's ids: ${foreign.text}`).toBe(expected);
      expect(foreign.json(), `${entry.key}: A's id answers as an id that never existed`).toEqual(
        never.json(),
      );
      tried.push(entry.key);
    }
    // B's own trip does not open A's share of A's trip.
    const crossed = await b.send(
      'DELETE',
      { path: `/api/trip-planners/${bTripId}/shares/${records.tripShareId}` },
      "B: DELETE B's trip with A's share",
    );
    expect(crossed.status).toBe(404);
    expect(tried.length).toBeGreaterThan(25);
    expect(await snapshot(server.database, server.dataDir)).toEqual(before);
  });

  it("shows another visitor none of A's records in their own lists", async () => {
    const secrets = Object.values(records).filter(
      (v): v is string => typeof v === 'string' && v.length >= 16 && !v.includes('@'),
    );
    for (const entry of entries.filter((e) => e.access === 'own-list' && e.method === 'GET')) {
      const own = await a.send(entry.method, entry.call(records), `A: ${entry.key}`);
      const theirs = await b.send(entry.method, entry.call(records), `B: ${entry.key}`);
      expect(own.status, entry.key).toBe(200);
      expect(theirs.status, entry.key).toBe(200);
      for (const secret of secrets) {
        expect(theirs.text, `${entry.key} shows B one of A's records`).not.toContain(secret);
      }
    }
    const aTrips = await a.send('GET', { path: '/api/trip-planners' });
    expect(aTrips.text).toContain(records.tripId);
  });

  it('opens a public token for anyone holding it, and answers a wrong or revoked token with 404 or 410', async () => {
    const anonymous = createClient(server.url, seen, false);
    for (const entry of entries.filter((e) => e.access === 'public-token')) {
      if (!entry.consumes) {
        const opened = await anonymous.send('GET', entry.call(records), `anyone: ${entry.key}`);
        expect(opened.status, entry.key).toBe(200);
      }
      const wrong = await b.send('GET', entry.call(unknown), `wrong token: ${entry.key}`);
      expect(wrong.status, `${entry.key}: ${wrong.text}`).toBe(entry.wrongTokenStatus ?? 404);
      if (entry.revoked) {
        const revoked = await b.send('GET', entry.revoked(records), `revoked: ${entry.key}`);
        expect([404, 410], `${entry.key} revoked: ${revoked.text}`).toContain(revoked.status);
      }
    }
    // A share link opens the files it holds, not A's other files.
    for (const kind of ['content', 'thumbnail']) {
      const other = await anonymous.send('GET', {
        path: `/api/shared/${records.mediaShareToken}/files/${records.unsharedMediaId}/${kind}`,
      });
      expect(other.status).toBe(404);
    }
  });

  it('refuses every state-changing request from a foreign Origin with 403, and writes nothing', async () => {
    const before = await snapshot(server.database, server.dataDir);
    const writes = entries.filter((e) => STATE_CHANGING.has(e.method));
    for (const entry of writes) {
      for (const origin of ['https://evil.example', 'null']) {
        const own = entry.call(records);
        const answer = await a.send(
          entry.method,
          { ...own, headers: { ...own.headers, origin } },
          `Origin ${origin}: ${entry.key}`,
        );
        expect(answer.status, `${entry.key} from ${origin}: ${answer.text}`).toBe(403);
        expect(answer.json()).toEqual({ message: 'Cross-site request refused' });
      }
    }
    expect(writes.length).toBeGreaterThan(25);
    // The webhook and the upload PUT are no exception: Stripe calls server to server with no Origin
    // (its signature is the check); the local upload URL is PUT by the site's own page.
    expect(writes.map((e) => e.key)).toEqual(
      expect.arrayContaining(['POST /api/stripe/webhook', 'PUT /api/media/uploads/{uploadId}']),
    );
    expect(await snapshot(server.database, server.dataDir)).toEqual(before);
  });

  it("answers A's change against a version A's record no longer has with 412 and the record as it is now, and another visitor's with 404 whatever the If-Match, writing nothing", async () => {
    const before = await snapshot(server.database, server.dataDir);
    const versioned = entries.filter((e) => e.versioned);
    expect(versioned.map((e) => e.key).sort()).toEqual([
      'DELETE /api/planner-items/{id}',
      'DELETE /api/trip-planners/{id}',
      'PATCH /api/planner-items/{id}',
      'PATCH /api/trip-planners/{id}',
    ]);
    for (const entry of versioned) {
      const own = entry.call(records);
      // Versions start at 1: "0" is one that A's record has never had.
      const stale = await a.send(
        entry.method,
        { ...own, headers: { ...own.headers, 'if-match': '"0"' } },
        `A, a stale If-Match: ${entry.key}`,
      );
      expect(stale.status, `${entry.key}: ${stale.text}`).toBe(412);
      expect(stale.json()).toEqual({
        message: expect.any(String),
        current: expect.objectContaining({ id: records[entry.versioned!], version: 1 }),
      });
      for (const tag of ['"1"', '*']) {
        const label = `B, If-Match ${tag}: ${entry.key}`;
        const withTag = (call: Call) => ({
          ...call,
          headers: { ...call.headers, 'if-match': tag },
        });
        const foreign = await b.send(entry.method, withTag(own), label);
        const never = await b.send(
          entry.method,
          withTag(entry.call(unknown)),
          `${label} (unknown)`,
        );
        expect(foreign.status, `${label}: ${foreign.text}`).toBe(404);
        expect(foreign.json(), label).toEqual(never.json());
      }
    }
    expect(await snapshot(server.database, server.dataDir)).toEqual(before);
  });

  it('answers every malformed request without a 5xx, refuses broken bodies, and never shows a stack, path or SQL', async () => {
    let count = 0;
    for (const entry of entries) {
      for (const { label, call, refused } of malformed(entry, records)) {
        const answer = await a.send(entry.method, call, `${entry.key} (${label})`);
        const said = `${answer.label}: ${answer.status} ${answer.text.slice(0, 200)}`;
        count += 1;
        expect.soft(answer.status, said).toBeLessThan(500);
        if (refused) expect.soft(answer.status, said).toBeGreaterThanOrEqual(400);
        expectNoLeak(answer, answer.label);
        if (answer.status < 400) continue;
        expect.soft(answer.headers.get('content-type'), said).toMatch(/^application\/json/);
        const body = (answer.text.startsWith('{') ? answer.json() : {}) as Record<string, unknown>;
        expect.soft(typeof body.message, `${said}: a message`).toBe('string');
        expect
          .soft(Object.keys(body), `${said}: the error shape`)
          .toEqual(expect.not.arrayContaining(['stack', 'code', 'statusCode', 'error']));
      }
    }
    expect(count).toBeGreaterThan(200);
  });

  it('sends the security headers with the app shell, a static asset and the 404s', async () => {
    const anyone = createClient(server.url, seen, false);
    for (const [pathname, status] of [
      ['/', 200],
      ['/flight-plan', 200],
      ['/assets/app-abc123.js', 200],
      ['/assets/gone-123.js', 404],
      ['/no/such/page', 404],
      ['/api/no-such-thing', 404],
    ] as const) {
      const answer = await anyone.send('GET', { path: pathname });
      expect(answer.status, pathname).toBe(status);
      expectSecurityHeaders(answer);
    }
  });

  it("lets A make every request of A's own from the site (the control), each answer with the security headers and flagged cookies", async () => {
    // The movie is rendered now: another visitor still gets 404 for its video and captions.
    await server.app.movies!.idle();
    for (const entry of entries.filter((e) => e.access === 'own-id' && e.method === 'GET')) {
      const foreign = await b.send(entry.method, entry.call(records), `B: ${entry.key}`);
      expect(foreign.status, `${entry.key} with A's ids`).toBe(404);
    }
    for (const entry of entries) {
      const own = entry.call(records);
      const origin: Record<string, string> = STATE_CHANGING.has(entry.method)
        ? { origin: server.url }
        : {};
      const answer = await a.send(
        entry.method,
        { ...own, headers: { ...own.headers, ...origin } },
        `A: ${entry.key}`,
      );
      expect.soft(answer.status, `${entry.key}: ${answer.text.slice(0, 300)}`).toBe(entry.status);
    }
    // Every answer of this file, 2xx and errors, on every endpoint.
    const labels = new Set(seen.map((s) => s.label));
    expect(labels.size).toBeGreaterThan(300);
    for (const answer of seen) expectSecurityHeaders(answer);
    const cookies = seen.flatMap((s) => s.headers.getSetCookie().map(parseSetCookie));
    expect(cookies.length).toBeGreaterThanOrEqual(3);
    for (const cookie of cookies) {
      expect(cookie.name).toBe('sid');
      expect(cookie.attributes).toEqual(
        expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']),
      );
    }
  }, 120_000);
});

/**
 * Every kind of request once, on a fresh server: A's records, malformed requests, another visitor's
 * tries, wrong tokens, foreign Origins, then each of A's own requests. Resolves to every answer.
 */
async function exerciseEveryEndpoint(deps: Omit<RecordDeps, 'visitor'> & { seen: AnswerLog }) {
  const { base, seen } = deps;
  const a = createClient(base, seen);
  const b = createClient(base, seen);
  const anonymous = createClient(base, seen, false);
  const records = await createRecords({ ...deps, visitor: a });
  const unknown = neverExisted(records);
  await b.send('GET', { path: '/api/trip-planners' });
  for (const entry of entries) {
    // A sample of the malformed requests: one broken body, one strange id, one strange query.
    const variants = malformed(entry, records);
    for (const prefix of ['truncated JSON', 'a NUL', '', '?']) {
      const variant = variants.find((v) =>
        prefix === '' ? /^\w+=%00/.test(v.label) : v.label.startsWith(prefix),
      );
      if (variant) await a.send(entry.method, variant.call, `${entry.key} (${variant.label})`);
    }
    if (entry.access === 'own-id' || entry.access === 'signed-upload') {
      await b.send(entry.method, entry.call(records));
    }
    if (entry.access === 'public-token') {
      if (!entry.consumes) await anonymous.send('GET', entry.call(records));
      await anonymous.send('GET', entry.call(unknown));
      if (entry.revoked) await anonymous.send('GET', entry.revoked(records));
    }
    if (STATE_CHANGING.has(entry.method)) {
      const own = entry.call(records);
      await a.send(entry.method, {
        ...own,
        headers: { ...own.headers, origin: 'https://evil.example' },
      });
    }
  }
  const controls: Answer[] = [];
  for (const entry of entries) {
    const own = entry.call(records);
    const origin: Record<string, string> = STATE_CHANGING.has(entry.method) ? { origin: base } : {};
    controls.push(
      await a.send(
        entry.method,
        { ...own, headers: { ...own.headers, ...origin } },
        `A: ${entry.key}`,
      ),
    );
  }
  return { records, controls, clients: [a, b, anonymous] };
}

describe('a server process with every secret set, on https', () => {
  const seen: AnswerLog = [];
  const secrets = {
    SESSION_SECRET: randomBytes(30).toString('base64url'),
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    // The Stripe stand-in takes this one key only.
    STRIPE_SECRET_KEY: 'sk_test_fake',
    SMTP_PASSWORD: `smtp-${randomBytes(12).toString('hex')}`,
    AI_API_KEY: `sk-model-${randomBytes(16).toString('hex')}`,
    METRICS_TOKEN: `metrics-${randomBytes(16).toString('hex')}`,
  };
  let proc: ServerProcess | undefined;
  let dataDir: string;
  let testDb: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  let model: Awaited<ReturnType<typeof startFakeModel>>;
  let exercised: Awaited<ReturnType<typeof exerciseEveryEndpoint>>;
  let log = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'aj-security-log-'));
    testDb = await createTestDatabaseUrl();
    smtp = await startSmtpReceiver();
    stripe = await startFakeStripe();
    model = await startFakeModel();
    // The model fails each time: its error is logged and the built-in assistant answers.
    model.play(...Array.from({ length: 100 }, () => ({ status: 500 })));
    const smtpUrl = new URL(smtp.url);
    smtpUrl.username = 'mailer';
    smtpUrl.password = secrets.SMTP_PASSWORD;
    proc = await startServerProcess(
      {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'debug',
        APP_URL: 'https://journeys.test',
        CLIENT_DIST: path.join(dataDir, 'no-client'),
        SESSION_SECRET: secrets.SESSION_SECRET,
        SMTP_URL: smtpUrl.toString(),
        STRIPE_SECRET_KEY: secrets.STRIPE_SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
        STRIPE_WEBHOOK_SECRET: secrets.STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
        AI_BASE_URL: model.baseUrl,
        AI_API_KEY: secrets.AI_API_KEY,
        METRICS_TOKEN: secrets.METRICS_TOKEN,
        ...(testDb ? { DATABASE_URL: testDb.url } : {}),
      },
      { captureOutput: true },
    );
    exercised = await exerciseEveryEndpoint({ base: proc.url, seen, fixtures, smtp, stripe });
    // A scrape, whose bearer token must not reach the log either.
    const scrape = await fetch(`${proc.url}/metrics`, {
      headers: { authorization: `Bearer ${secrets.METRICS_TOKEN}` },
    });
    expect(scrape.status).toBe(200);
    await proc.stop('SIGTERM');
    log = proc.output();
  }, 180_000);
  afterAll(async () => {
    if (proc?.child.exitCode === null) await proc.stop('SIGKILL');
    await testDb?.drop();
    await smtp?.close();
    await stripe?.close();
    await model?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("answered every endpoint, A's own requests as in the matrix", () => {
    const statuses = Object.fromEntries(exercised.controls.map((c) => [c.label, c.status]));
    for (const entry of entries) {
      // The movie may still be rendering here: its video and captions are not there yet.
      const expected = /\/movies\/\{id\}\/(video|captions)/.test(entry.key)
        ? [entry.status, 404]
        : [entry.status];
      expect(expected, `A: ${entry.key}`).toContain(statuses[`A: ${entry.key}`]);
    }
    expect(seen.length).toBeGreaterThan(150);
  });

  it('sets only __Host- session cookies that are Secure, HttpOnly and SameSite=Lax, on any endpoint', () => {
    const cookies = seen.flatMap((s) =>
      s.headers.getSetCookie().map((line) => ({ label: s.label, ...parseSetCookie(line) })),
    );
    expect(cookies.length).toBeGreaterThanOrEqual(3);
    for (const cookie of cookies) {
      expect(cookie.name, cookie.label).toBe('__Host-sid');
      expect(cookie.attributes, cookie.label).toEqual(
        expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']),
      );
      expect(
        cookie.attributes.some((a) => a.startsWith('domain=')),
        cookie.label,
      ).toBe(false);
    }
    // HSTS holds for the host once any answer carried it; a URL Fastify cannot even route (a broken
    // escape, an overlong id) is answered before the hooks, with the other headers only.
    const routed = seen.filter((answer) => answer.status !== 414 && !answer.label.includes('%ZZ'));
    expect(routed.length).toBeGreaterThan(150);
    for (const answer of routed) {
      expect
        .soft(answer.headers.get('strict-transport-security') ?? '', answer.label)
        .toMatch(/max-age=\d+/);
    }
  });

  it('logs every request, and no secret, session cookie, token, signature or e-mail address', () => {
    // The log is there: JSON lines with every request, share and calendar paths masked.
    const lines = log.split('\n').filter((line) => line.startsWith('{'));
    const requests = lines.filter((line) => line.includes('"incoming request"'));
    expect(requests.length).toBeGreaterThanOrEqual(seen.length);
    expect(log).toContain('/api/shared/***');
    expect(log).toContain('/api/shared-trips/***');
    expect(log).toContain('/api/calendar/***');
    expect(log).toContain('model failed');

    const needles = new Map<string, string>();
    const add = (what: string, value: string | undefined) => {
      if (value && value.length >= 8) needles.set(value, what);
    };
    for (const [name, value] of Object.entries(secrets)) add(name, value);
    for (const answer of seen) {
      for (const cookie of answer.headers.getSetCookie().map(parseSetCookie)) {
        add('a session cookie', cookie.value);
        add('a session token', decodeURIComponent(cookie.value).split('.')[0]);
      }
      const found = [
        ...answer.text.matchAll(/\/(?:shared|shared-trip|shared-trips|calendar)\/([\w-]{20,})/g),
        ...answer.text.matchAll(/[?&]signature=([\w-]+)/g),
        ...answer.text.matchAll(/"clientSecret":"([^"]+)"/g),
      ];
      for (const match of found) add(`a token or signature (${answer.label})`, match[1]);
    }
    const { records } = exercised;
    for (const token of [
      records.tripShareToken,
      records.revokedTripShareToken,
      records.calendarToken,
      records.revokedCalendarToken,
      records.mediaShareToken,
      records.revokedMediaShareToken,
      records.verificationToken,
      new URL(records.uploadPath, 'http://x').searchParams.get('signature') ?? undefined,
      new URL(records.uploadedUrl).searchParams.get('signature') ?? undefined,
    ]) {
      add('a token of A', token);
    }
    for (const email of [SHARE_EMAIL, TRIP_SHARE_EMAIL, CONTROL_BETA_EMAIL, records.betaEmail]) {
      add('an e-mail address', email);
      add('an e-mail address', encodeURIComponent(email));
      add('an e-mail address', email.split('@')[0]);
    }
    expect(needles.size).toBeGreaterThan(20);
    for (const [needle, what] of needles) {
      expect(log.includes(needle), `the log holds ${what}: ${needle}`).toBe(false);
    }
  });
});
