/**
 * The pages whose content comes from their data (the gallery, a share link's page, a receipt, a
 * trip link's itinerary) are rendered by the server with the answers of their reads, and their
 * answer names the first photos in a Link preload header (server/plugins/spa.ts). Here: the HTML
 * holds the visitor's records before any script runs; the browser hydrates it without a mismatch
 * (the console guard fails on one), in a time zone and language other than the server's, and then
 * shows the reader's own dates; it asks for none of those reads again, and fetches each hinted
 * photo once (a hint the page does not use costs a second download of the same thing).
 */
import type { Page, Response } from '@playwright/test';
import { AUTH_PATHS } from '../../contracts/auth.values';
import { DEMO_BOOKINGS, type Booking } from '../../contracts/bookings';
import { bookingApiPath } from '../../contracts/bookings.values';
import type { MediaFile, ShareResult, UploadTicket } from '../../contracts/media';
import { GALLERY_READS, sharedMediaApiPath } from '../../contracts/media.values';
import type { Trip, TripShare } from '../../contracts/planner';
import { visibleRange } from '../../contracts/calendar.values';
import { plannerItemsApiPath, sharedTripApiPath, TRIPS_PATH } from '../../contracts/planner.values';
import { APP_ROUTES, receiptPath, sharedMediaPath, sharedTripPath } from '../../contracts/routes';
import { makeMediaFixtures, type MediaFixtures } from '../helpers/media-files';
import { mailTo, openSettled } from './helpers';
import { expect, test } from './fixtures';

let fixtures: MediaFixtures;
test.beforeAll(async () => {
  fixtures = await makeMediaFixtures();
});
test.afterAll(async () => {
  await fixtures?.close();
});

/** The paths a page's answer asked the browser to preload. */
function hintedPaths(response: Response | null): string[] {
  const header = response?.headers().link ?? '';
  return [...header.matchAll(/<([^>]+)>; rel=preload/g)].map((match) => match[1]!);
}

/**
 * Opens `path` and counts the requests for each path its answer hinted, and the browser's warnings
 * about preloads it did not use, until `shown` holds.
 */
async function openCounting(page: Page, path: string, shown: () => Promise<void>) {
  const requested = new Map<string, number>();
  const warnings: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    requested.set(pathname, (requested.get(pathname) ?? 0) + 1);
  });
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) warnings.push(message.text());
  });
  const response = await page.goto(path);
  await shown();
  const hinted = hintedPaths(response);
  return { hinted, requested, warnings };
}

async function seedPhoto(page: Page, fileName: string): Promise<MediaFile> {
  const { png } = fixtures;
  const ticket = await page.request.post('/api/media/upload', {
    data: { fileType: 'image/png', fileSize: png.length },
  });
  expect(ticket.status()).toBe(200);
  const { uploadURL, headers } = (await ticket.json()) as UploadTicket;
  const put = await page.request.put(uploadURL, {
    headers: { 'content-type': 'image/png', ...headers },
    data: png,
  });
  expect(put.status()).toBe(200);
  const record = await page.request.put('/api/media', {
    data: { mediaURL: uploadURL, fileName, fileType: 'image/png', fileSize: png.length },
  });
  expect(record.status()).toBe(201);
  return (await record.json()) as MediaFile;
}

/**
 * Every picture in the list has loaded (decoded, with a size) once the reader has scrolled to it:
 * the pictures past the first few load lazily, so on a phone's short screen one below the fold is
 * fetched only when it comes near.
 */
async function expectPicturesLoaded(page: Page, count: number) {
  const pictures = page.getByRole('main').getByRole('listitem').getByRole('img');
  await expect(pictures).toHaveCount(count);
  for (const picture of await pictures.all()) {
    await picture.scrollIntoViewIfNeeded();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
}

/** The reader is far from the server's UTC, and reads German. */
test.use({ timezoneId: 'Pacific/Auckland', locale: 'de-DE' });

/** The page's answer, as the browser gets it before any script has run. */
async function pageHtml(page: Page, path: string): Promise<string> {
  const answer = await page.request.get(path);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/^text\/html/);
  return answer.text();
}

/** A moment as the reader's browser writes it (lib/reader-date.tsx's client value). */
function inBrowser(page: Page, iso: string, options: Intl.DateTimeFormatOptions) {
  return page.evaluate(
    ([at, format]) => new Intl.DateTimeFormat(undefined, format).format(new Date(at)),
    [iso, options] as const,
  );
}

