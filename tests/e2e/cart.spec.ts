import type { Page } from '@playwright/test';
import { DESTINATIONS } from '../../server/catalogue/destinations';
import { expect, test } from './fixtures';
import {
  cartButton,
  cartPanel,
  destinationCard,
  failedResourceLog,
  gotoLanding,
  TIMBERLINE,
} from './helpers';

const EMPTY_CART = 'Your cart is empty. Add a destination to start planning.';
const USD = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const dollars = (amount: number) => `$${USD.format(amount)}`;

/** A priced USD destination of the catalogue: its cart total is a plain sum. */
function usdDestination(name: string) {
  const entry = DESTINATIONS.find((d) => d.name === name);
  if (!entry) throw new Error(`${name} is not in the catalogue`);
  expect(entry.currency).toBe('USD');
  expect(entry.price).toBeGreaterThan(0);
  return entry;
}

const FIRST = usdDestination(TIMBERLINE);
const SECOND = usdDestination('Virgin Voyages');

async function addToCart(page: Page, name: string) {
  await destinationCard(page, name)
    .getByRole('button', { name: `Add to Cart: ${name}` })
    .click();
}

/** Opens the cart panel from the header and returns it. */
async function openCart(page: Page) {
  await cartButton(page).click();
  const panel = cartPanel(page);
  await expect(panel).toBeVisible();
  return panel;
}

const cartItems = (page: Page) =>
  cartPanel(page).getByRole('list', { name: 'Cart items' }).getByRole('listitem');

