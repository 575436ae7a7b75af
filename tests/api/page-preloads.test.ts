import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaFile, ShareResult } from '../../contracts/media.js';
import {
  cardPictureUrl,
  GALLERY_READS,
  PRIORITY_THUMBNAILS,
  sharedMediaApiPath,
} from '../../contracts/media.values.js';
import { bookingApiPath } from '../../contracts/bookings.values.js';
import type { Trip, TripShare } from '../../contracts/planner.js';
import { visibleRange } from '../../contracts/calendar.values.js';
import {
  plannerItemsApiPath,
  sharedTripApiPath,
  TRIPS_PATH,
} from '../../contracts/planner.values.js';
import {
  APP_ROUTES,
  PRERENDERED_DIR,
  prerenderedFile,
  receiptPath,
  sharedTripPath,
} from '../../contracts/routes.js';
import { createBooking } from '../factories/bookings.js';
import { createMediaFile } from '../factories/media.js';
import { makeMediaFixtures, type MediaFixtures } from '../helpers/media-files.js';
import {
  createVisitor,
  startTestServer,
  type TestServer,
  type Visitor,
} from '../helpers/server.js';

/** What a page's Link header asks the browser to preload, in order: reads and pictures. */
function preloads(response: Response): { data: string[]; images: string[] } {
  const found = { data: [] as string[], images: [] as string[] };
  const header = response.headers.get('link');
  for (const hint of header ? header.split(', ') : []) {
    const match =
      /^<([^>]+)>; rel=preload; as=(?:(fetch); crossorigin=use-credentials|image; fetchpriority=high)$/.exec(
        hint,
      );
    expect(match, hint).not.toBeNull();
    (match![2] ? found.data : found.images).push(match![1]!);
  }
  return found;
}

