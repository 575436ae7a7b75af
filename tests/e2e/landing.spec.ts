import { expect, test } from './fixtures';
import {
  BANFF,
  cartButton,
  destinationCard,
  DESTINATIONS_API,
  failedResourceLog,
  gotoLanding,
  notifications,
  TIMBERLINE,
} from './helpers';

const PRICE = /^(\$|[A-Z]{3} )\d[\d,.]*/;

test.describe('landing page', () => {
  test('shows the hero and a grid that populates itself from an empty list', async ({ page }) => {
    // Whatever the database holds, the first list the page sees is empty: the client must then
    // ask the server, once, to add the curated catalogue and show it.
    await page.route(DESTINATIONS_API, (route) => route.fulfill({ json: [] }), { times: 1 });
    const populateCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/destinations/populate') {
        populateCalls.push(request.method());
      }
    });

    await page.goto('/');
    await expect(page).toHaveTitle(/Accessible Journeys/);
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'Travel planning where no one gets left behind',
      }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Featured Destinations' }),
    ).toBeVisible();

    const banff = destinationCard(page, BANFF);
    const timberline = destinationCard(page, TIMBERLINE);
    await expect(banff).toBeVisible();
    await expect(timberline).toBeVisible();
    expect(populateCalls).toEqual(['POST']);
    await expect(page.getByRole('status').filter({ hasText: /destinations loaded/ })).toHaveText(
      /^\d+ destinations loaded\.$/,
    );

    for (const card of [banff, timberline]) {
      await expect(card.getByRole('heading', { level: 3 })).toBeVisible();
      // The badge may repeat its level for screen readers ("Level 1: Exercise Normal Precautions").
      await expect(card.getByText(/^Level [1-4]\b/).first()).toBeVisible();
      await expect(card.getByText(PRICE)).toBeVisible();
      const chips = card.getByRole('list', { name: 'Accessibility' });
      const standard = card.getByText('Standard accessibility', { exact: true });
      await expect(chips.or(standard)).toBeVisible();
      if (await chips.isVisible()) {
        expect(await chips.getByRole('listitem').count()).toBeGreaterThan(0);
      }
      await expect(card.getByRole('button', { name: /^View Details/ })).toBeVisible();
      await expect(card.getByRole('button', { name: /^Add to Cart/ })).toBeVisible();
    }

    // Every card without a photo shows the placeholder instead of a stock image.
    const cards = page.getByRole('article');
    const count = await cards.count();
    expect(count).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < count; i++) {
      const card = cards.nth(i);
      if ((await card.getByRole('img').count()) === 0) {
        await expect(card.getByText('Authentic Photo Coming Soon')).toBeVisible();
      }
    }
  });

  test('has no axe violations, with and without the details dialog', async ({
    page,
    checkA11y,
  }) => {
    await gotoLanding(page);
    await checkA11y(page);

    await destinationCard(page, BANFF)
      .getByRole('button', { name: /^View Details/ })
      .click();
    await expect(page.getByRole('dialog', { name: BANFF })).toBeVisible();
    await checkA11y(page);
  });

  test('View Details opens a dialog by keyboard; Escape closes it and returns focus', async ({
    page,
  }) => {
    await gotoLanding(page);
    const viewDetails = destinationCard(page, BANFF).getByRole('button', {
      name: `View Details: ${BANFF}`,
    });
    await viewDetails.focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: BANFF });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Accessibility features' })).toBeVisible();
    await expect(dialog.getByText('Travel advisory')).toBeVisible();
    // Focus moved into the dialog.
    await expect
      .poll(() => dialog.evaluate((node) => node.contains(document.activeElement)))
      .toBe(true);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(viewDetails).toBeFocused();
  });

  test('Add to Cart shows a toast, counts the item, and the cart panel lists and removes it', async ({
    page,
  }) => {
    await gotoLanding(page);
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

    await destinationCard(page, TIMBERLINE)
      .getByRole('button', { name: `Add to Cart: ${TIMBERLINE}` })
      .click();
    const toast = notifications(page).getByRole('listitem').filter({ hasText: 'Added to cart' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(TIMBERLINE);
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

    // The cart is kept in localStorage: it survives a reload.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

    await cartButton(page).click();
    const panel = page.getByRole('dialog', { name: 'Your cart' });
    await expect(panel).toBeVisible();
    const items = panel.getByRole('listitem');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(TIMBERLINE);
    await expect(panel.getByText('Total')).toBeVisible();

    await panel.getByRole('button', { name: `Remove ${TIMBERLINE}` }).click();
    await expect(items).toHaveCount(0);
    await expect(
      panel.getByText('Your cart is empty. Add a destination to start planning.'),
    ).toBeVisible();

    // While the modal panel is open the rest of the page is hidden from assistive technology.
    await panel.getByRole('button', { name: 'Close cart' }).click();
    await expect(panel).toBeHidden();
    await expect(cartButton(page)).toBeFocused();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  });

  test('the skip link is the first Tab stop and moves focus to main', async ({ page }) => {
    await gotoLanding(page);
    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skipLink).toBeFocused();
    await expect(skipLink).toBeInViewport();

    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab continues inside main, not back in the header.
    await page.keyboard.press('Tab');
    await expect
      .poll(() =>
        page.evaluate(() =>
          document.getElementById('main-content')?.contains(document.activeElement),
        ),
      )
      .toBe(true);
  });

  test('shows an error with Try Again, which loads the cards once the API answers', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResourceLog(500));
    await page.route(DESTINATIONS_API, (route) =>
      route.fulfill({
        status: 500,
        json: { statusCode: 500, error: 'Internal Server Error', message: 'Database unavailable' },
      }),
    );
    await page.goto('/');
    await expect(
      page.getByText('Unable to load destinations at the moment.').first(),
    ).toBeVisible();
    const tryAgain = page.getByRole('button', { name: 'Try Again' });
    await expect(tryAgain).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);

    await page.unroute(DESTINATIONS_API);
    await tryAgain.click();
    await expect(destinationCard(page, BANFF)).toBeVisible();
    await expect(destinationCard(page, TIMBERLINE)).toBeVisible();
    await expect(page.getByText('Unable to load destinations at the moment.')).toHaveCount(0);
  });

  test('shows three placeholders while the destinations load', async ({ page }) => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(DESTINATIONS_API, async (route) => {
      await gate;
      await route.continue();
    });
    try {
      await page.goto('/');
      // The advisory section may still be loading too: only the destinations' placeholders here.
      const busy = page.locator('#destinations [aria-busy="true"]');
      await expect(busy).toBeVisible();
      // Each placeholder card is a direct child of the busy wrapper's grid; their grey blocks are
      // hidden from assistive technology.
      const placeholders = busy.locator(':scope > * > *');
      await expect(placeholders).toHaveCount(3);
      for (const placeholder of await placeholders.all()) {
        await expect(
          placeholder.locator('[aria-hidden="true"].animate-pulse').first(),
        ).toBeVisible();
      }
      await expect(
        page.getByRole('status').filter({ hasText: 'Loading destinations' }),
      ).toHaveCount(1);
      await expect(page.getByRole('article')).toHaveCount(0);
    } finally {
      release();
    }
    await expect(destinationCard(page, BANFF)).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  });
});
