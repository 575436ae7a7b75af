import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectSavedForOffline } from './helpers';

/*
 * The site as an installed app without a signal (issue 29): the manifest Chromium installs from,
 * and pages that open again offline once seen online. The service worker is allowed here (the
 * other specs block it: it answers navigations and /assets/ out of page.route's reach).
 */
test.use({ serviceWorkers: 'allow' });

/**
 * Chromium's own reasons not to offer installing the site (none: it can be installed), but for
 * "in-incognito": a test's browser context is one, and nothing installs there.
 */
async function installabilityErrors(page: Page) {
  const session = await page.context().newCDPSession(page);
  const { installabilityErrors } = await session.send('Page.getInstallabilityErrors');
  await session.detach();
  return installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
}

test('the site is installable: a manifest with names, colours and icons, and a worker', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expectSavedForOffline(page, ['/']);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = (await (await request.get(href!)).json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Accessible Journeys',
    short_name: 'Journeys',
    start_url: '/',
    display: 'standalone',
  });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
  }
  await expect.poll(() => installabilityErrors(page)).toEqual([]);
});

test('pages seen online open again offline, and say nothing is wrong with the visitor', async ({
  page,
  context,
  consoleGuard,
  checkA11y,
}) => {
  for (const [path, heading] of [
    ['/', /no one gets left behind/],
    ['/flight-plan', 'Flight Plan'],
    ['/emergency-info', 'Emergency Information'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectSavedForOffline(page, [path]);
  }

  await context.setOffline(true);
  // The reads no worker answers fail offline; the pages show their own error states for them.
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/);
  for (const [path, heading] of [
    ['/flight-plan', 'Flight Plan'],
    ['/emergency-info', 'Emergency Information'],
    ['/', /no one gets left behind/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await checkA11y(page);

  // A page never opened online still starts, from the app shell the worker keeps.
  await page.goto('/bookings');
  await expect(page.locator('#root')).not.toBeEmpty();
  await context.setOffline(false);
});

/** The planner's panel of the chosen day. */
const dayPlan = (page: Page) => page.getByRole('region', { name: /^Plan for / });

/** How many reads the page's visitor has saved on this device (client/lib/saved-reads.ts). */
const savedReadCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('accessible-journeys');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('saved-reads')) return resolve(0);
          const count = db.transaction('saved-reads').objectStore('saved-reads').count();
          count.onsuccess = () => resolve(count.result);
        };
        open.onerror = () => resolve(0);
      }),
  );

test('a trip and a receipt seen online are there after a cold reload offline, saying when they were saved', async ({
  page,
  context,
  consoleGuard,
  checkA11y,
}) => {
  await page.goto('/flight-plan');
  await expectSavedForOffline(page, ['/flight-plan']);
  await expect
    .poll(async () => (await context.cookies()).length, { message: 'a session cookie' })
    .toBeGreaterThan(0);
  const trip = (await (
    await page.request.post('/api/trip-planners', {
      data: {
        title: 'Lisbon in spring',
        destination: 'Lisbon, Portugal',
        startDate: '2027-03-02',
        endDate: '2027-03-05',
      },
    })
  ).json()) as { id: string };
  const item = await page.request.post('/api/planner-items', {
    data: {
      plannerId: trip.id,
      itemType: 'hotel',
      itemName: 'Step-free hotel in Alfama',
      scheduledDate: '2027-03-02',
    },
  });
  expect(item.status()).toBe(201);
  const booking = (await (
    await page.request.post('/api/bookings', {
      data: {
        bookingType: 'flight',
        totalAmount: '687.50',
        currency: 'USD',
        bookingDetails: { title: 'A flight', details: [], accessibility: [] },
      },
    })
  ).json()) as { id: string; reference: string };
  const quote = (await (
    await page.request.post('/api/create-blockchain-payment', {
      data: {
        bookingId: booking.id,
        walletAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        amount: '687.50',
        currency: 'USD',
      },
    })
  ).json()) as { paymentId: string };
  const paid = await page.request.post('/api/confirm-blockchain-payment', {
    data: { paymentId: quote.paymentId, transactionHash: `0x${randomBytes(32).toString('hex')}` },
  });
  expect(paid.status()).toBe(200);
  const code = ((await paid.json()) as { booking: { confirmationCode: string } }).booking
    .confirmationCode;

  // Seen online once: the trip on its day, and the receipt.
  const planner = `/flight-plan?trip=${trip.id}`;
  const receipt = `/bookings/${booking.id}/receipt`;
  await page.goto(planner);
  await expect(page.getByRole('heading', { name: 'Lisbon in spring' }).first()).toBeVisible();
  await page.locator('button[data-date="2027-03-02"]').click();
  await expect(dayPlan(page).getByText('Step-free hotel in Alfama').first()).toBeVisible();
  await expectSavedForOffline(page, []);
  await page.goto(receipt);
  await expect(page.getByRole('main')).toContainText(code);
  await expectSavedForOffline(page, []);
  await expect.poll(() => savedReadCount(page)).toBeGreaterThanOrEqual(3);

  await context.setOffline(true);
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/);
  await page.goto(planner);
  const notice = page.getByRole('status').filter({ hasText: 'You are offline.' });
  await expect(notice).toContainText(/saved on /);
  await expect(page.getByRole('heading', { name: 'Lisbon in spring' }).first()).toBeVisible();
  await page.locator('button[data-date="2027-03-02"]').click();
  await expect(dayPlan(page).getByText('Step-free hotel in Alfama').first()).toBeVisible();
  // From the top: scrolled to the day, the sticky header covers controls axe then counts too small.
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkA11y(page);

  await page.goto(receipt);
  await expect(page.getByRole('main')).toContainText(code);
  await expect(page.getByRole('main')).toContainText(booking.reference);
  await expect(notice).toBeVisible();
  await checkA11y(page);

  // Back online: the notice goes, and the page reads afresh.
  await context.setOffline(false);
  await expect(notice).toBeHidden();
});