describe('pages name the reads and photos they show first', () => {
  let server: TestServer;
  let clientDist: string;
  let fixtures: MediaFixtures;

  beforeAll(async () => {
    fixtures = await makeMediaFixtures();
    clientDist = await mkdtemp(path.join(tmpdir(), 'aj-client-'));
    await writeFile(path.join(clientDist, 'index.html'), '<!doctype html><title>app shell</title>');
    await mkdir(path.join(clientDist, PRERENDERED_DIR));
    await writeFile(
      path.join(clientDist, prerenderedFile(APP_ROUTES.mediaGallery)),
      '<title>gallery page',
    );
    server = await startTestServer({ CLIENT_DIST: clientDist });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await fixtures?.close();
    await rm(clientDist, { recursive: true, force: true });
  });

  const page = (pathname: string, visitor?: Visitor) =>
    visitor ? visitor.request('GET', pathname) : fetch(new URL(pathname, server.url));

  const upload = (visitor: Visitor, bytes: Buffer, fileType: string, fileName: string) =>
    createMediaFile(server, visitor, { bytes, fileType, fileName });

  /** What the gallery's first cards show, as the page itself will ask for them. */
  async function firstCardPictures(visitor: Visitor): Promise<string[]> {
    const files = (await (await visitor.request('GET', '/api/media')).json()) as MediaFile[];
    return files.slice(0, PRIORITY_THUMBNAILS).flatMap((file) => cardPictureUrl(file) ?? []);
  }

  it("names a returning visitor's first pictures on the gallery page, and no one else's", async () => {
    const owner = createVisitor(server.url);
    const { png, jpeg, portrait, mp4 } = fixtures;
    await upload(owner, png, 'image/png', 'lake.png');
    await upload(owner, mp4, 'video/mp4', 'boat.mp4');
    await upload(owner, jpeg, 'image/jpeg', 'bars.jpg');
    await upload(owner, portrait, 'image/jpeg', 'fractal.jpg');
    await upload(owner, png, 'image/png', 'lake-again.png');

    const expected = await firstCardPictures(owner);
    expect(expected).toHaveLength(PRIORITY_THUMBNAILS);
    const answer = await page(APP_ROUTES.mediaGallery, owner);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('gallery page');
    expect(preloads(answer)).toEqual({ data: [...GALLERY_READS], images: expected });
    // Made for this visitor: a shared cache must not keep it.
    expect(answer.headers.get('cache-control')).toBe('private, no-cache');
    // The browser can really fetch what it was told to preload, with the same cookie.
    for (const read of GALLERY_READS) {
      expect((await owner.request('GET', read)).status, read).toBe(200);
    }
    for (const picture of expected) {
      const fetched = await owner.request('GET', picture);
      expect(fetched.status, picture).toBe(200);
      expect(fetched.headers.get('content-type'), picture).toMatch(/^image\//);
    }

    // Another visitor with photos of their own gets theirs, never the owner's.
    const other = createVisitor(server.url);
    await upload(other, jpeg, 'image/jpeg', 'mine.jpg');
    const theirs = preloads(await page(APP_ROUTES.mediaGallery, other)).images;
    expect(theirs).toEqual(await firstCardPictures(other));
    expect(theirs.some((p) => expected.includes(p))).toBe(false);
  });

  it('names nothing, and starts no session, for a newcomer or a forged cookie; nothing for a tab in the query', async () => {
    const sessionsBefore = await server.database.db
      .selectFrom('sessions')
      .select('tokenHash')
      .execute();
    // Nothing to name: the page's reads would start a session to answer an empty gallery.
    const nothing = { data: [], images: [] };
    const newcomer = await page(APP_ROUTES.mediaGallery);
    expect(newcomer.status).toBe(200);
    expect(preloads(newcomer)).toEqual(nothing);
    expect(newcomer.headers.get('set-cookie')).toBeNull();
    expect(newcomer.headers.get('cache-control')).toBe('no-cache');

    const forged = await fetch(new URL(APP_ROUTES.mediaGallery, server.url), {
      headers: { cookie: 'sid=made-up.signature' },
    });
    expect(forged.status).toBe(200);
    expect(preloads(forged)).toEqual(nothing);

    // A cookie signed by this server whose session was never stored (the visitor's first call
    // made none): still a newcomer, and the page does not store one.
    const unseen = createVisitor(server.url);
    await unseen.request('GET', '/api/health');
    expect(unseen.cookies.size).toBe(1);
    expect(preloads(await page(APP_ROUTES.mediaGallery, unseen))).toEqual(nothing);
    const sessionsAfter = await server.database.db
      .selectFrom('sessions')
      .select('tokenHash')
      .execute();
    expect(sessionsAfter).toHaveLength(sessionsBefore.length);

    const owner = createVisitor(server.url);
    await upload(owner, fixtures.png, 'image/png', 'lake.png');
    expect(preloads(await page(APP_ROUTES.mediaGallery, owner)).images).toHaveLength(1);
    // A query may show another tab: the shell, with no hints that could be wrong.
    const withQuery = await page(`${APP_ROUTES.mediaGallery}?tab=videos`, owner);
    expect(withQuery.status).toBe(200);
    expect(withQuery.headers.get('link')).toBeNull();
    expect(withQuery.headers.get('cache-control')).toBe('no-cache');
  });

  it("names a share link's first pictures on its public page, and nothing for a link that is gone", async () => {
    const owner = createVisitor(server.url);
    const photo = await upload(owner, fixtures.jpeg, 'image/jpeg', 'bars.jpg');
    const video = await upload(owner, fixtures.mp4, 'video/mp4', 'boat.mp4');
    const shared = await owner.request('POST', '/api/media/share', {
      body: { mediaIds: [photo.id, video.id], shareType: 'social', socialPlatform: 'facebook' },
    });
    expect(shared.status).toBe(200);
    const token = new URL(((await shared.json()) as ShareResult).shareUrl).pathname
      .split('/')
      .pop()!;

    const publicPage = (await (
      await fetch(new URL(sharedMediaApiPath(token), server.url))
    ).json()) as {
      files: MediaFile[];
    };
    const expected = publicPage.files.flatMap((file) => cardPictureUrl(file) ?? []);
    expect(expected.length).toBeGreaterThan(0);

    const stranger = await page(`/shared/${token}`);
    expect(stranger.status).toBe(200);
    expect(await stranger.text()).toContain('app shell');
    expect(preloads(stranger)).toEqual({ data: [sharedMediaApiPath(token)], images: expected });
    for (const picture of expected) {
      expect((await fetch(new URL(picture, server.url))).status, picture).toBe(200);
    }

    const gone = await page(`/shared/${token}x`);
    expect(gone.status).toBe(200);
    expect(gone.headers.get('link')).toBeNull();
  });

  it("names the receipt's booking and a trip link's itinerary, the reads those pages show", async () => {
    const owner = createVisitor(server.url);
    const booking = await createBooking(owner);
    const receipt = await page(receiptPath(booking.id), owner);
    expect(receipt.status).toBe(200);
    expect(preloads(receipt)).toEqual({ data: [bookingApiPath(booking.id)], images: [] });
    expect((await owner.request('GET', bookingApiPath(booking.id))).status).toBe(200);

    const trip = await owner.request('POST', '/api/trip-planners', {
      body: { title: 'Lisbon', destination: 'Lisbon, Portugal' },
    });
    expect(trip.status).toBe(201);
    const { id } = (await trip.json()) as Trip;
    const link = await owner.request('POST', `/api/trip-planners/${id}/shares`, { body: {} });
    expect(link.status).toBe(201);
    const token = ((await link.json()) as TripShare).shareUrl.split('/').pop()!;
    const itinerary = await page(sharedTripPath(token));
    expect(preloads(itinerary)).toEqual({ data: [sharedTripApiPath(token)], images: [] });
    expect((await fetch(new URL(sharedTripApiPath(token), server.url))).status).toBe(200);
  });

  it("names the planner's two reads: the visitor's trips and the chosen trip's month", async () => {
    const owner = createVisitor(server.url);
    const newTrip = async (body: Record<string, unknown>) => {
      const answer = await owner.request('POST', TRIPS_PATH, { body });
      expect(answer.status).toBe(201);
      return (await answer.json()) as Trip;
    };
    // Newest first: the list opens on `later`, and `?trip=` may choose the other.
    const march = await newTrip({
      title: 'Lisbon',
      destination: 'Lisbon, Portugal',
      startDate: '2027-03-30',
      endDate: '2027-04-04',
    });
    const later = await newTrip({
      title: 'Oslo',
      destination: 'Oslo, Norway',
      startDate: '2027-08-01',
    });
    // The weeks the calendar shows: March 2027's grid runs from Sunday 28 February to 3 April.
    expect(visibleRange('2027-03')).toEqual({ from: '2027-02-28', to: '2027-04-03' });
    const monthOf = (trip: Trip, month: string) =>
      plannerItemsApiPath(trip.id, visibleRange(month));

    const first = await page(APP_ROUTES.flightPlan, owner);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(preloads(first)).toEqual({ data: [TRIPS_PATH, monthOf(later, '2027-08')], images: [] });
    const chosen = await page(`${APP_ROUTES.flightPlan}?trip=${march.id}`, owner);
    expect(preloads(chosen)).toEqual({ data: [TRIPS_PATH, monthOf(march, '2027-03')], images: [] });
    // Each named read answers, with the same cookie, as the page will ask for it.
    for (const path of preloads(chosen).data) {
      expect((await owner.request('GET', path)).status).toBe(200);
    }

    // Someone else's trip in the address: the visitor's own first trip, as the page shows it.
    const stranger = createVisitor(server.url);
    const theirs = await stranger.request('POST', TRIPS_PATH, {
      body: { title: 'Rome', destination: 'Rome, Italy', startDate: '2027-05-02' },
    });
    const theirId = ((await theirs.json()) as Trip).id;
    const notTheirs = await page(`${APP_ROUTES.flightPlan}?trip=${theirId}`, owner);
    expect(preloads(notTheirs).data).toEqual([TRIPS_PATH, monthOf(later, '2027-08')]);

    // A trip with no start opens on the visitor's own today, which only their browser knows.
    const undated = await newTrip({ title: 'Someday', destination: 'Kyoto, Japan' });
    const open = await page(`${APP_ROUTES.flightPlan}?trip=${undated.id}`, owner);
    expect(preloads(open)).toEqual({ data: [TRIPS_PATH], images: [] });

    // A newcomer is named nothing: a read would start a session to find no trips.
    const newcomer = await page(`${APP_ROUTES.flightPlan}?trip=${march.id}`);
    expect(newcomer.status).toBe(200);
    expect(newcomer.headers.get('link')).toBeNull();
  });
});
