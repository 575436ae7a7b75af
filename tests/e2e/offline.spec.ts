import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { AUTH_PAGES, AUTH_PATHS } from '../../contracts/auth.values';
import { DEMO_BOOKINGS } from '../../contracts/bookings.values';
import { CHAT_PATH } from '../../contracts/chat.values';
import { SAFETY_KIT_CACHE } from '../../contracts/offline';
import { APP_ROUTES } from '../../contracts/routes';
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
  // Several pages online, then each again offline: a long journey on a busy machine.
  test.slow();
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
  // Several pages online, then each again offline: a long journey on a busy machine.
  test.slow();
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

// ------------------------------------------------------------------ what needs a connection

/** What a control that cannot work offline says beside it (client/components/ui/needs-connection). */
const NEEDS_CONNECTION = 'Needs a connection — you are offline.';
const OFFLINE_FAILURES = /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/;

/**
 * The page's requests that would change something on the server (every write), from now on: a
 * test starts counting as it goes offline, after what the page sent by itself (the landing page
 * fills an empty catalogue).
 */
function countWrites(page: Page): () => string[] {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET') writes.push(`${request.method()} ${request.url()}`);
  });
  return () => writes;
}

/**
 * Cuts the network once the page has nothing on its way: a chunk still loading when the network
 * goes (a menu, a dialog the page loads when idle) would fail the page's hydration instead.
 */
async function goOffline(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.context().setOffline(true);
}

/**
 * Offline, `button` is aria-disabled (yet focusable), described by the note shown beside it, and
 * neither a click nor Enter on it does anything: `nothingHappened` says so afterwards.
 */
async function expectRefusedOffline(button: Locator, nothingHappened: () => Promise<void>) {
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  await expect(button).toHaveAccessibleDescription(new RegExp(`${NEEDS_CONNECTION}$`));
  // Playwright waits for an enabled target; a person's click does not.
  await button.click({ force: true });
  await button.focus();
  await expect(button).toBeFocused();
  await button.press('Enter');
  await nothingHappened();
}

