import type { Page } from '@playwright/test';
import { DESTINATIONS } from '../../server/catalogue/destinations';
import { expect, test } from './fixtures';
import {
  BANFF,
  cartButton,
  failedResourceLog,
  gotoLanding,
  holdRequests,
  resultCount,
  resultsRegion,
  searchSection,
  TIMBERLINE,
} from './helpers';

const SEARCH_API = '**/api/search';
const QUICK_API = '**/api/search/quick';

const plotMyEscape = (page: Page) => page.getByRole('button', { name: 'Plot My Escape' });

/** Records the search calls the page makes (full and shortcut). */
function recordSearchCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/search')) calls.push(`${request.method()} ${pathname}`);
  });
  return calls;
}

/** The names of the destination cards shown in a results region. */
async function cardNames(page: Page, title = 'Search results'): Promise<string[]> {
  return resultsRegion(page, title)
    .getByRole('article')
    .evaluateAll((cards) =>
      cards.map((card) => card.querySelector('h3, h4, h5')?.textContent?.trim() ?? ''),
    );
}

test.describe('search panel', () => {
  test('To "national park" shows Searching... while pending, then the matching cards', async ({
    page,
  }) => {
    await gotoLanding(page);
    const release = await holdRequests(page, SEARCH_API);
    try {
      await page.getByLabel('To', { exact: true }).fill('national park');
      await plotMyEscape(page).click();

      const searching = page.getByRole('button', { name: 'Searching...' });
      await expect(searching).toBeVisible();
      await expect(searching).toBeDisabled();
      await expect(plotMyEscape(page)).toHaveCount(0);
      await expect(resultsRegion(page)).toContainText('Searching...');
    } finally {
      release();
    }

    const results = resultsRegion(page);
    await expect(results.getByRole('heading', { name: 'Search results' })).toBeVisible();
    const count = await resultCount(results);
    expect(count).toBeGreaterThan(1);
    await expect(results.getByRole('article')).toHaveCount(count);
    await expect(results.getByRole('article', { name: BANFF })).toBeVisible();

    // The national parks by name or by where they are (Milford Sound lies in Fiordland National
    // Park) come first, each showing its location; after them only places whose own text says
    // national park (Pearl Harbor is a National Park Service site): the whole text is searched.
    const named: boolean[] = [];
    for (const name of await cardNames(page)) {
      const entry = DESTINATIONS.find((d) => d.name === name);
      expect(entry, `${name} is in the catalogue`).toBeDefined();
      if (!entry) continue;
      named.push(`${entry.name} | ${entry.location}`.includes('National Park'));
      if (!named.at(-1)) expect(entry.description).toContain('National Park');
      await expect(results.getByRole('article', { name })).toContainText(entry.location);
    }
    expect(named[0]).toBe(true);
    expect(named).toEqual([...named].sort((a, b) => Number(b) - Number(a)));

    // The button is back and enabled.
    await expect(plotMyEscape(page)).toBeEnabled();
  });

  test('a need filter narrows the results: Neurodiversity drops Timberline Lodge', async ({
    page,
  }) => {
    await gotoLanding(page);
    const all = (await (await page.request.get('/api/destinations')).json()) as unknown[];
    expect(all.length).toBeGreaterThan(1);

    await plotMyEscape(page).click();
    const results = resultsRegion(page);
    await expect(results.getByText(`${all.length} destinations found`)).toBeVisible();
    expect(await resultCount(results)).toBe(all.length);
    await expect(results.getByRole('article', { name: TIMBERLINE })).toBeVisible();

    const neurodiversity = page.getByRole('checkbox', { name: 'Neurodiversity' });
    await neurodiversity.check();
    await expect(neurodiversity).toBeChecked();
    await plotMyEscape(page).click();
    await expect(results.getByText(`${all.length} destinations found`)).toHaveCount(0);
    const narrowed = await resultCount(results);
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(all.length);
    await expect(results.getByRole('article')).toHaveCount(narrowed);
    await expect(results.getByRole('article', { name: TIMBERLINE })).toHaveCount(0);
    await expect(results).toContainText('Neurodiversity');
  });

  test('a search that matches nothing says so', async ({ page }) => {
    await gotoLanding(page);
    await page.getByLabel('To', { exact: true }).fill('Atlantis');
    await plotMyEscape(page).click();

    const results = resultsRegion(page);
    await expect(results.getByText(/^No destinations match your search/)).toBeVisible();
    expect(await resultCount(results)).toBe(0);
    await expect(results.getByRole('article')).toHaveCount(0);
  });

  test('a query with a typo, or words from a description, finds the place (issue 28)', async ({
    page,
  }) => {
    await gotoLanding(page);
    const results = resultsRegion(page);
    for (const [typed, name] of [
      ['Yosemitee', 'Yosemite National Park'],
      ['Lake Louise', BANFF],
    ] as const) {
      await page.getByLabel('To', { exact: true }).fill(typed);
      await plotMyEscape(page).click();
      await expect(results).toContainText(`matching "${typed}"`);
      await expect(results.getByRole('article').first()).toHaveAccessibleName(name);
      expect(await resultCount(results)).toBeGreaterThan(0);
    }
  });

  test('results of an earlier search go when the dates of the next are refused', async ({
    page,
  }) => {
    await gotoLanding(page);
    await page.getByLabel('To', { exact: true }).fill('national park');
    await plotMyEscape(page).click();
    const results = resultsRegion(page);
    expect(await resultCount(results)).toBeGreaterThan(1);

    const calls = recordSearchCalls(page);
    await page.getByLabel('Check-in date').fill('2027-03-05');
    await page.getByLabel('Check-out date').fill('2027-03-01');
    await plotMyEscape(page).click();
    await expect(page.getByText('Check-out date cannot be before the check-in date')).toBeVisible();

    // Nothing was sent, and the earlier cards are gone rather than shown as this search's answer.
    await expect(results.getByRole('article')).toHaveCount(0);
    await expect(results.getByText(/^\d+ destinations? found/)).toHaveCount(0);
    await expect(results).toContainText('Not searched.');
    await expect(results).toContainText('The earlier results were cleared');
    await expect(
      searchSection(page).getByRole('status').filter({ hasText: 'Not searched' }),
    ).toContainText('Correct the dates in the form');

    // A shortcut refused the same way says so under its own title.
    await searchSection(page).getByRole('button', { name: 'Hotels Only', exact: true }).click();
    const hotels = resultsRegion(page, 'Hotels Only results');
    await expect(hotels).toContainText('Not searched.');
    await expect(hotels.getByRole('article')).toHaveCount(0);
    expect(calls).toEqual([]);

    // Fixed dates search again.
    await page.getByLabel('Check-out date').fill('2027-03-08');
    await plotMyEscape(page).click();
    await expect(results.getByText(/destinations? found · 3 nights/)).toBeVisible();
    expect(calls).toEqual(['POST /api/search']);
  });

  test('a server error shows the error message', async ({ page, consoleGuard }) => {
    consoleGuard.allow(failedResourceLog(500));
    await page.route(SEARCH_API, (route) =>
      route.fulfill({
        status: 500,
        json: {
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'The search index is offline',
        },
      }),
    );
    await gotoLanding(page);
    await page.getByLabel('To', { exact: true }).fill('Banff');
    await plotMyEscape(page).click();

    const results = resultsRegion(page);
    await expect(results.getByText(/The search did not go through/)).toBeVisible();
    await expect(results).toContainText('The search index is offline');
    await expect(results.getByRole('article')).toHaveCount(0);
    await expect(
      searchSection(page).getByRole('status').filter({ hasText: 'Search failed' }),
    ).toHaveText('Search failed. The search index is offline');
    await expect(plotMyEscape(page)).toBeEnabled();
  });

  test('a check-out before the check-in shows an inline error and sends nothing', async ({
    page,
  }) => {
    await gotoLanding(page);
    const calls = recordSearchCalls(page);
    await page.getByLabel('Check-in date').fill('2027-03-05');
    const checkout = page.getByLabel('Check-out date');
    await checkout.fill('2027-03-01');
    await plotMyEscape(page).click();

    const message = 'Check-out date cannot be before the check-in date';
    await expect(page.getByText(message)).toBeVisible();
    await expect(checkout).toHaveAttribute('aria-invalid', 'true');
    await expect(checkout).toHaveAccessibleDescription(message);
    await expect(checkout).toBeFocused();

    // A shortcut is held back by the same rule.
    await searchSection(page).getByRole('button', { name: 'Camping', exact: true }).click();
    await expect(page.getByText(message)).toBeVisible();
    await expect(resultsRegion(page)).toHaveCount(0);
    await expect(resultsRegion(page, 'Camping results')).toHaveCount(0);
    expect(calls).toEqual([]);

    // Fixing the date clears the error and the search goes through.
    await checkout.fill('2027-03-08');
    await expect(page.getByText(message)).toHaveCount(0);
    await plotMyEscape(page).click();
    await expect(resultsRegion(page).getByText(/destinations? found · 3 nights/)).toBeVisible();
    expect(calls).toEqual(['POST /api/search']);
  });

  for (const label of ['Flights Only', 'Hotels Only', 'Road Trip', 'Camping']) {
    test(`the ${label} shortcut shows "${label} results" with a count`, async ({ page }) => {
      await gotoLanding(page);
      const shortcuts = page.getByRole('group', { name: 'No Frills Shortcuts' });
      const buttons = shortcuts.getByRole('button');
      await expect(buttons).toHaveCount(4);

      const release = await holdRequests(page, QUICK_API);
      try {
        await shortcuts.getByRole('button', { name: label, exact: true }).click();
        await expect(resultsRegion(page, `${label} results`)).toContainText('Searching...');
        for (const button of await buttons.all()) await expect(button).toBeDisabled();
      } finally {
        release();
      }

      const results = resultsRegion(page, `${label} results`);
      await expect(results.getByRole('heading', { name: `${label} results` })).toBeVisible();
      const count = await resultCount(results);
      expect(count).toBeGreaterThan(0);
      await expect(results.getByRole('article')).toHaveCount(count);
      for (const button of await buttons.all()) await expect(button).toBeEnabled();
    });
  }

  test('the Camping shortcut lists only national parks and wild places', async ({ page }) => {
    await gotoLanding(page);
    await page
      .getByRole('group', { name: 'No Frills Shortcuts' })
      .getByRole('button', { name: 'Camping', exact: true })
      .click();
    const results = resultsRegion(page, 'Camping results');
    expect(await resultCount(results)).toBeGreaterThan(0);
    await expect(results.getByRole('article', { name: BANFF })).toBeVisible();
    await expect(results.getByRole('article', { name: TIMBERLINE })).toHaveCount(0);
  });

  test('the result is announced in a status region', async ({ page }) => {
    await gotoLanding(page);
    const status = searchSection(page)
      .getByRole('status')
      .filter({ hasText: /^(Searching\.\.\.|\d+ destinations? found\.)$/ });
    await expect(status).toHaveCount(0);

    const release = await holdRequests(page, SEARCH_API);
    try {
      await page.getByLabel('To', { exact: true }).fill('national park');
      await plotMyEscape(page).click();
      await expect(status).toHaveText('Searching...');
    } finally {
      release();
    }
    const count = await resultCount(resultsRegion(page));
    await expect(status).toHaveText(`${count} destinations found.`);
  });

  test('Add to Cart on a search result puts it in the cart', async ({ page }) => {
    await gotoLanding(page);
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
    await page.getByLabel('To', { exact: true }).fill(TIMBERLINE);
    await plotMyEscape(page).click();

    const card = resultsRegion(page).getByRole('article', { name: TIMBERLINE });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: `Add to Cart: ${TIMBERLINE}` }).click();
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

    await cartButton(page).click();
    const items = page.getByRole('dialog', { name: 'Your cart' }).getByRole('listitem');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(TIMBERLINE);
  });

  test('has no axe violations with results shown', async ({ page, checkA11y }) => {
    await gotoLanding(page);
    await page.getByLabel('To', { exact: true }).fill('national park');
    await plotMyEscape(page).click();
    expect(await resultCount(resultsRegion(page))).toBeGreaterThan(1);
    await checkA11y(page);
  });
});

