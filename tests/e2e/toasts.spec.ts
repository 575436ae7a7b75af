import { expect, test } from './fixtures';
import {
  cartButton,
  cartPanel,
  destinationCard,
  failedResourceLog,
  gotoLanding,
  notifications,
  TIMBERLINE,
} from './helpers';

/** How close to a viewport edge the toast must sit (the viewport has 16 px of padding). */
const EDGE_PX = 40;

test('toasts sit at the bottom right on desktop and at the top on mobile', async ({
  page,
}, testInfo) => {
  await gotoLanding(page);
  await destinationCard(page, TIMBERLINE)
    .getByRole('button', { name: `Add to Cart: ${TIMBERLINE}` })
    .click();
  const toast = notifications(page).getByRole('listitem').filter({ hasText: 'Added to cart' });
  await expect(toast).toBeVisible();
  // Let the 200 ms entry animation finish before measuring.
  await toast.evaluate((node) => Promise.all(node.getAnimations().map((a) => a.finished)));

  const viewport = page.viewportSize();
  const box = await toast.boundingBox();
  expect(viewport).not.toBeNull();
  expect(box).not.toBeNull();
  if (!viewport || !box) return;

  if (testInfo.project.name === 'mobile') {
    expect(box.y, 'toast top edge').toBeLessThan(EDGE_PX);
    expect(box.y + box.height, 'toast bottom edge').toBeLessThan(viewport.height / 2);
  } else {
    expect(viewport.height - (box.y + box.height), 'gap below the toast').toBeLessThan(EDGE_PX);
    expect(viewport.width - (box.x + box.width), 'gap right of the toast').toBeLessThan(EDGE_PX);
    expect(box.x, 'toast left edge').toBeGreaterThan(viewport.width / 2);
    expect(box.width, 'toast width (spec §9: at most 420 px)').toBeLessThanOrEqual(420);
  }
});

/** Whether two boxes share any area. */
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
type Box = { x: number; y: number; width: number; height: number };

test('a toast over the open cart leaves its Checkout clear', async ({
  page,
  consoleGuard,
}, testInfo) => {
  consoleGuard.allow(failedResourceLog(500));
  await page.route('**/api/bookings', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { message: 'The booking service is down' } })
      : route.continue(),
  );
  await gotoLanding(page);
  await destinationCard(page, TIMBERLINE)
    .getByRole('button', { name: `Add to Cart: ${TIMBERLINE}` })
    .click();
  await cartButton(page).click();
  const panel = cartPanel(page);
  const checkout = panel.getByRole('button', { name: 'Checkout' });
  await checkout.click();

  // The modal panel hides the rest of the page from the accessibility tree, toasts included.
  const toast = page
    .getByRole('region', { name: /^Notifications/, includeHidden: true })
    .getByRole('listitem', { includeHidden: true })
    .filter({ hasText: 'Booking Failed' });
  await expect(toast).toBeVisible();
  await toast.evaluate((node) => Promise.all(node.getAnimations().map((a) => a.finished)));

  const toastBox = await toast.boundingBox();
  const checkoutBox = await checkout.boundingBox();
  expect(toastBox).not.toBeNull();
  expect(checkoutBox).not.toBeNull();
  if (!toastBox || !checkoutBox) return;
  expect(overlaps(toastBox, checkoutBox), 'the toast over Checkout').toBe(false);
  if (testInfo.project.name !== 'mobile') {
    // Beside the panel, where it covers none of the cart (on a phone the panel is the screen).
    const panelBox = await panel.boundingBox();
    expect(panelBox).not.toBeNull();
    if (panelBox) expect(overlaps(toastBox, panelBox), 'the toast over the cart').toBe(false);
  }
  // And the pointer reaches Checkout: nothing lies on top of it.
  await checkout.click({ trial: true });
});
