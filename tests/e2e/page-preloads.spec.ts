/**
 * The pages whose content comes from their data (the gallery, a share link's page, a receipt, a
 * trip link's itinerary) are answered with a Link header naming those reads and the first photos
 * (server/plugins/spa.ts). A hint the page does not use costs a second download of the same thing:
 * here every hinted path is fetched once, and the page shows what it fetched.
 */
import type { Page, Response } from '@playwright/test';
import { DEMO_BOOKINGS, type Booking } from '../../contracts/bookings';
import type { MediaFile, ShareResult, UploadTicket } from '../../contracts/media';
import { receiptPath, sharedMediaPath } from '../../contracts/routes';
import { makeMediaFixtures, type MediaFixtures } from '../helpers/media-files';
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

/** Every picture in the list has loaded (decoded, with a size). */
async function expectPicturesLoaded(page: Page, count: number) {
  const pictures = page.getByRole('main').getByRole('listitem').getByRole('img');
  await expect(pictures).toHaveCount(count);
  for (const picture of await pictures.all()) {
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
}

test.describe('pages fetch what their answer named once, and use it', () => {
  test('the gallery, its share link, a receipt', async ({ page, browser }) => {
    await page.goto('/');
    const names = ['one.png', 'two.png', 'three.png', 'four.png', 'five.png'];
    const photos: MediaFile[] = [];
    for (const name of names) photos.push(await seedPhoto(page, name));

    const gallery = await openCounting(page, '/media-gallery', async () => {
      await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(names.length);
      await expectPicturesLoaded(page, names.length);
    });
    // Three reads and the four newest photos' thumbnails.
    expect(gallery.hinted).toHaveLength(7);
    for (const path of gallery.hinted) expect(gallery.requested.get(path), path).toBe(1);
    expect(gallery.warnings).toEqual([]);

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
    const stranger = await browser.newContext();
    try {
      const visitor = await stranger.newPage();
      const sharedPage = await openCounting(visitor, sharedMediaPath(token), async () => {
        await expectPicturesLoaded(visitor, 2);
      });
      expect(sharedPage.hinted).toHaveLength(3);
      for (const path of sharedPage.hinted) expect(sharedPage.requested.get(path), path).toBe(1);
      expect(sharedPage.warnings).toEqual([]);
    } finally {
      await stranger.close();
    }

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
    const receipt = await openCounting(page, receiptPath(booking.id), async () => {
      await expect(page.getByRole('main')).toContainText(demo.bookingDetails.title);
    });
    expect(receipt.hinted).toEqual([`/api/bookings/${booking.id}`]);
    expect(receipt.requested.get(receipt.hinted[0]!)).toBe(1);
    expect(receipt.warnings).toEqual([]);
  });
});
