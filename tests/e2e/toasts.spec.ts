import { expect, test } from './fixtures';
import { destinationCard, gotoLanding, notifications, TIMBERLINE } from './helpers';

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