/** The fake recognisers below are installed in the page; they talk to the test through these. */
interface FakeSpeechWindow {
  __speech?: { say(text: string): void; finish(): void };
  __speechStops?: number;
}

test.describe('voice search', () => {
  test('a spoken "from Denver to Banff" fills From and To and searches', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as FakeSpeechWindow & Record<string, unknown>;
      type Handler = ((event: unknown) => void) | null;
      /** Hears one sentence as soon as it starts, and ends when the test says so. */
      class FakeRecognition {
        lang = '';
        interimResults = false;
        continuous = false;
        maxAlternatives = 1;
        onresult: Handler = null;
        onerror: Handler = null;
        onend: (() => void) | null = null;
        start() {
          w.__speech = {
            say: (text) => {
              const result = Object.assign([{ transcript: text }], { isFinal: true });
              setTimeout(() => this.onresult?.({ resultIndex: 0, results: [result] }), 0);
            },
            finish: () => setTimeout(() => this.onend?.(), 0),
          };
          setTimeout(() => w.__speech?.say('from Denver to Banff'), 0);
        }
        stop() {
          w.__speech?.finish();
        }
        abort() {
          w.__speech?.finish();
        }
      }
      w.webkitSpeechRecognition = FakeRecognition;
      delete w.SpeechRecognition;
    });
    await gotoLanding(page);

    await page.getByRole('button', { name: 'Start Voice Search' }).click();
    await expect(page.getByRole('button', { name: 'Stop Listening' })).toBeVisible();
    await expect(
      searchSection(page).getByRole('status').filter({ hasText: 'Listening' }),
    ).toHaveText('Listening: “from Denver to Banff”');

    // The recogniser ends once the person stops speaking.
    await page.evaluate(() => (window as unknown as FakeSpeechWindow).__speech?.finish());
    await expect(page.getByRole('button', { name: 'Start Voice Search' })).toBeVisible();
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('Denver');
    await expect(page.getByLabel('To', { exact: true })).toHaveValue('Banff');
    await expect(searchSection(page).getByText('Heard: “from Denver to Banff”')).toBeVisible();

    const results = resultsRegion(page);
    await expect(results.getByRole('article', { name: BANFF })).toBeVisible();
    expect(await resultCount(results)).toBeGreaterThan(0);
    await expect(results).toContainText('matching "Banff"');
  });

  test('Stop Listening ends a recognition that is still listening', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as FakeSpeechWindow & Record<string, unknown>;
      w.__speechStops = 0;
      /** Listens, hearing nothing, until stop() is called. */
      class SilentRecognition {
        lang = '';
        interimResults = false;
        continuous = false;
        maxAlternatives = 1;
        onresult: ((event: unknown) => void) | null = null;
        onerror: ((event: unknown) => void) | null = null;
        onend: (() => void) | null = null;
        start() {}
        stop() {
          w.__speechStops = (w.__speechStops ?? 0) + 1;
          setTimeout(() => this.onend?.(), 0);
        }
        abort() {
          setTimeout(() => this.onend?.(), 0);
        }
      }
      w.webkitSpeechRecognition = SilentRecognition;
      delete w.SpeechRecognition;
    });
    await gotoLanding(page);
    const calls = recordSearchCalls(page);

    await page.getByRole('button', { name: 'Start Voice Search' }).click();
    const stop = page.getByRole('button', { name: 'Stop Listening' });
    await expect(stop).toBeVisible();
    await expect(
      searchSection(page).getByRole('status').filter({ hasText: 'Listening' }),
    ).toHaveText('Listening... speak now.');

    await stop.click();
    await expect(page.getByRole('button', { name: 'Start Voice Search' })).toBeVisible();
    await expect(stop).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as FakeSpeechWindow).__speechStops)).toBe(
      1,
    );
    // Nothing was heard, so nothing was searched.
    await expect(resultsRegion(page)).toHaveCount(0);
    expect(calls).toEqual([]);
  });

  test('without speech recognition the block says voice search is unavailable', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      Reflect.deleteProperty(window, 'webkitSpeechRecognition');
      Reflect.deleteProperty(window, 'SpeechRecognition');
    });
    await gotoLanding(page);
    await expect(searchSection(page).getByRole('heading', { name: 'Squawk It Out' })).toBeVisible();
    const unavailable = page.getByRole('button', { name: 'Voice search unavailable' });
    await expect(unavailable).toBeVisible();
    await expect(unavailable).toHaveAttribute('aria-disabled', 'true');
    await expect(unavailable).toHaveAccessibleDescription(/no speech recognition/);
    await expect(page.getByRole('button', { name: 'Start Voice Search' })).toHaveCount(0);
  });
});
