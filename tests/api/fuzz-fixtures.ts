import type { TestServer } from '../helpers/server.js';
import type { FuzzVisitor } from './fuzz-client.js';

/**
 * Real records for the fuzzing visitor (and one of another visitor), so id-taking endpoints reach
 * their real code paths. Bodies and paths name them with placeholders (⟦tripId⟧), filled in at
 * send time with the record as it is then: a 2xx may delete or use up a record, and `ensure`
 * makes a new one before the next request.
 */

/** A 1x1 PNG: the smallest real image the upload check accepts. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const DAY_MS = 86_400_000;
/** A day within the fixture trip, ten days ahead, as the assistant's proposals need. */
const tripDay = new Date(Date.now() + 10 * DAY_MS);
export const TRIP_DAY = tripDay.toISOString().slice(0, 10);
const SPOKEN_TRIP_DAY = tripDay.toLocaleDateString('en-GB', {
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
export const DEMO_FLIGHT = {
  bookingType: 'flight',
  totalAmount: '687.50',
  currency: 'USD',
  bookingDetails: { title: 'Round-trip flight' },
};
export const WALLET = '0x' + 'ab12'.repeat(10);
export const BETA_EMAIL = 'fuzz.beta@example.com';

export function placeholder(name: string): string {
  return `⟦${name}⟧`;
}

function expectStatus(what: string, response: { status: number; body: unknown }, status: number) {
  if (response.status !== status) {
    throw new Error(
      `setting up ${what}: ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`,
    );
  }
  return response.body as Record<string, unknown>;
}

/** The token at the end of a share or calendar URL. */
const lastSegment = (url: unknown) =>
  String(url)
    .split('/')
    .pop()!
    .replace(/\.ics$/, '');

export async function createFixtures(server: TestServer, visitor: FuzzVisitor, other: FuzzVisitor) {
  const values: Record<string, string> = {};
  const db = server.database.db;

  async function trip() {
    const body = expectStatus(
      'a trip',
      await visitor.json('POST', '/api/trip-planners', {
        title: 'Rockies',
        destination: 'Banff, Canada',
        startDate: TRIP_DAY,
        endDate: TRIP_DAY,
      }),
      201,
    );
    values.tripId = String(body.id);
    await Promise.all([item(), calendar(), tripShare()]);
    await proposal();
  }
  async function item() {
    const body = expectStatus(
      'a planner item',
      await visitor.json('POST', '/api/planner-items', {
        plannerId: values.tripId,
        itemType: 'hotel',
        itemName: 'Fairmont room',
        scheduledDate: TRIP_DAY,
        scheduledTime: 'evening',
        price: '150.00',
      }),
      201,
    );
    values.itemId = String(body.id);
  }
  async function calendar() {
    const body = expectStatus(
      'a calendar address',
      await visitor.json('POST', `/api/trip-planners/${values.tripId}/calendar-subscription`),
      201,
    );
    values.calendarId = String(body.id);
    values.calendarToken = lastSegment(body.url);
  }
  async function tripShare() {
    const body = expectStatus(
      'an itinerary link',
      await visitor.json('POST', `/api/trip-planners/${values.tripId}/shares`, {}),
      201,
    );
    values.tripShareId = String(body.id);
    values.tripShareToken = lastSegment(body.shareUrl);
  }
  async function proposal() {
    const body = expectStatus(
      'a proposed trip item',
      await visitor.json('POST', '/api/chat', {
        message: `Add a hotel in Banff on ${SPOKEN_TRIP_DAY} in the afternoon`,
      }),
      200,
    );
    const reply = body.reply as { id: string; content: string; proposal?: unknown };
    if (!reply.proposal) throw new Error(`the assistant proposed no trip item: ${reply.content}`);
    values.proposalMessageId = reply.id;
  }
  async function booking() {
    const body = expectStatus(
      'a booking',
      await visitor.json('POST', '/api/bookings', DEMO_FLIGHT),
      201,
    );
    values.bookingId = String(body.id);
    await payment();
  }
  async function payment() {
    const body = expectStatus(
      'a wallet payment',
      await visitor.json('POST', '/api/create-blockchain-payment', {
        bookingId: values.bookingId,
        walletAddress: WALLET,
        amount: DEMO_FLIGHT.totalAmount,
        currency: DEMO_FLIGHT.currency,
      }),
      201,
    );
    values.paymentId = String(body.paymentId);
  }
  /** A PUT to the upload URL the server handed out: the bytes are stored, not yet recorded. */
  async function upload(): Promise<{ uploadURL: string; ticketId: string }> {
    const ticket = expectStatus(
      'an upload URL',
      await visitor.json('POST', '/api/media/upload', {
        fileType: 'image/png',
        fileSize: PNG.length,
      }),
      200,
    );
    const uploadURL = new URL(String(ticket.uploadURL), server.url);
    const stored = await visitor.send({
      method: 'PUT',
      path: uploadURL.pathname + uploadURL.search,
      headers: { ...(ticket.headers as Record<string, string>), 'content-type': 'image/png' },
      body: PNG,
    });
    if (stored.status !== 200) throw new Error(`setting up an upload: ${stored.status}`);
    return { uploadURL: uploadURL.toString(), ticketId: lastSegment(uploadURL.pathname) };
  }
  async function storedUpload() {
    const { uploadURL, ticketId } = await upload();
    values.storedUploadURL = uploadURL;
    values.storedUploadId = ticketId;
  }
  async function mediaFile() {
    const { uploadURL } = await upload();
    const body = expectStatus(
      'a media file',
      await visitor.json('PUT', '/api/media', {
        mediaURL: uploadURL,
        fileName: 'lake.png',
        fileType: 'image/png',
        fileSize: PNG.length,
        description: 'Lake Louise from the step-free path',
      }),
      201,
    );
    values.mediaId = String(body.id);
    // The renderer is stopped, so movies stay unfinished and a visitor may have only two of them:
    // the fixture movie is made once and outlives its files.
    if (values.movieId === undefined) await movie();
    await mediaShare();
  }
  async function movie() {
    const body = expectStatus(
      'a travel movie',
      await visitor.json('POST', '/api/media/create-movie', {
        mediaIds: [values.mediaId],
        style: 'relaxed',
        duration: 'short',
      }),
      201,
    );
    values.movieId = String(body.id);
  }
  async function mediaShare() {
    const body = expectStatus(
      'a media share',
      await visitor.json('POST', '/api/media/share', {
        mediaIds: [values.mediaId],
        shareType: 'social',
        socialPlatform: 'facebook',
      }),
      200,
    );
    values.mediaShareId = String(body.id);
    values.mediaShareToken = lastSegment(body.shareUrl);
  }

  // Records that are never used up.
  expectStatus('the catalogue', await visitor.json('POST', '/api/destinations/populate', {}), 200);
  const destinations = expectStatus(
    'the catalogue',
    await visitor.json('GET', '/api/destinations'),
    200,
  ) as unknown as { id: string }[];
  values.destinationId = destinations[0]!.id;
  expectStatus(
    'a beta sign-up',
    await visitor.json('POST', '/api/beta/signup', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '(415) 555-0132',
      email: BETA_EMAIL,
      agreedToTerms: true,
      agreedToPrivacy: true,
      agreedToDataProcessing: true,
      agreedToFeedback: true,
    }),
    201,
  );
  values.betaEmail = BETA_EMAIL;
  // Another visitor's records: their ids must answer as unknown ones do.
  const foreignTrip = expectStatus(
    "another visitor's trip",
    await other.json('POST', '/api/trip-planners', { title: 'Theirs', destination: 'Oslo' }),
    201,
  );
  values.foreignTripId = String(foreignTrip.id);
  const foreignItem = expectStatus(
    "another visitor's item",
    await other.json('POST', '/api/planner-items', {
      plannerId: values.foreignTripId,
      itemType: 'car',
      itemName: 'Their car',
      scheduledDate: TRIP_DAY,
    }),
    201,
  );
  values.foreignItemId = String(foreignItem.id);
  const foreignBooking = expectStatus(
    "another visitor's booking",
    await other.json('POST', '/api/bookings', DEMO_FLIGHT),
    201,
  );
  values.foreignBookingId = String(foreignBooking.id);

  await Promise.all([trip(), booking(), storedUpload()]);
  await mediaFile();
  await finishMovies();

  /**
   * The renderer is stopped (see the test), so a movie would stay unfinished, and a visitor with
   * two unfinished movies is refused more before the request is looked at. Movies end as the
   * renderer ends them when it cannot run ffmpeg: failed, with their script kept.
   */
  async function finishMovies() {
    await db
      .updateTable('mediaMovies')
      .set({ status: 'failed', error: 'Not rendered: the fuzz test stops the renderer' })
      .where('status', 'in', ['queued', 'rendering'])
      .execute();
  }

  /** Makes again whatever a successful request deleted, revoked, paid or used up. */
  async function ensure(): Promise<void> {
    await finishMovies();
    // Trips the fuzzer created go again (through the API), so the assistant, which picks among
    // the visitor's trips, always finds the fixture trip for its proposals.
    const created = await db
      .selectFrom('tripPlanners')
      .select('id')
      .where('visitorId', '=', visitor.visitorId)
      .where('id', '!=', values.tripId!)
      .execute();
    for (const { id } of created) {
      expectStatus('no extra trips', await visitor.json('DELETE', `/api/trip-planners/${id}`), 204);
    }
    const one = async (found: Promise<unknown>) => (await found) !== undefined;
    if (
      !(await one(
        db
          .selectFrom('tripPlanners')
          .select('id')
          .where('id', '=', values.tripId!)
          .executeTakeFirst(),
      ))
    ) {
      await trip();
    }
    if (
      !(await one(
        db
          .selectFrom('plannerItems')
          .select('id')
          .where('id', '=', values.itemId!)
          .executeTakeFirst(),
      ))
    ) {
      await item();
    }
    const open = <T extends 'calendarSubscriptions' | 'tripShares' | 'mediaShares'>(
      table: T,
      id: string,
    ) =>
      one(
        db
          .selectFrom(table as 'tripShares')
          .select('id')
          .where('id', '=', id)
          .where('revokedAt', 'is', null)
          .executeTakeFirst(),
      );
    if (!(await open('calendarSubscriptions', values.calendarId!))) await calendar();
    if (!(await open('tripShares', values.tripShareId!))) await tripShare();
    const message = await db
      .selectFrom('chatMessages')
      .select('proposalStatus')
      .where('id', '=', values.proposalMessageId!)
      .executeTakeFirst();
    if (message?.proposalStatus !== 'proposed') await proposal();
    const bookingRow = await db
      .selectFrom('bookings')
      .select(['paymentStatus', 'stripePaymentIntentId'])
      .where('id', '=', values.bookingId!)
      .executeTakeFirst();
    if (bookingRow?.paymentStatus !== 'pending') {
      await booking();
    } else {
      const paymentRow = await db
        .selectFrom('blockchainPayments')
        .select('status')
        .where('id', '=', values.paymentId!)
        .executeTakeFirst();
      if (paymentRow?.status !== 'pending') await payment();
    }
    const upload = await db
      .selectFrom('mediaUploads')
      .select('status')
      .where('id', '=', values.storedUploadId!)
      .executeTakeFirst();
    if (upload?.status !== 'stored') await storedUpload();
    if (
      !(await one(
        db
          .selectFrom('mediaFiles')
          .select('id')
          .where('id', '=', values.mediaId!)
          .executeTakeFirst(),
      ))
    ) {
      await mediaFile();
    } else {
      if (!(await open('mediaShares', values.mediaShareId!))) await mediaShare();
    }
  }

  return {
    values,
    ensure,
    /** Fills every ⟦name⟧ with the record's current value. */
    fill(text: string): string {
      return text.replace(/⟦(\w+)⟧/g, (match, name: string) => values[name] ?? match);
    },
  };
}
export type Fixtures = Awaited<ReturnType<typeof createFixtures>>;