test.describe('what needs a connection says so offline, sends nothing, and works online again', () => {
  test.beforeEach(({ consoleGuard }) => consoleGuard.allow(OFFLINE_FAILURES));

  test('the payment demo’s Select', async ({ page, context, checkA11y }) => {
    const [flight] = DEMO_BOOKINGS;
    const note = page.getByText(NEEDS_CONNECTION);
    await page.goto(APP_ROUTES.paymentDemo);
    const select = page.getByRole('button', { name: `Select ${flight!.bookingDetails.title}` });
    await expect(select).toBeVisible();

    await goOffline(page);
    const writes = countWrites(page);
    // Each booking's own button says it.
    await expect(note).toHaveCount(DEMO_BOOKINGS.length);
    await expectRefusedOffline(select, async () => {
      await expect(page.getByRole('heading', { name: 'Choose a booking' })).toBeVisible();
    });
    await checkA11y(page);

    await context.setOffline(false);
    await expect(note).toHaveCount(0);
    await expect(select).not.toHaveAttribute('aria-disabled');
    expect(writes()).toEqual([]);
    await select.click();
    await expect(page.getByRole('heading', { name: 'Pay for your booking' })).toBeVisible();
    // Then the card step asks for its payment intent by itself.
    expect(writes()).toContainEqual(expect.stringMatching(/^POST .*\/api\/bookings$/));
  });

  test('Upload Media: offline its dialog does not open', async ({ page, context, checkA11y }) => {
    await page.goto(APP_ROUTES.mediaGallery);
    const upload = page.getByRole('button', { name: 'Upload Media' });
    const dialog = page.getByRole('dialog', { name: 'Upload Media' });
    await expect(upload).toBeVisible();

    await goOffline(page);
    const writes = countWrites(page);
    await expectRefusedOffline(upload, async () => {
      await expect(dialog).toHaveCount(0);
    });
    await checkA11y(page);

    await context.setOffline(false);
    await expect(page.getByText(NEEDS_CONNECTION)).toBeHidden();
    await upload.click();
    await expect(dialog).toBeVisible();
    expect(writes()).toEqual([]);
  });

  test('the assistant: a message can be written offline, not sent', async ({
    page,
    context,
    checkA11y,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Chat with Beth, your AI travel assistant' }).click();
    const panel = page.getByRole('dialog', { name: /Beth/ });
    await expect(panel.getByText(/I'm Beth, your AI travel assistant/)).toBeVisible();
    const box = panel.getByLabel('Message Beth');
    const send = panel.getByRole('button', { name: 'Send' });

    await goOffline(page);
    const writes = countWrites(page);
    await box.fill('Is Mexico safe?');
    await expect(box).toHaveAccessibleDescription(NEEDS_CONNECTION);
    await box.press('Enter');
    await expectRefusedOffline(send, async () => {
      await expect(box).toHaveValue('Is Mexico safe?');
      await expect(panel.getByTestId('typing-indicator')).toHaveCount(0);
    });
    await checkA11y(page);

    await context.setOffline(false);
    await expect(panel.getByText(NEEDS_CONNECTION)).toBeHidden();
    expect(writes()).toEqual([]);
    await send.click();
    await expect(
      panel.getByRole('listitem').filter({ hasText: 'Mexico is at Level 2' }),
    ).toBeVisible();
    expect(writes()).toContainEqual(expect.stringMatching(new RegExp(`^POST .*${CHAT_PATH}$`)));
  });

  test('signing in: the address can be typed offline; Send code waits for the network', async ({
    page,
    context,
    checkA11y,
  }) => {
    await page.goto(AUTH_PAGES.account);
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    const address = dialog.getByRole('textbox', { name: 'E-mail address' });
    const code = dialog.getByRole('textbox', { name: 'Sign-in code' });
    const sendCode = dialog.getByRole('button', { name: 'Send code' });
    await expect(address).toBeFocused();

    await goOffline(page);
    const writes = countWrites(page);
    await address.fill('offline-traveller@example.com');
    await address.press('Enter');
    await expectRefusedOffline(sendCode, async () => {
      await expect(code).toHaveCount(0);
    });
    await checkA11y(page);

    await context.setOffline(false);
    await expect(dialog.getByText(NEEDS_CONNECTION)).toBeHidden();
    expect(writes()).toEqual([]);
    await sendCode.click();
    await expect(code).toBeFocused();
    expect(writes()).toContainEqual(
      expect.stringMatching(new RegExp(`^POST .*${AUTH_PATHS.requestEmail}$`)),
    );
  });
});

// ----------------------------------------------------------------------- the safety kit offline

const kitSection = (page: Page) => page.getByRole('region', { name: 'Download Travel Safety Kit' });

/** How many kits the service worker keeps on this device. */
const savedKitCount = (page: Page) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return 0;
    return (await (await caches.open(name)).keys()).length;
  }, SAFETY_KIT_CACHE);

/** Presses Download and returns the file's first bytes, once the browser has it. */
async function downloadKit(page: Page, button: Locator): Promise<string> {
  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('travel-safety-kit.pdf');
  return (await readFile(await download.path())).subarray(0, 5).toString('latin1');
}

test('a safety kit downloaded online downloads again offline after a cold reload, saying when it was saved; another needs a connection', async ({
  page,
  context,
  consoleGuard,
  checkA11y,
}) => {
  // Three PDFs made, a cold reload offline and axe.
  test.slow();
  await page.goto(APP_ROUTES.emergencyInfo);
  await expectSavedForOffline(page, [APP_ROUTES.emergencyInfo]);
  const kit = kitSection(page);
  const download = kit.getByRole('button', { name: 'Download Travel Safety Kit' });
  expect(await downloadKit(page, download)).toBe('%PDF-');
  await expect(kit.getByRole('status').last()).toHaveText(
    'Your Travel Safety Kit has been downloaded.',
  );
  // Nothing about the device online: the kit is simply fetched.
  await expect(kit.getByText(/Saved on this device/)).toHaveCount(0);
  await expect.poll(() => savedKitCount(page), { message: 'the kit saved' }).toBe(1);

  await context.setOffline(true);
  consoleGuard.allow(OFFLINE_FAILURES);
  await page.goto(APP_ROUTES.emergencyInfo);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Emergency Information' }),
  ).toBeVisible();
  const saved = kit.getByText(/^Saved on this device on .+ — the download works offline\.$/);
  await expect(saved).toBeVisible();
  await expect(download).not.toHaveAttribute('aria-disabled');
  await expect(download).toHaveAccessibleDescription(await saved.innerText());
  expect(await downloadKit(page, download)).toBe('%PDF-');
  await expect(kit.getByRole('status').last()).toHaveText(
    /^Your Travel Safety Kit has been downloaded: the copy saved on this device on .+\.$/,
  );

  // A kit never downloaded is not on the device: the button says it needs a connection.
  const kitRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('safety-kit.pdf')) kitRequests.push(request.url());
  });
  await kit.getByRole('radio', { name: 'Choose countries' }).check();
  await kit.getByRole('checkbox', { name: 'Portugal' }).check();
  await expect(
    kit.getByText('Download the kit once while online to keep it on this device.'),
  ).toBeVisible();
  const status = kit.getByRole('status').last();
  const before = await status.innerText();
  await expectRefusedOffline(download, async () => {
    await expect(status).toHaveText(before);
  });
  expect(kitRequests).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkA11y(page);

  // The first choice again: its saved kit.
  await kit.getByRole('radio', { name: 'The countries of my trips' }).check();
  await expect(saved).toBeVisible();
  await expect(download).not.toHaveAttribute('aria-disabled');

  // Online again, the lines about the device go; the chosen kit downloads and is kept too.
  await context.setOffline(false);
  await expect(saved).toBeHidden();
  await kit.getByRole('radio', { name: 'Choose countries' }).check();
  await expect(kit.getByText(NEEDS_CONNECTION)).toBeHidden();
  expect(await downloadKit(page, download)).toBe('%PDF-');
  await expect.poll(() => savedKitCount(page), { message: 'both kits saved' }).toBe(2);
});
