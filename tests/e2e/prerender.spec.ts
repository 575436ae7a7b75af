import type { Page } from '@playwright/test';
import { APP_ROUTES, PRERENDERED_ROUTES } from '../../contracts/routes';
import { expect, test } from './fixtures';
import { cartButton, gotoLanding, holdScript } from './helpers';

/**
 * The build pre-renders every route without a parameter (scripts/prerender.ts): the page is on
 * screen, readable and in the page's landmarks before any script runs, and the app then hydrates
 * it, keeping its elements (and so the reader's focus) instead of replacing them.
 */

/** The level-1 heading each pre-rendered route shows before its data has loaded. */
const HEADINGS: Record<string, RegExp> = {
  [APP_ROUTES.home]: /^Travel planning where no one gets left behind$/,
  [APP_ROUTES.paymentDemo]: /^Payment Demo$/,
  [APP_ROUTES.paymentSuccess]: /^Payment Status$/,
  [APP_ROUTES.mediaGallery]: /^Travel Media Gallery$/,
  [APP_ROUTES.flightPlan]: /^Flight Plan$/,
  [APP_ROUTES.emergencyInfo]: /^Emergency Information$/,
  // Without a token in the address, the page says the link is not valid.
  [APP_ROUTES.verifyEmail]: /^Invalid Verification Link$/,
  [APP_ROUTES.bookings]: /^Booking History$/,
  [APP_ROUTES.privacy]: /^Privacy policy$/,
  [APP_ROUTES.terms]: /^Terms of use$/,
  [APP_ROUTES.accessibility]: /^Accessibility statement$/,
  [APP_ROUTES.contact]: /^Contact us$/,
  [APP_ROUTES.account]: /^Your account$/,
  // Without a token in the address, the page says the link is not right.
  [APP_ROUTES.signInLink]: /^Sign in$/,
};

/** Waits until React has hydrated the page's main heading (it keeps its fiber on the element). */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const heading = document.querySelector('main h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
  });
}

test('the table lists every pre-rendered route', () => {
  expect(Object.keys(HEADINGS).sort()).toEqual([...PRERENDERED_ROUTES].sort());
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const route of PRERENDERED_ROUTES) {
    test(`${route} shows its page, header and footer`, async ({ page }) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: HEADINGS[route] })).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page).toHaveTitle(/Accessible Journeys/);
    });
  }

  test('a path that is no page shows the not-found page with a 404 status', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 404/);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  });

  test('an address with a query gets the app shell, not a page that may not match it', async ({
    page,
  }) => {
    await page.goto('/verify-email?token=abc&email=a%40example.com');
    await expect(page.getByRole('main')).toHaveText('Loading…');
    await expect(page.getByRole('banner')).toBeVisible();
  });
});

test.describe('for a reader far from the server, in another language', () => {
  // The build renders in UTC and en-US; times of day and dates differ here, and a text that
  // differs where the app hydrates is a mismatch: React logs it (the console guard fails the test)
  // and throws the page away to render it again.
  test.use({ timezoneId: 'Pacific/Auckland', locale: 'de-DE' });

  for (const route of PRERENDERED_ROUTES) {
    test(`${route} hydrates without a mismatch`, async ({ page }) => {
      await page.goto(route);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADINGS[route]!);
    });
  }
});

test.describe('with JavaScript', () => {
  test('the app hydrates the pre-rendered page: its elements stay, and so does focus', async ({
    page,
  }) => {
    const release = await holdScript(page, 'index');
    // The held script holds the load event too.
    await page.goto(APP_ROUTES.home, { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await page.evaluate(() => {
      (window as { preHeading?: Element | null }).preHeading = document.querySelector('h1');
    });
    // A keyboard user starts before the script has come: the skip link is the first stop.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();

    release();
    await waitForHydration(page);
    await expect(skip).toBeFocused();
    // Interactive now: the cart opens.
    await cartButton(page).click();
    await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeVisible();
    await page.keyboard.press('Escape');
    expect(
      await page.evaluate(
        () =>
          (window as { preHeading?: Element | null }).preHeading === document.querySelector('h1'),
      ),
    ).toBe(true);
  });

  test('a page scrolled before the script ran stays where the reader put it', async ({ page }) => {
    const release = await holdScript(page, 'index');
    await page.goto(APP_ROUTES.home, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 600));
    release();
    await waitForHydration(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(600);
  });

  test('focus taken in the app shell before the script ran is kept when the page renders', async ({
    page,
  }) => {
    const release = await holdScript(page, 'index');
    await page.goto('/flight-plan?month=2026-12', { waitUntil: 'commit' });
    await expect(page.getByRole('main')).toHaveText('Loading…');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const home = page.getByRole('banner').getByRole('link', { name: 'Accessible Journeys' });
    await expect(home).toBeFocused();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Flight Plan' })).toBeVisible();
    await expect(home).toBeFocused();
  });

  test('back returns to where the reader was on the page; a new page starts at the top', async ({
    page,
  }) => {
    await gotoLanding(page);
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Emergency Info' });
    await link.scrollIntoViewIfNeeded();
    const position = await page.evaluate(() => window.scrollY);
    expect(position).toBeGreaterThan(1000);
    await link.click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Emergency Information' }),
    ).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: HEADINGS['/'] })).toBeAttached();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(position);
  });
});
