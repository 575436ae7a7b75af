import { expect, test } from './fixtures';
import { failedResourceLog } from './helpers';

/** Spec §2's route table: every route renders its own h1 with a 200 response. */
const ROUTES = [
  { path: '/flight-plan', heading: 'Flight Plan' },
  { path: '/media-gallery', heading: 'Travel Media Gallery' },
  { path: '/payment-demo', heading: 'Payment Demo' },
  { path: '/emergency-info', heading: 'Emergency Information' },
  // Without its token and e-mail the verify page shows its invalid-link view (spec §8).
  { path: '/verify-email', heading: 'Invalid Verification Link' },
  { path: '/payment-success', heading: 'Payment Status' },
] as const;

test.describe('not-found page', () => {
  test('an unknown path shows the 404 page with a 404 status', async ({
    page,
    checkA11y,
    consoleGuard,
  }) => {
    // The document itself is a 404 on purpose; Chromium logs that as a failed resource.
    consoleGuard.allow(failedResourceLog(404));
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);

    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText(/add the page to the router/)).toBeVisible();
    await expect(page).toHaveTitle(/404 Page Not Found/);
    await checkA11y(page);

    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });
});

test.describe('spec routes', () => {
  for (const { path, heading } of ROUTES) {
    test(`${path} renders its heading with a 200 status`, async ({ page, checkA11y }) => {
      // axe takes longest on the pages that list the most (over 100 country cards on one).
      test.slow();
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await checkA11y(page);
    });
  }
});