test.describe('pages with data arrive rendered, and fetch only what they still need', () => {
  test('the gallery and its share link', async ({ page, browser }) => {
    await openSettled(page);
    const names = ['one.png', 'two.png', 'three.png', 'four.png', 'five.png'];
    const photos: MediaFile[] = [];
    for (const name of names) photos.push(await seedPhoto(page, name));

    const html = await pageHtml(page, '/media-gallery');
    for (const name of names) expect(html).toContain(name);
    expect(html).toContain('id="page-data"');

    const gallery = await openCounting(page, '/media-gallery', async () => {
      await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(names.length);
      await expectPicturesLoaded(page, names.length);
    });
    // The four newest photos' thumbnails; the reads are in the page.
    expect(gallery.hinted).toHaveLength(4);
    for (const path of gallery.hinted) expect(gallery.requested.get(path), path).toBe(1);
    for (const read of GALLERY_READS) expect(gallery.requested.get(read), read).toBeUndefined();
    expect(gallery.warnings).toEqual([]);
    // Hydrated, the cards give the upload day in the reader's language and zone.
    const uploaded = await inBrowser(page, photos[0]!.uploadedAt, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    await expect(page.getByRole('main').locator('time').first()).toHaveText(uploaded);

    const shared = await page.request.post('/api/media/share', {
      data: {
        mediaIds: photos.slice(0, 2).map((p) => p.id),
        shareType: 'social',
        socialPlatform: 'facebook',
      },
    });
    expect(shared.status()).toBe(200);
    const token = new URL(((await shared.json()) as ShareResult).shareUrl).pathname
      .split('/')
      .pop()!;
    const stranger = await browser.newContext({ timezoneId: 'Pacific/Auckland', locale: 'de-DE' });
    try {
      const visitor = await stranger.newPage();
      const errors: string[] = [];
      visitor.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      visitor.on('pageerror', (error) => errors.push(error.message));
      const sharedHtml = await pageHtml(visitor, sharedMediaPath(token));
      expect(sharedHtml).toContain(names[0]);
      expect(sharedHtml).toContain(' UTC</time>');
      const sharedPage = await openCounting(visitor, sharedMediaPath(token), async () => {
        await expectPicturesLoaded(visitor, 2);
      });
      expect(sharedPage.hinted).toHaveLength(2);
      for (const path of sharedPage.hinted) expect(sharedPage.requested.get(path), path).toBe(1);
      expect(sharedPage.requested.get(sharedMediaApiPath(token))).toBeUndefined();
      expect(sharedPage.warnings).toEqual([]);
      await expect(visitor.getByRole('main').locator('time').first()).not.toContainText('UTC');
      expect(errors).toEqual([]);
    } finally {
      await stranger.close();
    }
  });

  test('a receipt and a trip link', async ({ page }) => {
    await openSettled(page);
    const demo = DEMO_BOOKINGS[0]!;
    const created = await page.request.post('/api/bookings', {
      data: {
        bookingType: demo.bookingType,
        totalAmount: demo.totalAmount,
        currency: demo.currency,
        bookingDetails: { title: demo.bookingDetails.title, details: [], accessibility: [] },
      },
    });
    expect(created.status()).toBe(201);
    const booking = (await created.json()) as Booking;
    const html = await pageHtml(page, receiptPath(booking.id));
    expect(html).toContain(demo.bookingDetails.title);
    // The server knows no reader's zone: UTC, said so.
    expect(html).toContain(' UTC</time>');
    const receipt = await openCounting(page, receiptPath(booking.id), async () => {
      await expect(page.getByRole('main')).toContainText(demo.bookingDetails.title);
    });
    expect(receipt.hinted).toEqual([]);
    expect(receipt.requested.get(bookingApiPath(booking.id))).toBeUndefined();
    const bookedOn = page.getByRole('main').locator('time').first();
    await expect(bookedOn).not.toContainText('UTC');
    await expect(bookedOn).toHaveText(
      await inBrowser(page, booking.createdAt, { dateStyle: 'long', timeStyle: 'short' }),
    );

    const trip = await page.request.post('/api/trip-planners', {
      data: { title: 'Lisbon by tram', destination: 'Lisbon, Portugal' },
    });
    expect(trip.status()).toBe(201);
    const { id } = (await trip.json()) as Trip;
    const link = await page.request.post(`/api/trip-planners/${id}/shares`, { data: {} });
    expect(link.status()).toBe(201);
    const token = ((await link.json()) as TripShare).shareUrl.split('/').pop()!;
    expect(await pageHtml(page, sharedTripPath(token))).toContain('Lisbon by tram');
    const itinerary = await openCounting(page, sharedTripPath(token), async () => {
      await expect(page.getByRole('main')).toContainText('Lisbon by tram');
    });
    expect(itinerary.requested.get(sharedTripApiPath(token))).toBeUndefined();
  });

  test('a trip link too large to render on the server is rendered by the browser, whole', async ({
    page,
  }) => {
    await openSettled(page);
    const trip = await page.request.post('/api/trip-planners', {
      data: { title: 'A long journey', destination: 'Vancouver, Canada', startDate: '2027-05-01' },
    });
    const { id } = (await trip.json()) as Trip;
    // 70 items with long descriptions: an itinerary answer of more than 128 KB.
    for (let i = 0; i < 70; i++) {
      const item = await page.request.post('/api/planner-items', {
        data: {
          plannerId: id,
          itemType: 'activity',
          itemName: `Stop ${i + 1}`,
          itemDescription: `Step-free route ${i + 1}. ${'Level boarding and a ramp. '.repeat(70)}`,
          scheduledDate: '2027-05-01',
          scheduledTime: 'morning',
          price: '10.00',
          isBooked: false,
          priority: 0,
        },
      });
      expect(item.status()).toBe(201);
    }
    const link = await page.request.post(`/api/trip-planners/${id}/shares`, { data: {} });
    const token = ((await link.json()) as TripShare).shareUrl.split('/').pop()!;
    // The app shell, not the itinerary: the server did not render it.
    expect(await pageHtml(page, sharedTripPath(token))).not.toContain('A long journey');
    const itinerary = await openCounting(page, sharedTripPath(token), async () => {
      await expect(page.getByRole('main')).toContainText('Stop 70');
    });
    expect(itinerary.requested.get(sharedTripApiPath(token))).toBe(1);
  });

  test("the planner's trips and the chosen trip's month are on their way while its code loads", async ({
    page,
  }) => {
    await openSettled(page);
    const newTrip = async (data: Record<string, unknown>) => {
      const answer = await page.request.post(TRIPS_PATH, { data });
      expect(answer.status()).toBe(201);
      return (await answer.json()) as Trip;
    };
    const lisbon = await newTrip({
      title: 'Lisbon in spring',
      destination: 'Lisbon, Portugal',
      startDate: '2027-03-30',
      endDate: '2027-04-04',
    });
    // Newer, so first in the list: the address chooses Lisbon.
    await newTrip({
      title: 'Oslo in summer',
      destination: 'Oslo, Norway',
      startDate: '2027-08-01',
    });
    const item = await page.request.post('/api/planner-items', {
      data: {
        plannerId: lisbon.id,
        itemType: 'activity',
        itemName: 'Tram 28',
        scheduledDate: '2027-04-01',
        scheduledTime: 'morning',
        price: '3.00',
        isBooked: false,
        priority: 0,
      },
    });
    expect(item.status()).toBe(201);

    // Counted with their queries: the month's read differs from another month's by its query only.
    const requested = new Map<string, number>();
    page.on('request', (request) => {
      const { pathname, search } = new URL(request.url());
      requested.set(pathname + search, (requested.get(pathname + search) ?? 0) + 1);
    });
    const response = await page.goto(`${APP_ROUTES.flightPlan}?trip=${lisbon.id}`);
    // The calendar opens on the trip's first month, with the item of 1 April in its last week.
    await expect(page.getByRole('main')).toContainText('Tram 28');
    const hinted = hintedPaths(response);
    expect(hinted).toEqual([TRIPS_PATH, plannerItemsApiPath(lisbon.id, visibleRange('2027-03'))]);
    // Each read went out once: the page's own request took the preloaded answer.
    for (const path of hinted) expect(requested.get(path), path).toBe(1);
  });

  test('the account page, signed out and signed in', async ({ page }, testInfo) => {
    // A newcomer: the page says they are signed out before any script runs, with no session made.
    const signedOut = await pageHtml(page, APP_ROUTES.account);
    expect(signedOut).toContain('You don’t need an account');
    expect(signedOut).not.toContain('Loading your account');
    expect((await page.context().cookies()).length).toBe(0);
    const newcomer = await openCounting(page, APP_ROUTES.account, async () => {
      await expect(page.getByRole('main')).toContainText('You don’t need an account');
    });
    expect(newcomer.requested.get(AUTH_PATHS.account)).toBeUndefined();
    // Hydrated as rendered: its Sign in works.
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();

    const email = `account-page-${testInfo.project.name}-${Date.now()}@example.com`;
    const mailed = await page.request.post(AUTH_PATHS.requestEmail, { data: { email } });
    expect(mailed.status()).toBe(202);
    const code = /sign-in code for Accessible Journeys: (\d{6})/.exec(await mailTo(email))?.[1];
    const signedIn = await page.request.post(AUTH_PATHS.emailCode, { data: { email, code } });
    expect(signedIn.ok()).toBe(true);
    // Signed in: the account, with this device, is in the page as sent, and the header says so
    // too (not "Sign in" beside the account until the script has run).
    const html = await pageHtml(page, APP_ROUTES.account);
    expect(html).toContain(email);
    expect(html).toMatch(/<header[^]*>Account<\/span>[^]*<\/header>/);
    const account = await openCounting(page, APP_ROUTES.account, async () => {
      await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible();
    });
    expect(account.requested.get(AUTH_PATHS.account)).toBeUndefined();
    await expect(
      page
        .getByRole('main')
        .getByRole('button', { name: /sign out/i })
        .first(),
    ).toBeEnabled();
  });
});
