import fs from 'node:fs/promises';
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { ACCOUNT_EXPORT, AUTH_MESSAGES, AUTH_PATHS } from '../../contracts/auth.values';
import { DEMO_BOOKINGS, type Booking } from '../../contracts/bookings';
import type { MediaFile, UploadTicket } from '../../contracts/media';
import { APP_ROUTES, receiptPath } from '../../contracts/routes';
import { expect, test } from './fixtures';
import { failedResourceLog, mailsTo, notifications, tabTo } from './helpers';

/*
 * Issue 27, "Done when": in two browsers, a trip, a booking and a photo made anonymously in the
 * first, then sign-in there by e-mail code (by keyboard alone) and in the second by the mailed
 * link, show the same trip, booking, receipt and photo; the account page lists both devices; and
 * signing out everywhere from the second ends the first's session. axe checks the dialog and both
 * pages. After a fresh sign-in, "Your data" downloads one ZIP of the account, and deletes the
 * account once its address is typed (axe checks that dialog). The mails travel over SMTP to the
 * config's receiver, read as beta.spec.ts reads its own.
 */

const [FLIGHT] = DEMO_BOOKINGS;
if (!FLIGHT) throw new Error('No demo bookings');
const TRIP_TITLE = 'Porto by the river';
/** A valid 2x2 PNG (the server makes its thumbnail), small enough to inline. */
const PHOTO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR42mOQi1oARAwQCgAcpgRh5betCQAAAABJRU5ErkJggg==',
  'base64',
);
const PHOTO_NAME = 'ribeira-at-dusk.png';

const uniqueEmail = (testInfo: TestInfo, label: string) =>
  `${label}-${testInfo.project.name}-${Date.now()}@example.com`.toLowerCase();
const isMobile = (testInfo: TestInfo) => testInfo.project.name === 'mobile';
const signInDialog = (page: Page) => page.getByRole('dialog', { name: 'Sign in' });
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** The code and the link's path of the latest of `count` mails to `email`. */
async function signInMail(email: string, count: number) {
  const text = (await mailsTo(email, count)).at(-1) ?? '';
  const code = /sign-in code for Accessible Journeys: (\d{6})/.exec(text)?.[1];
  const token = /\/sign-in\/link\?token=([\w-]+)/.exec(text)?.[1];
  expect(code, 'a code in the mail').toBeDefined();
  expect(token, 'a link in the mail').toBeDefined();
  return { code: code!, linkPath: `${APP_ROUTES.signInLink}?token=${token!}` };
}

/**
 * The way in to the dialog: the header's Sign in from the lg breakpoint; below it, the Menu's
 * "Sign in" opens the account page, whose Sign in opens the dialog.
 */
async function signInButton(page: Page, testInfo: TestInfo): Promise<Locator> {
  if (!isMobile(testInfo)) {
    // Loaded again, so the keyboard starts from the top of the page.
    await page.goto(APP_ROUTES.flightPlan);
    return page.getByRole('banner').getByRole('button', { name: 'Sign in' });
  }
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page
    .getByRole('menu', { name: 'Menu' })
    .getByRole('group', { name: 'Your account' })
    .getByRole('menuitem', { name: 'Sign in' })
    .click();
  await expect(h1(page, 'Your account')).toBeVisible();
  // Loaded again, so the keyboard starts from the top of the page.
  await page.reload();
  return page.getByRole('main').getByRole('button', { name: 'Sign in' });
}

