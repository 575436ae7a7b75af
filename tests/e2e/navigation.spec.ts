import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { gotoLanding, holdScript, tabTo } from './helpers';

/** The header's five groups (spec §2) and, for each, its items in order. */
const MENUS: { label: string; items: string[] }[] = [
  {
    label: 'Flight Plan',
    items: [
      'Flights',
      'Hotels & Resorts',
      'Rental Cars',
      'Cruises',
      'Trains',
      'Buses',
      'Camping',
      'Hunting Camp',
      'Retreats',
    ],
  },
  {
    label: 'Wheels Up',
    items: [
      'Maps & Navigation',
      'Rideshare',
      'Dining',
      'Cannabis Rules by Destination',
      'Attractions',
      'Shopping',
      'Museums',
      'Historical Facts',
      'Daily Schedule',
    ],
  },
  { label: 'Touchdown', items: ['Booking History', 'Reviews & Feedback', 'Final Trip Receipt'] },
  {
    label: 'Travel Intel',
    items: [
      'Safety Alerts',
      'Crowd Scale',
      'Safe Areas',
      'Travel Hacks',
      'Recommended Gear',
      'Accessibility Features',
      'Partner Products',
      'Emergency Info',
    ],
  },
  { label: 'Share Itinerary', items: ['Email', 'SMS', 'Social Media', 'Privacy Options'] },
];

const DESKTOP_ONLY = 'the five dropdown groups are shown from the lg breakpoint; mobile has Menu';
const MOBILE_ONLY = 'the Menu button is hidden from the lg breakpoint up';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const trigger = (page: Page, label: string) =>
  mainNav(page).getByRole('button', { name: label, exact: true });
const menu = (page: Page, label: string) => page.getByRole('menu', { name: label, exact: true });
const mobileMenuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });

/**
 * An item's accessible name: its label, then ", Coming soon" for an item without a page (Chromium
 * puts a space between the label and the comma, as the item lays its parts out in flex).
 */
