import type { Page } from '@playwright/test';
import { APP_ROUTES } from '../../contracts/routes';
import { expect, test } from './fixtures';
import { openSettled } from './helpers';

/*
 * Issue 28, the reader's own display settings. WCAG 1.4.4: travellers who set a larger default text size in their browser (Chrome's
 * "Large" is 125%) get every page without sideways scrolling and with every header control on
 * screen. The setting is Chromium's own (CDP Page.setFontSizes), so media queries in rem move with
 * it as they do for a reader; the header also collapses to its Menu button whenever its row does
 * not fit, measured in the browser (client/shell/Header.tsx).
 */

const DEFAULT_TEXT_PX = 16;
const ROUTES = [
  APP_ROUTES.home,
  APP_ROUTES.flightPlan,
  APP_ROUTES.emergencyInfo,
  APP_ROUTES.account,
  APP_ROUTES.paymentDemo,
  APP_ROUTES.mediaGallery,
  APP_ROUTES.bookings,
  APP_ROUTES.privacy,
];

async function setDefaultTextSize(page: Page, percent: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.enable');
  await cdp.send('Page.setFontSizes', {
    fontSizes: { standard: Math.round((DEFAULT_TEXT_PX * percent) / 100) },
  });
}

/** What leaves the screen sideways: the page's extra width and each header control past its edge. */
async function outsideTheScreen(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const controls = Array.from(document.querySelectorAll<HTMLElement>('header a, header button'))
      .filter((control) => control.getClientRects().length > 0)
      .filter((control) => {
        const box = control.getBoundingClientRect();
        return box.right > width + 1 || box.left < -1;
      })
      .map((control) => control.getAttribute('aria-label') ?? control.textContent?.trim());
    return { extraWidth: Math.max(0, document.documentElement.scrollWidth - width), controls };
  });
}

/** The share of the screen's height the header takes. */
const headerShare = (page: Page) =>
  page
    .locator('header')
    .first()
    .evaluate((header) => header.getBoundingClientRect().height / window.innerHeight);

test.describe('a larger default text size', () => {
  for (const percent of [125, 150, 200]) {
    test(`at ${percent}% every page fits the screen, header included`, async ({ page }) => {
      await setDefaultTextSize(page, percent);
      for (const route of ROUTES) {
        await page.goto(route);
        await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        expect(await outsideTheScreen(page), `${route} at ${percent}%`).toEqual({
          extraWidth: 0,
          controls: [],
        });
        // The sticky header leaves the page its room: its words are never squeezed letter by
        // letter into a tall column (the site's name breaks between words or is read, not shown).
        expect(await headerShare(page), `${route} at ${percent}%: header height`).toBeLessThan(0.2);
      }
    });
  }

  test('a 200-character unbroken trip title, destination and item name cause no sideways scroll', async ({
    page,
  }) => {
    const long = 'W'.repeat(200);
    await openSettled(page, APP_ROUTES.flightPlan);
    const trip = await page.request.post('/api/trip-planners', {
      data: {
        title: long,
        destination: `https://example.com/${'x'.repeat(150)}`,
        startDate: '2026-12-01',
        endDate: '2026-12-05',
      },
    });
    expect(trip.status()).toBe(201);
    const { id } = (await trip.json()) as { id: string };
    const item = await page.request.post('/api/planner-items', {
      data: {
        plannerId: id,
        itemName: long,
        itemType: 'activity',
        scheduledDate: '2026-12-02',
        notes: long,
      },
    });
    expect(item.status()).toBe(201);
    for (const percent of [100, 200]) {
      await setDefaultTextSize(page, percent);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
      await expect(page.getByRole('heading', { level: 2, name: long })).toBeVisible();
      await expect(page.getByText(long).first()).toBeVisible();
      expect(await outsideTheScreen(page), `at ${percent}%`).toEqual({
        extraWidth: 0,
        controls: [],
      });
    }
  });

  test('a header whose row no longer fits collapses to its Menu, which holds the pages and the account', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'mobile', 'the phone shows the Menu at every size');
    await page.goto(APP_ROUTES.flightPlan);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
    const main = page.getByRole('navigation', { name: 'Main' });
    await expect(main).toBeVisible();
    await expect(page.locator('header')).toHaveAttribute('data-layout', 'full');
    // Wider letters, as a longer translation or a reader's own style sheet would make them.
    await page.addStyleTag({ content: 'header nav { letter-spacing: 0.4em; }' });
    await expect(page.locator('header')).toHaveAttribute('data-layout', 'compact');
    await expect(main).toBeHidden();
    expect(await outsideTheScreen(page)).toEqual({ extraWidth: 0, controls: [] });
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.getByRole('menu', { name: 'Menu' });
    await expect(menu.getByRole('group', { name: 'Pages' })).toBeVisible();
    await expect(menu.getByRole('group', { name: 'Your account' })).toBeVisible();
  });
});

/** Whether each control has a visible edge of its own: a border the system colours paint. */
async function controlsWithoutEdge(page: Page, controls: ReturnType<Page['getByRole']>[]) {
  const missing: string[] = [];
  for (const control of controls) {
    const edge = await control.evaluate((element) => {
      const style = getComputedStyle(element);
      return parseFloat(style.borderTopWidth) > 0 && style.borderTopStyle !== 'none';
    });
    if (!edge) missing.push(String(control));
  }
  return missing;
}

test.describe('forced colours (Windows High Contrast)', () => {
  test('filled buttons and call links keep their outline when the system drops their fill', async ({
    page,
  }) => {
    await page.emulateMedia({ forcedColors: 'active' });
    await page.goto(APP_ROUTES.home);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
    const home = [
      page.getByRole('main').getByRole('button', { name: 'Join Beta Testing' }).first(),
      page.getByRole('button', { name: /^Chat with Beth/ }),
    ];
    if ((page.viewportSize()?.width ?? 0) >= 640) {
      home.push(page.getByRole('banner').getByRole('link', { name: 'Plan Trip' }));
    }
    for (const control of home) await expect(control).toBeVisible();
    expect(await controlsWithoutEdge(page, home)).toEqual([]);

    await page.goto(APP_ROUTES.emergencyInfo);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
    // A country's card: the every-country list waits behind Show all.
    await page.getByRole('searchbox', { name: 'Search by country' }).fill('pt');
    const calls = [
      page.getByRole('link', { name: /^Call \d+, the emergency number/ }).first(),
      page.getByRole('link', { name: /^Dial 988/ }).first(),
    ];
    for (const control of calls) await expect(control).toBeVisible();
    expect(await controlsWithoutEdge(page, calls)).toEqual([]);
  });
});