async function created<T>(response: Awaited<ReturnType<Page['request']['post']>>): Promise<T> {
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** A booking paid with the (simulated) wallet, so it has a receipt, through the page's cookie. */
async function paidBooking(page: Page): Promise<Booking> {
  const booking = await created<Booking>(
    await page.request.post('/api/bookings', {
      data: { ...FLIGHT, status: 'pending', paymentStatus: 'pending' },
    }),
  );
  const payment = await created<{ paymentId: string }>(
    await page.request.post('/api/create-blockchain-payment', {
      data: {
        bookingId: booking.id,
        walletAddress: '0x9f3b2c4d5e6f708192a3b4c5d6e7f8091a2b3c4d',
        amount: booking.totalAmount,
        currency: booking.currency,
      },
    }),
  );
  const hash = `0x${Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  await created(
    await page.request.post('/api/confirm-blockchain-payment', {
      data: { paymentId: payment.paymentId, transactionHash: hash },
    }),
  );
  return booking;
}

/** A photo put in the gallery the way the uploader does (ticket, PUT of the bytes, record). */
async function photo(page: Page): Promise<MediaFile> {
  const ticket = await created<UploadTicket>(
    await page.request.post('/api/media/upload', {
      data: { fileType: 'image/png', fileSize: PHOTO_PNG.length },
    }),
  );
  const put = await page.request.put(ticket.uploadURL, {
    headers: { 'content-type': 'image/png', ...ticket.headers },
    data: PHOTO_PNG,
  });
  expect(put.status(), await put.text()).toBe(200);
  return created<MediaFile>(
    await page.request.put('/api/media', {
      data: {
        mediaURL: ticket.uploadURL,
        fileName: PHOTO_NAME,
        fileType: 'image/png',
        fileSize: PHOTO_PNG.length,
        description: 'The river front at dusk',
      },
    }),
  );
}

/** A trip made in the planner's New Trip dialog. */
async function tripInPlanner(page: Page) {
  await page.goto(APP_ROUTES.flightPlan);
  await page.getByRole('button', { name: 'New Trip', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New Trip' });
  await dialog.getByLabel('Trip Title').fill(TRIP_TITLE);
  await dialog.getByLabel('Destination').fill('Porto, Portugal');
  await dialog.getByRole('button', { name: 'Create Trip Plan' }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: TRIP_TITLE, exact: true }),
  ).toBeVisible();
}

/** What the first browser made, as the second must see it. */
async function expectSameThings(page: Page, booking: Booking) {
  await page.goto(APP_ROUTES.flightPlan);
  await expect(
    page.getByRole('heading', { level: 2, name: TRIP_TITLE, exact: true }),
  ).toBeVisible();
  await page.goto(APP_ROUTES.bookings);
  await expect(page.getByRole('article', { name: FLIGHT!.bookingDetails.title })).toBeVisible();
  await page.goto(receiptPath(booking.id));
  await expect(h1(page, 'Receipt')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
  await page.goto(APP_ROUTES.mediaGallery);
  await expect(page.getByRole('article', { name: PHOTO_NAME, exact: true })).toBeVisible();
}

/**
 * A fresh sign-in of the page's browser (its cookie is the page's), by the mailed code through the
 * API: the dialog's way in is the first test's; these tests are about what a fresh sign-in allows.
 */
async function signInFresh(page: Page, email: string) {
  await created(await page.request.post(AUTH_PATHS.requestEmail, { data: { email } }));
  const { code } = await signInMail(email, 1);
  await created(await page.request.post(AUTH_PATHS.emailCode, { data: { email, code } }));
}

/** The account page's "Your data", after a fresh sign-in. */
async function yourData(page: Page, email: string): Promise<Locator> {
  await page.goto(APP_ROUTES.account);
  await signInFresh(page, email);
  await page.reload();
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  return page.getByRole('region', { name: 'Your data' });
}

async function newBrowser(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const ready = () => page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
  return { context, page, errors, ready };
}

test.describe('passwordless accounts', () => {
  test.setTimeout(180_000);

  test('code on one browser, link on another: the same trip, booking, receipt and photo; signing out everywhere ends both', async ({
    page,
    browser,
    checkA11y,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'two-browsers');
    // Browser A, anonymous: a trip in the planner, a paid booking, a photo.
    await tripInPlanner(page);
    const booking = await paidBooking(page);
    await photo(page);

    // A signs in by keyboard alone: Tab to Sign in, Enter, the address, Enter, the code, Enter.
    const opener = await signInButton(page, testInfo);
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const dialog = signInDialog(page);
    const address = dialog.getByRole('textbox', { name: 'E-mail address' });
    await expect(address).toBeFocused();
    await checkA11y(page);
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    const code = dialog.getByRole('textbox', { name: 'Sign-in code' });
    await expect(code).toBeFocused();
    await expect(dialog.getByText(AUTH_MESSAGES.mailSent)).toBeVisible();
    await checkA11y(page);
    const first = await signInMail(email, 1);
    await page.keyboard.type(`${first.code.slice(0, 3)} ${first.code.slice(3)}`);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(
      notifications(page)
        .getByRole('listitem')
        .filter({ hasText: `Signed in as ${email}` }),
    ).toBeVisible();

    // Browser B opens the mailed link of a second mail; one press of Sign in signs it in.
    const b = await newBrowser(browser);
    try {
      await b.page.request.post('/api/auth/email', { data: { email } });
      const second = await signInMail(email, 2);
      await b.page.goto(second.linkPath);
      await b.ready();
      await expect(h1(b.page, 'Sign in')).toBeVisible();
      await checkA11y(b.page);
      await b.page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
      await expect(b.page.getByRole('heading', { level: 2, name: /signed in as/ })).toBeFocused();
      await expectSameThings(b.page, booking);

      // A's account page lists both devices, A's own marked.
      await page.goto(APP_ROUTES.account);
      await expect(page.getByText(email, { exact: true })).toBeVisible();
      const devices = page.getByRole('region', { name: 'Signed-in devices' }).getByRole('listitem');
      await expect(devices).toHaveCount(2);
      await expect(devices.filter({ hasText: 'This device' })).toHaveCount(1);
      await checkA11y(page);

      // B signs out everywhere (confirmed): B is a newcomer, and A is signed out too.
      await b.page.goto(APP_ROUTES.account);
      await b.page.getByRole('button', { name: 'Sign out everywhere' }).click();
      const confirm = b.page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
      await confirm.getByRole('button', { name: 'Sign out everywhere' }).click();
      await expect(confirm).toBeHidden();
      await expect(b.page.getByRole('main').getByRole('button', { name: 'Sign in' })).toBeVisible();

      await page.reload();
      await expect(page.getByRole('main').getByRole('button', { name: 'Sign in' })).toBeVisible();
      await page.goto(APP_ROUTES.flightPlan);
      await expect(page.getByRole('heading', { level: 2, name: 'No trips yet' })).toBeVisible();
      expect(b.errors).toEqual([]);
    } finally {
      await b.context.close();
    }
  });

  test('after a fresh sign-in, Download my data saves one ZIP with the account’s records and photo', async ({
    page,
  }, testInfo) => {
    await photo(page);
    const data = await yourData(page, uniqueEmail(testInfo, 'download'));
    const downloading = page.waitForEvent('download');
    await data.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(ACCOUNT_EXPORT.fileName);
    await expect(data.getByRole('status')).toContainText('Your download has started');
    const zip = await fs.readFile(await download.path());
    expect(zip.subarray(0, 2).toString('latin1'), 'the ZIP magic').toBe('PK');
    // A ZIP's central directory names each entry in plain text.
    expect(zip.includes(ACCOUNT_EXPORT.recordsFile)).toBe(true);
    expect(zip.includes(PHOTO_NAME)).toBe(true);
  });

  test('deleting the account takes its address typed, then the browser is signed out', async ({
    page,
    checkA11y,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, 'delete');
    const data = await yourData(page, email);
    await data.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toBeVisible();
    await checkA11y(page);
    const field = dialog.getByRole('textbox', { name: 'Type your e-mail address to confirm' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });

    // Another address is refused before anything is sent.
    await field.fill('someone-else@example.com');
    await confirm.click();
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(new RegExp(AUTH_MESSAGES.deleteConfirm));
    await checkA11y(page);

    await field.fill(email.toUpperCase());
    await confirm.click();
    await expect(dialog).toBeHidden();
    await expect(h1(page, 'Your account')).toBeFocused();
    await expect(page.getByRole('main').getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(
      notifications(page).getByRole('listitem').filter({ hasText: 'Your account is deleted' }),
    ).toBeVisible();
    const account = await page.request.get(AUTH_PATHS.account);
    expect(await account.json()).toEqual({ signedIn: false });
  });

  test('a link that is not right says so and offers a new code', async ({
    page,
    consoleGuard,
    checkA11y,
  }) => {
    consoleGuard.allow(failedResourceLog(400));
    await page.goto(`${APP_ROUTES.signInLink}?token=not-the-token`);
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    const refused = page.getByRole('heading', { level: 2, name: AUTH_MESSAGES.linkRejected });
    await expect(refused).toBeFocused();
    await checkA11y(page);
    await page.getByRole('button', { name: 'Ask for a new code' }).click();
    await expect(signInDialog(page)).toBeVisible();
    await expect(signInDialog(page).getByRole('textbox', { name: 'E-mail address' })).toBeFocused();
  });

  test('signed out, the account page explains and offers the sign-in, not an error', async ({
    page,
    checkA11y,
  }) => {
    await page.goto(APP_ROUTES.account);
    await expect(h1(page, 'Your account')).toBeVisible();
    await expect(page.getByText(/You don’t need an account/)).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await checkA11y(page);
  });
});