test.describe('cart', () => {
  test('two cards add up in the header count and the panel total, and survive a reload', async ({
    page,
  }) => {
    await gotoLanding(page);
    await expect(destinationCard(page, FIRST.name)).toContainText(dollars(FIRST.price));
    await expect(destinationCard(page, SECOND.name)).toContainText(dollars(SECOND.price));

    await addToCart(page, FIRST.name);
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
    await addToCart(page, SECOND.name);
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');

    const total = dollars(FIRST.price + SECOND.price);
    let panel = await openCart(page);
    await expect(cartItems(page)).toHaveCount(2);
    await expect(cartItems(page).nth(0)).toContainText(FIRST.name);
    await expect(cartItems(page).nth(0)).toContainText(dollars(FIRST.price));
    await expect(cartItems(page).nth(1)).toContainText(SECOND.name);
    await expect(cartItems(page).nth(1)).toContainText(dollars(SECOND.price));
    await expect(panel.getByTestId('cart-total')).toHaveText(total);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
    panel = await openCart(page);
    await expect(cartItems(page)).toHaveCount(2);
    await expect(cartItems(page).nth(0)).toContainText(FIRST.name);
    await expect(cartItems(page).nth(1)).toContainText(SECOND.name);
    await expect(panel.getByTestId('cart-total')).toHaveText(total);
  });

  test('removing items updates the count and the total; an empty cart says so', async ({
    page,
  }) => {
    await gotoLanding(page);
    await addToCart(page, FIRST.name);
    await addToCart(page, SECOND.name);
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');

    const panel = await openCart(page);
    await expect(panel.getByTestId('cart-total')).toHaveText(dollars(FIRST.price + SECOND.price));
    await panel.getByRole('button', { name: `Remove ${SECOND.name}` }).click();
    await expect(cartItems(page)).toHaveCount(1);
    await expect(cartItems(page).first()).toContainText(FIRST.name);
    await expect(panel.getByTestId('cart-total')).toHaveText(dollars(FIRST.price));

    await panel.getByRole('button', { name: `Remove ${FIRST.name}` }).click();
    await expect(cartItems(page)).toHaveCount(0);
    await expect(panel.getByText(EMPTY_CART)).toBeVisible();
    await expect(panel.getByTestId('cart-total')).toHaveText('$0');
    await expect(panel.getByRole('button', { name: 'Checkout' })).toHaveCount(0);

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
    await expect(cartButton(page)).toBeFocused();
  });

  test('Checkout creates a pending booking and empties the cart', async ({ page }) => {
    await gotoLanding(page);
    await addToCart(page, FIRST.name);
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');
    const panel = await openCart(page);

    const created = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/bookings' &&
        response.request().method() === 'POST',
    );
    await panel.getByRole('button', { name: 'Checkout' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const booking = (await response.json()) as {
      id: string;
      status: string;
      paymentStatus: string;
      totalAmount: string;
      currency: string;
    };

    const confirmation = panel.getByRole('status').filter({ hasText: 'Booking created' });
    await expect(confirmation).toBeVisible();
    await expect(confirmation).toContainText(FIRST.name);
    await expect(confirmation).toContainText(dollars(FIRST.price));
    await expect(confirmation).toContainText('pending payment');
    await expect(confirmation).toContainText(booking.id.slice(0, 8).toUpperCase());
    await expect(cartItems(page)).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Checkout' })).toHaveCount(0);
    await expect(panel.getByTestId('cart-total')).toHaveText('$0');

    // The server holds the booking, pending, for the amount of the cart.
    expect(booking.status).toBe('pending');
    expect(booking.paymentStatus).toBe('pending');
    expect(booking.currency).toBe('USD');
    expect(Number(booking.totalAmount)).toBe(FIRST.price);
    const stored = await page.request.get(`/api/bookings/${booking.id}`);
    expect(stored.status()).toBe(200);
    expect(((await stored.json()) as { id: string }).id).toBe(booking.id);

    await panel.getByRole('button', { name: 'Close cart' }).click();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  });

  test('a failing checkout shows the Booking Failed toast and keeps the items', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(failedResourceLog(500));
    await page.route('**/api/bookings', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            json: {
              statusCode: 500,
              error: 'Internal Server Error',
              message: 'The booking service is down',
            },
          })
        : route.continue(),
    );
    await gotoLanding(page);
    await addToCart(page, FIRST.name);
    await addToCart(page, SECOND.name);
    const panel = await openCart(page);
    await panel.getByRole('button', { name: 'Checkout' }).click();

    // The modal panel hides the rest of the page (toasts included) from the accessibility tree;
    // Radix announces the toast through its own live region meanwhile.
    const toast = page
      .getByRole('region', { name: /^Notifications/, includeHidden: true })
      .getByRole('listitem', { includeHidden: true })
      .filter({ hasText: 'Booking Failed' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('The booking service is down');
    // The destructive variant: white text on red (the default toast is dark text on white).
    await expect(toast).toHaveCSS('color', 'rgb(255, 255, 255)');

    await expect(panel.getByText('Booking created')).toHaveCount(0);
    await expect(cartItems(page)).toHaveCount(2);
    await expect(panel.getByTestId('cart-total')).toHaveText(dollars(FIRST.price + SECOND.price));
    await expect(panel.getByRole('button', { name: 'Checkout' })).toBeEnabled();

    await panel.getByRole('button', { name: 'Close cart' }).click();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');
  });

  test('a double-clicked Add to Cart adds one line, and a double-clicked Checkout of three currencies makes three bookings', async ({
    page,
  }) => {
    await gotoLanding(page);
    const names = [TIMBERLINE, 'Banff National Park', 'Ashford Castle'];
    for (const name of names) {
      await destinationCard(page, name)
        .getByRole('button', { name: `Add to Cart: ${name}` })
        .dblclick();
    }
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 3 items');
    const panel = await openCart(page);
    await expect(cartItems(page)).toHaveCount(3);

    await panel.getByRole('button', { name: 'Checkout' }).dblclick();
    await expect(panel.getByRole('status').filter({ hasText: '3 bookings created' })).toBeVisible();
    // One booking per currency, whatever the second click did.
    const bookings = (await (await page.request.get('/api/bookings')).json()) as {
      currency: string;
    }[];
    expect(bookings.map((b) => b.currency).sort()).toEqual(['CAD', 'EUR', 'USD']);
  });

  test('Checkout tried again after its answer was lost books once (its Idempotency-Key)', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/Failed to load resource: net::ERR_CONNECTION_RESET/);
    const keys: (string | undefined)[] = [];
    await page.route('**/api/bookings', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      keys.push(route.request().headers()['idempotency-key']);
      if (keys.length > 1) return route.continue();
      // The server books, and the answer never reaches the browser.
      await route.fetch();
      return route.abort('connectionreset');
    });
    await gotoLanding(page);
    await addToCart(page, FIRST.name);
    const panel = await openCart(page);
    await panel.getByRole('button', { name: 'Checkout' }).click();
    await expect(panel.getByRole('alert')).toContainText('Booking Failed');
    await expect(cartItems(page)).toHaveCount(1);

    await panel.getByRole('button', { name: 'Checkout' }).click();
    await expect(panel.getByRole('status').filter({ hasText: 'Booking created' })).toBeVisible();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(keys[1]).toBe(keys[0]);
    const bookings = (await (await page.request.get('/api/bookings')).json()) as unknown[];
    expect(bookings).toHaveLength(1);
  });

  test('has no axe violations with the cart panel open', async ({ page, checkA11y }) => {
    await gotoLanding(page);
    await addToCart(page, FIRST.name);
    await addToCart(page, SECOND.name);
    await openCart(page);
    await expect(cartItems(page)).toHaveCount(2);
    await checkA11y(page);
  });
});
