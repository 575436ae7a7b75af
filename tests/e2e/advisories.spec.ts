import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const HIDDEN_24H_KEY = 'advisory-hidden-24h';
const LEVEL_LABELS = {
  1: 'Exercise Normal Precautions',
  2: 'Exercise Increased Caution',
  3: 'Reconsider Travel',
  4: 'Do Not Travel',
} as const;

interface Advisory {
  country: string;
  level: 1 | 2 | 3 | 4;
}

const banner = (page: Page) => page.getByRole('region', { name: 'Travel Advisory Alert' });
const advisoriesSection = (page: Page) => page.getByRole('region', { name: 'Travel Advisories' });

async function fetchAdvisories(page: Page): Promise<Advisory[]> {
  const response = await page.request.get('/api/advisories');
  expect(response.ok()).toBe(true);
  return (await response.json()) as Advisory[];
}

/** Opens the landing page and waits for the advisories to have loaded (the section lists them). */
async function gotoLanding(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(advisoriesSection(page).getByRole('heading', { name: 'Level 4' })).toBeVisible();
}

const storedHideTime = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), HIDDEN_24H_KEY);

test.describe('advisory banner', () => {
  test('states the highest level and the number of serious advisories', async ({ page }) => {
    const advisories = await fetchAdvisories(page);
    expect(advisories.length).toBeGreaterThan(0);
    const highest = Math.max(...advisories.map((a) => a.level));
    const serious = advisories.filter((a) => a.level >= 3).length;

    await gotoLanding(page);
    const alert = banner(page);
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('heading', { name: 'Travel Advisory Alert' })).toBeVisible();
    await expect(alert).toContainText(
      `detected Level ${highest} advisories for ${serious} ${serious === 1 ? 'destination' : 'destinations'}.`,
    );
    await expect(alert.getByRole('button', { name: 'View Details' })).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Hide for 24h' })).toBeVisible();
    await expect(
      alert.getByRole('button', { name: 'Dismiss the advisory alert for this session' }),
    ).toBeVisible();
  });

  test('its text keeps a readable width beside its buttons on a phone, at a larger font too', async ({
    page,
  }) => {
    for (const [width, fontSize] of [
      [320, '100%'],
      [412, '100%'],
      [412, '200%'],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await gotoLanding(page);
      await page.evaluate((size) => (document.documentElement.style.fontSize = size), fontSize);
      // "Travel Advisory Alert" takes a line, or two at twice the font: never a word a line.
      const heading = banner(page).getByRole('heading', { name: 'Travel Advisory Alert' });
      const lines = await heading.evaluate((element) => {
        const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
        return Math.round(element.getBoundingClientRect().height / lineHeight);
      });
      expect(lines, `${width} px wide, font ${fontSize}`).toBeLessThanOrEqual(2);
    }
  });

  test('the sentence follows the list it is given', async ({ page }) => {
    await page.route('**/api/advisories', (route) =>
      route.fulfill({
        json: [
          {
            countryCode: 'CO',
            country: 'Colombia',
            level: 3,
            title: 'Colombia - Level 3: Reconsider Travel',
            summary: 'Crime and kidnapping.',
            updatedAt: '2025-04-17',
            source: 'https://travel.state.gov/',
          },
          {
            countryCode: 'FR',
            country: 'France',
            level: 2,
            title: 'France - Level 2: Exercise Increased Caution',
            summary: 'Terrorism and civil unrest.',
            updatedAt: '2025-05-28',
            source: 'https://travel.state.gov/',
          },
        ],
      }),
    );
    await gotoLanding(page);
    await expect(banner(page)).toContainText('detected Level 3 advisories for 1 destination.');
  });

  test('View Details lists the advisories in a dialog; Escape returns focus', async ({
    page,
    checkA11y,
  }) => {
    const advisories = await fetchAdvisories(page);
    await gotoLanding(page);
    const viewDetails = banner(page).getByRole('button', { name: 'View Details' });
    await viewDetails.click();

    const dialog = page.getByRole('dialog', { name: 'Travel advisories' });
    await expect(dialog).toBeVisible();
    const items = dialog.getByRole('listitem');
    await expect(items).toHaveCount(advisories.length);
    await expect(items.filter({ hasText: 'Myanmar' })).toHaveCount(1);
    await expect(items.filter({ hasText: 'Myanmar' })).toContainText('Do Not Travel');
    // Most serious first.
    await expect(items.first()).toContainText('Level 4');
    await expect(items.last()).toContainText('Level 1');
    await checkA11y(page);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(viewDetails).toBeFocused();
  });

  test('Hide for 24h hides it across reloads until 24 hours have passed', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-11-21T10:00:00Z') });
    await gotoLanding(page);
    await expect(banner(page)).toBeVisible();

    await banner(page).getByRole('button', { name: 'Hide for 24h' }).click();
    await expect(banner(page)).toHaveCount(0);
    const stored = Number(await storedHideTime(page));
    expect(stored).toBeGreaterThanOrEqual(Date.parse('2026-11-21T10:00:00Z'));
    expect(stored).toBeLessThan(Date.parse('2026-11-21T10:01:00Z'));

    await page.reload();
    await gotoLanding(page);
    await expect(banner(page)).toHaveCount(0);

    // 23 hours 59 minutes later: still hidden.
    await page.clock.setSystemTime(new Date('2026-11-22T09:59:00Z'));
    await page.reload();
    await gotoLanding(page);
    await expect(banner(page)).toHaveCount(0);
    expect(await storedHideTime(page)).toBe(String(stored));

    // Past 24 hours: back, and the stored time is gone.
    await page.clock.setSystemTime(new Date('2026-11-22T10:01:00Z'));
    await page.reload();
    await gotoLanding(page);
    await expect(banner(page)).toBeVisible();
    expect(await storedHideTime(page)).toBeNull();
  });

  test('hiding it says when it comes back and moves focus to the page heading', async ({
    page,
  }) => {
    await gotoLanding(page);
    const hide = banner(page).getByRole('button', { name: 'Hide for 24h' });
    await hide.focus();
    await page.keyboard.press('Enter');
    await expect(banner(page)).toHaveCount(0);
    await expect(
      page
        .getByRole('region', { name: /^Notifications/ })
        .getByRole('listitem')
        .filter({ hasText: 'Advisory alert hidden for 24 hours' }),
    ).toBeVisible();
    // Focus is not lost with the removed button.
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('X dismisses it for the session only', async ({ page, browser, baseURL }) => {
    await gotoLanding(page);
    await banner(page)
      .getByRole('button', { name: 'Dismiss the advisory alert for this session' })
      .click();
    await expect(banner(page)).toHaveCount(0);
    expect(await storedHideTime(page)).toBeNull();

    await page.reload();
    await gotoLanding(page);
    await expect(banner(page)).toHaveCount(0);

    // A new browser session shows it again.
    const context = await browser.newContext({ baseURL });
    try {
      const other = await context.newPage();
      await gotoLanding(other);
      await expect(banner(other)).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('an empty advisory list shows no banner', async ({ page }) => {
    await page.route('**/api/advisories', (route) => route.fulfill({ json: [] }));
    await page.goto('/');
    const section = advisoriesSection(page);
    await expect(section.getByText('No country on our list is at this level.')).toHaveCount(4);
    await expect(banner(page)).toHaveCount(0);
    await expect(page.getByText('Travel Advisory Alert')).toHaveCount(0);
  });
});

test.describe('advisory section', () => {
  test('shows the four levels with their labels and countries', async ({ page }) => {
    const advisories = await fetchAdvisories(page);
    await gotoLanding(page);
    const section = advisoriesSection(page);
    await expect(
      section.getByRole('heading', { level: 2, name: 'Travel Advisories' }),
    ).toBeVisible();

    const levels = section.getByRole('listitem').filter({
      has: page.getByRole('heading', { level: 3, name: /^Level [1-4]$/ }),
    });
    await expect(levels).toHaveCount(4);
    for (const level of [1, 2, 3, 4] as const) {
      const card = levels.nth(level - 1);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(`Level ${level}`);
      await expect(card).toContainText(LEVEL_LABELS[level]);
      const count = advisories.filter((a) => a.level === level).length;
      await expect(card).toContainText(
        count === 0
          ? 'No country on our list is at this level.'
          : `${count} ${count === 1 ? 'country' : 'countries'}`,
      );
    }

    // Opening Level 4 lists its countries.
    await levels
      .nth(3)
      .getByText(/^\d+ countr(y|ies)$/)
      .click();
    await expect(levels.nth(3).getByText('Myanmar', { exact: true })).toBeVisible();
  });
});