const itemName = (label: string) =>
  new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( ?, Coming soon)?$`);

/** Whether the element (or something inside it) has focus. */
const holdsFocus = (locator: Locator) =>
  locator.evaluate(
    (node) => node === document.activeElement || node.contains(document.activeElement),
  );

async function openWithKeyboard(page: Page, label: string, key: 'Enter' | 'ArrowDown') {
  await trigger(page, label).focus();
  await page.keyboard.press(key);
  const opened = menu(page, label);
  await expect(opened).toBeVisible();
  await expect(trigger(page, label)).toHaveAttribute('aria-expanded', 'true');
  return opened;
}

test.describe('desktop menus', () => {
  // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring pattern.
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name === 'mobile', DESKTOP_ONLY);
  });

  for (const [index, { label, items }] of MENUS.entries()) {
    test(`${label} opens by keyboard, lists its items, and Escape returns focus`, async ({
      page,
    }) => {
      await gotoLanding(page);
      const opened = await openWithKeyboard(page, label, index % 2 === 0 ? 'Enter' : 'ArrowDown');
      const menuItems = opened.getByRole('menuitem');
      await expect(menuItems).toHaveCount(items.length);
      for (const [i, item] of items.entries()) {
        await expect(menuItems.nth(i)).toHaveAccessibleName(itemName(item));
      }
      await expect.poll(() => holdsFocus(opened)).toBe(true);

      // The arrow keys move between the items ("Coming soon" ones included), down and back up.
      await expect(menuItems.first()).toBeFocused();
      if (items.length > 1) {
        await page.keyboard.press('ArrowDown');
        await expect(menuItems.nth(1)).toBeFocused();
        await page.keyboard.press('ArrowUp');
        await expect(menuItems.first()).toBeFocused();
        await page.keyboard.press('End');
        await expect(menuItems.last()).toBeFocused();
      }

      await page.keyboard.press('Escape');
      await expect(opened).toBeHidden();
      await expect(trigger(page, label)).toBeFocused();
      await expect(trigger(page, label)).toHaveAttribute('aria-expanded', 'false');
    });
  }

  test('the arrow keys reach every item, "Coming soon" ones included', async ({ page }) => {
    // WAI-ARIA APG (menu pattern): disabled menu items stay focusable, so keyboard and screen
    // reader users can find out they exist. Otherwise a menu of "Coming soon" items is silent.
    await gotoLanding(page);
    for (const { label, items } of MENUS) {
      const opened = await openWithKeyboard(page, label, 'Enter');
      const menuItems = opened.getByRole('menuitem');
      await expect(menuItems.first(), `${label}: the first item has focus`).toBeFocused();
      for (let i = 1; i < items.length; i++) {
        await page.keyboard.press('ArrowDown');
        await expect(menuItems.nth(i), `${label}: ArrowDown reaches ${items[i]}`).toBeFocused();
      }
      await page.keyboard.press('Escape');
      await expect(opened).toBeHidden();
      // Focus goes back to the trigger once the menu has closed. Moving on before it arrived let
      // the next menu open and then close again, once in a CI run (found by no item).
      await expect(trigger(page, label)).toBeFocused();
    }
  });

  test('Travel Intel > Emergency Info, chosen by keyboard, opens /emergency-info', async ({
    page,
  }) => {
    await gotoLanding(page);
    const opened = await openWithKeyboard(page, 'Travel Intel', 'Enter');
    const emergency = opened.getByRole('menuitem', { name: 'Emergency Info' });
    for (let presses = 0; presses < 8; presses++) {
      if (await emergency.evaluate((node) => node === document.activeElement)) break;
      await page.keyboard.press('ArrowDown');
    }
    await expect(emergency).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/emergency-info');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Emergency Information' }),
    ).toBeVisible();
    await expect(opened).toBeHidden();
  });

  test('a "Coming soon" item is disabled and says so', async ({ page }) => {
    await gotoLanding(page);
    const opened = await openWithKeyboard(page, 'Touchdown', 'Enter');
    const item = opened.getByRole('menuitem', { name: /^Reviews & Feedback/ });
    await expect(item).toHaveAttribute('aria-disabled', 'true');
    await expect(item).toHaveAccessibleName(/^Reviews & Feedback ?, Coming soon$/);
    await expect(item).toContainText('Coming soon');

    await item.click({ force: true });
    await expect(page).toHaveURL('/');
  });

  test('Flight Plan > Flights goes to /flight-plan', async ({ page }) => {
    await gotoLanding(page);
    await trigger(page, 'Flight Plan').click();
    await menu(page, 'Flight Plan').getByRole('menuitem', { name: 'Flights' }).click();
    await expect(page).toHaveURL('/flight-plan');
    await expect(page.getByRole('heading', { level: 1, name: 'Flight Plan' })).toBeVisible();
  });

  test('has no axe violations with a menu open', async ({ page, checkA11y }) => {
    await gotoLanding(page);
    await openWithKeyboard(page, 'Travel Intel', 'Enter');
    await checkA11y(page);
  });

  test('Plan Trip goes to /flight-plan', async ({ page }) => {
    await gotoLanding(page);
    await page.getByRole('banner').getByRole('link', { name: 'Plan Trip' }).click();
    await expect(page).toHaveURL('/flight-plan');
    await expect(page.getByRole('heading', { level: 1, name: 'Flight Plan' })).toBeFocused();
  });
});

test.describe('mobile menu', () => {
  // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring pattern.
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'mobile', MOBILE_ONLY);
  });

  test('lists the page sections and the pages', async ({ page }) => {
    await gotoLanding(page);
    await expect(mainNav(page)).toBeHidden();
    await mobileMenuButton(page).click();
    const opened = menu(page, 'Menu');
    await expect(opened).toBeVisible();
    const sections = opened.getByRole('group', { name: 'On the home page' });
    for (const name of [
      'Search',
      'Destinations',
      'Travel Advisories',
      'Accessibility Support',
      'Our Team',
    ]) {
      await expect(sections.getByRole('menuitem', { name })).toHaveAttribute('href', /^\/#[a-z]+$/);
    }
    await expect(
      opened.getByRole('group', { name: 'Pages' }).getByRole('menuitem', { name: 'Media Gallery' }),
    ).toHaveAttribute('href', '/media-gallery');
  });

  test('Travel Advisories scrolls to the advisories section', async ({ page }) => {
    await gotoLanding(page);
    const heading = page.getByRole('heading', { level: 2, name: 'Travel Advisories' });
    await expect(heading).not.toBeInViewport();

    await mobileMenuButton(page).click();
    await menu(page, 'Menu').getByRole('menuitem', { name: 'Travel Advisories' }).click();
    await expect(page).toHaveURL('/#advisories');
    await expect(heading).toBeInViewport();
    await expect(heading).toBeFocused();
  });

  test('Media Gallery goes to /media-gallery', async ({ page }) => {
    await gotoLanding(page);
    await mobileMenuButton(page).click();
    await menu(page, 'Menu').getByRole('menuitem', { name: 'Media Gallery' }).click();
    await expect(page).toHaveURL('/media-gallery');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Travel Media Gallery' }),
    ).toBeVisible();
  });

  test('opens by keyboard; Escape closes it and returns focus', async ({ page }) => {
    await gotoLanding(page);
    await mobileMenuButton(page).focus();
    await page.keyboard.press('Enter');
    const opened = menu(page, 'Menu');
    await expect(opened).toBeVisible();
    const first = opened.getByRole('menuitem', { name: 'Search' });
    await expect(first).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(opened.getByRole('menuitem', { name: 'Destinations' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(opened).toBeHidden();
    await expect(mobileMenuButton(page)).toBeFocused();
  });

  test('the Menu’s Flight Plan page link goes to /flight-plan', async ({ page }) => {
    // Plan Trip is shown from 640 px up; on a phone the planner is in the Menu.
    await gotoLanding(page);
    await mobileMenuButton(page).click();
    await menu(page, 'Menu')
      .getByRole('group', { name: 'Pages' })
      .getByRole('menuitem', { name: 'Flight Plan' })
      .click();
    await expect(page).toHaveURL('/flight-plan');
    await expect(page.getByRole('heading', { level: 1, name: 'Flight Plan' })).toBeVisible();
  });

  test('has no axe violations with the Menu open', async ({ page, checkA11y }) => {
    await gotoLanding(page);
    await mobileMenuButton(page).click();
    await expect(menu(page, 'Menu')).toBeVisible();
    await checkA11y(page);
  });
});

test.describe('menus used before their code has loaded', () => {
  test('a menu opened by keyboard opens with its first item focused', async ({
    page,
  }, testInfo) => {
    const release = await holdScript(page, 'NavigationMenus');
    await page.goto('/');
    const mobile = testInfo.project.name === 'mobile';
    const button = mobile ? mobileMenuButton(page) : trigger(page, 'Touchdown');
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await button.focus();
    await page.keyboard.press('Enter');
    release();
    const opened = menu(page, mobile ? 'Menu' : 'Touchdown');
    await expect(opened).toBeVisible();
    await expect(opened.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(opened).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('a trigger holding focus keeps it when the menu code arrives', async ({
    page,
  }, testInfo) => {
    const release = await holdScript(page, 'NavigationMenus');
    await page.goto('/');
    const button =
      testInfo.project.name === 'mobile' ? mobileMenuButton(page) : trigger(page, 'Flight Plan');
    await button.focus();
    release();
    // The real trigger has replaced the stand-in (Radix gives it an id; the stand-in has none).
    await expect(button).toHaveAttribute('id', /.+/);
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
  });

  test('a trigger reached by Tab on a pre-rendered page keeps focus when the menu code arrives', async ({
    page,
  }, testInfo) => {
    const release = await holdScript(page, 'NavigationMenus');
    await page.goto('/contact');
    const button =
      testInfo.project.name === 'mobile' ? mobileMenuButton(page) : trigger(page, 'Travel Intel');
    await tabTo(page, button);
    release();
    await expect(button).toHaveAttribute('id', /.+/);
    await expect(button).toBeFocused();
  });

  test('a click opens the menu', async ({ page }, testInfo) => {
    const release = await holdScript(page, 'NavigationMenus');
    await page.goto('/');
    const mobile = testInfo.project.name === 'mobile';
    await (mobile ? mobileMenuButton(page) : trigger(page, 'Wheels Up')).click();
    release();
    await expect(menu(page, mobile ? 'Menu' : 'Wheels Up')).toBeVisible();
  });
});

test.describe('team section and footer', () => {
  test('the team section shows four members and the full roster', async ({ page, checkA11y }) => {
    await gotoLanding(page);
    const team = page.getByRole('region', { name: 'Meet Your Human + AI Team' });
    await expect(team.getByRole('heading', { level: 2 })).toHaveText('Meet Your Human + AI Team');
    const members = team.getByRole('heading', { level: 3 });
    await expect(members).toHaveText([
      'Beth',
      'AI Safety Manager',
      'AI Accessibility Manager',
      'AI Budget Manager',
    ]);
    for (const role of ['Coordinator', 'Safety', 'Accessibility', 'Finance']) {
      await expect(team.getByText(role, { exact: true })).toBeVisible();
    }

    const refreshed = team.getByText(/^Advisories refreshed \d+ min ago$/);
    await expect(refreshed).toBeVisible();
    const minutes = Number(/(\d+)/.exec(await refreshed.innerText())?.[1]);
    expect(minutes).toBeGreaterThanOrEqual(1);
    expect(minutes).toBeLessThanOrEqual(10);

    const rosterButton = team.getByRole('button', { name: 'See the full AI roster' });
    await rosterButton.click();
    const roster = page.getByRole('dialog', { name: 'The full AI roster' });
    await expect(roster).toBeVisible();
    await expect(roster.getByRole('heading', { level: 3 })).toHaveCount(4);
    await checkA11y(page);
    await page.keyboard.press('Escape');
    await expect(roster).toBeHidden();
    await expect(rosterButton).toBeFocused();
  });

  test('the footer shows the notices and share links that open in a new tab', async ({ page }) => {
    await gotoLanding(page);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(/seller-of-travel registration/)).toBeVisible();
    await expect(footer.getByText(/Payments on this site are a demonstration/)).toBeVisible();

    const external = footer.getByRole('link', { name: /^Share on .+ \(opens in a new tab\)$/ });
    expect(await external.count()).toBeGreaterThanOrEqual(1);
    for (const link of await external.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      // The link shares this site.
      await expect(link).toHaveAttribute(
        'href',
        new RegExp(encodeURIComponent(new URL(page.url()).origin)),
      );
    }
  });
});
