import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectSavedForOffline, failedResourceLog, openSettled } from './helpers';

const CONTACTS_API = '**/api/emergency-contacts';
const KIT_API = '**/api/emergency-contacts/safety-kit.pdf*';

const contactsSection = (page: Page) => page.getByRole('region', { name: 'Important Contacts' });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search by country' });
const countryCard = (page: Page, country: string) =>
  contactsSection(page).getByRole('article', { name: country, exact: true });
const resultCount = (page: Page) => contactsSection(page).getByRole('status');
const kitSection = (page: Page) => page.getByRole('region', { name: 'Download Travel Safety Kit' });
/** The every-country list waits behind this button until a search or a press. */
const showAll = (page: Page) => contactsSection(page).getByRole('button', { name: /^Show all / });

async function gotoEmergencyInfo(page: Page) {
  await page.goto('/emergency-info');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Emergency Information' }),
  ).toBeVisible();
  await expect(resultCount(page)).toHaveText(/^\d+ countries: search above, or show them all$/);
}

async function expectTapTarget(link: Locator) {
  const box = await link.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
}

async function expectPdf(download: Promise<Download>) {
  const file = await (await download).path();
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

test.describe('emergency information', () => {
  test('says to call local emergency services first', async ({ page }) => {
    await gotoEmergencyInfo(page);
    await expect(
      page.getByText('In an emergency, call the local emergency number first'),
    ).toBeVisible();
  });

  test('two keystrokes find Portugal, with 112 as a tel: link', async ({ page }) => {
    await gotoEmergencyInfo(page);
    await searchBox(page).fill('pt');
    const cards = contactsSection(page).getByRole('article');
    await expect(cards.first()).toHaveAccessibleName('Portugal');

    await searchBox(page).fill('po');
    await expect(resultCount(page)).toHaveText(/^\d+ countries match$/);
    const firstTwo = [
      await cards.nth(0).getAttribute('aria-labelledby'),
      await cards.nth(1).getAttribute('aria-labelledby'),
    ];
    expect(firstTwo).toContain('contact-PT');

    const portugal = countryCard(page, 'Portugal');
    const call = portugal.getByRole('link', { name: 'Call 112, the emergency number in Portugal' });
    await expect(call).toHaveAttribute('href', 'tel:112');
    await expectTapTarget(call);
    const watch = portugal.getByRole('link', {
      name: /Emergency Watch number for U\.S\. citizens/,
    });
    await expect(watch).toHaveAttribute('href', 'tel:+12025014444');
    await expect(portugal).toContainText('Deaf or hard of hearing');
    await expect(portugal).toContainText('MAI112');
  });

  test('the countries of my trips come first, shown before the rest of the list', async ({
    page,
  }) => {
    await openSettled(page);
    const trip = await page.request.post('/api/trip-planners', {
      data: {
        title: 'Lisbon in spring',
        destination: 'Lisbon, Portugal',
        startDate: '2027-04-01',
        endDate: '2027-04-08',
      },
    });
    expect(trip.status()).toBe(201);
    await gotoEmergencyInfo(page);
    await expect(
      contactsSection(page).getByRole('heading', { level: 3, name: 'Your trips’ countries' }),
    ).toBeVisible();
    const cards = contactsSection(page).getByRole('article');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAccessibleName('Portugal');
    await showAll(page).click();
    await expect(cards.first()).toHaveAccessibleName('Portugal');
  });

  test('the search filters the list and counts the matches', async ({ page }) => {
    const total = ((await (await page.request.get('/api/emergency-contacts')).json()) as unknown[])
      .length;
    await gotoEmergencyInfo(page);
    const cards = contactsSection(page).getByRole('article');
    // The whole list is a press away: the help lines and the kit below stay a few Tab stops away.
    await expect(cards).toHaveCount(0);
    await showAll(page).click();
    await expect(resultCount(page)).toHaveText(`${total} countries listed`);
    await expect(cards).toHaveCount(total);

    await searchBox(page).fill('Japan');
    await expect(resultCount(page)).toHaveText('1 country matches');
    await expect(cards).toHaveCount(1);
    await expect(countryCard(page, 'Japan')).toBeVisible();

    await searchBox(page).fill('turkiye');
    await expect(countryCard(page, 'Türkiye')).toBeVisible();

    await searchBox(page).fill('atlantis');
    await expect(resultCount(page)).toHaveText('0 countries match');
    await expect(contactsSection(page)).toContainText('No country matches "atlantis".');
    await expect(cards).toHaveCount(0);

    await searchBox(page).fill('');
    await expect(cards).toHaveCount(total);
  });

  for (const [failure, fulfil] of [
    ['fails', { status: 500, json: { message: 'Internal Server Error' } }],
    ['returns nothing', { json: [] }],
  ] as const) {
    test(`the built-in list shows when the call ${failure}`, async ({ page, consoleGuard }) => {
      consoleGuard.allow(failedResourceLog(500));
      await page.route(CONTACTS_API, (route) => route.fulfill(fulfil));
      await page.goto('/emergency-info');
      await expect(contactsSection(page).getByRole('alert')).toContainText(
        'The full list of countries could not be loaded',
      );
      const cards = contactsSection(page).getByRole('article');
      await expect(cards).toHaveCount(3);
      for (const country of ['United States', 'Canada', 'Mexico']) {
        await expect(
          countryCard(page, country).getByRole('link', {
            name: `Call 911, the emergency number in ${country}`,
          }),
        ).toHaveAttribute('href', 'tel:911');
      }

      await page.unroute(CONTACTS_API);
      await contactsSection(page).getByRole('button', { name: 'Try again' }).click();
      await expect(showAll(page)).toBeVisible();
      await searchBox(page).fill('Portugal');
      await expect(countryCard(page, 'Portugal')).toBeVisible();
      await expect(contactsSection(page).getByRole('alert')).toHaveCount(0);
    });
  }

  test('veterans and U.S. citizens abroad find their help lines', async ({ page }) => {
    await gotoEmergencyInfo(page);
    const veterans = page.getByRole('region', { name: 'For veterans' });
    await expect(veterans.getByRole('link', { name: /^Dial 988, then press 1/ })).toHaveAttribute(
      'href',
      'tel:988',
    );
    await expect(veterans.getByRole('link', { name: /^Text 838255/ })).toHaveAttribute(
      'href',
      'sms:838255',
    );
    await expect(veterans.getByRole('link', { name: 'Chat online' })).toBeVisible();
    // Anyone else in the United States: the 988 Suicide & Crisis Lifeline.
    await expect(veterans.getByRole('link', { name: 'text 988' })).toHaveAttribute(
      'href',
      'sms:988',
    );
    await expect(veterans.getByRole('link', { name: 'the Lifeline’s chat' })).toHaveAttribute(
      'href',
      'https://988lifeline.org/chat/',
    );
    await expect(veterans).toContainText('From outside the United States');

    const abroad = page.getByRole('region', { name: 'U.S. citizens abroad' });
    await expect(abroad.getByRole('link', { name: /Enroll your trip in STEP/ })).toHaveAttribute(
      'href',
      'https://step.state.gov',
    );
    await expect(abroad.getByRole('link', { name: '+1-888-407-4747' })).toHaveAttribute(
      'href',
      'tel:+18884074747',
    );
    await expect(page.getByRole('region', { name: 'Travel Safety Tips' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Helpful Resources' }).getByRole('link', {
        name: 'travel.state.gov',
      }),
    ).toHaveAttribute('href', 'https://travel.state.gov');
  });

  test('the Travel Safety Kit downloads for the countries of my trips', async ({ page }) => {
    await gotoEmergencyInfo(page);
    const kit = kitSection(page);
    await expect(kit.getByRole('radio', { name: 'The countries of my trips' })).toBeChecked();
    const download = page.waitForEvent('download');
    await kit.getByRole('button', { name: 'Download Travel Safety Kit' }).click();
    await expectPdf(download);
    await expect(kit.getByRole('status').last()).toHaveText(
      'Your Travel Safety Kit has been downloaded.',
    );
  });

  test('the Travel Safety Kit downloads for chosen countries and paper', async ({ page }) => {
    await gotoEmergencyInfo(page);
    const kit = kitSection(page);
    await kit.getByRole('radio', { name: 'Choose countries' }).check();
    await kit.getByRole('radio', { name: 'A4' }).check();

    const kitRequest = page.waitForRequest(/safety-kit\.pdf/);
    const filter = kit.getByRole('searchbox', { name: 'Filter countries' });
    await kit.getByRole('button', { name: 'Download Travel Safety Kit' }).click();
    await expect(filter).toBeFocused();
    await expect(filter).toHaveAttribute('aria-invalid', 'true');
    await expect(kit.getByRole('alert')).toHaveText(/Choose at least one country/);

    await filter.fill('pt');
    await kit.getByRole('checkbox', { name: 'Portugal' }).check();
    await filter.fill('japan');
    await kit.getByRole('checkbox', { name: 'Japan' }).check();
    await expect(kit).toContainText('2 countries chosen');

    const download = page.waitForEvent('download');
    await kit.getByRole('button', { name: 'Download Travel Safety Kit' }).click();
    await expectPdf(download);
    const url = new URL((await kitRequest).url());
    expect(url.searchParams.get('countries')?.split(',').sort()).toEqual(['JP', 'PT']);
    expect(url.searchParams.get('paper')).toBe('a4');
  });

  test('the kit shows the server’s message when it refuses', async ({ page, consoleGuard }) => {
    consoleGuard.allow(failedResourceLog(400));
    await page.route(KIT_API, (route) =>
      route.fulfill({ status: 400, json: { message: 'Unknown country code: XX' } }),
    );
    await gotoEmergencyInfo(page);
    const kit = kitSection(page);
    await kit.getByRole('button', { name: 'Download Travel Safety Kit' }).click();
    await expect(kit.getByRole('alert')).toHaveText('Unknown country code: XX');
  });

  test('at most 50 countries go in one kit', async ({ page }) => {
    await gotoEmergencyInfo(page);
    const kit = kitSection(page);
    await kit.getByRole('radio', { name: 'Choose countries' }).check();
    const boxes = kit.getByRole('checkbox');
    for (let i = 0; i < 51; i++) await boxes.nth(i).check();
    await expect(kit.getByRole('alert')).toHaveText(
      'At most 50 countries: you have chosen 51. Uncheck 1 to download the kit.',
    );
    await boxes.nth(50).uncheck();
    await expect(kit.getByRole('alert')).toHaveCount(0);
  });

  test('is accessible', async ({ page, checkA11y }) => {
    // axe reads every one of the country cards, twice: slow on the mobile profile.
    test.slow();
    await gotoEmergencyInfo(page);
    await expect(page.getByRole('region', { name: 'For veterans' })).toContainText('988');
    await checkA11y(page);
    await kitSection(page).getByRole('radio', { name: 'Choose countries' }).check();
    await searchBox(page).fill('po');
    // At the top again: the sticky header would otherwise cover whatever the checks scrolled to.
    await page.evaluate(() => window.scrollTo(0, 0));
    await checkA11y(page);
  });
});

/** Whether the service worker controls the page and has saved the page, its files and its data. */
test.describe('keyboard', () => {
  test('the crisis line and the safety kit are a few Tab stops from the top, before the country list', async ({
    page,
  }) => {
    await gotoEmergencyInfo(page);
    const crisisLine = page
      .getByRole('region', { name: 'For veterans' })
      .getByRole('link', { name: /^Dial 988/ });
    await page.locator('body').focus();
    let stops = 0;
    for (; stops < 30; stops += 1) {
      await page.keyboard.press('Tab');
      if (await crisisLine.evaluate((link) => link === document.activeElement)) break;
    }
    expect(stops, 'Tab stops before the crisis line').toBeLessThan(30);
    // "On this page" jumps to the kit.
    await page
      .getByRole('navigation', { name: 'On this page' })
      .getByRole('link', { name: 'Download Travel Safety Kit' })
      .click();
    await expect(page).toHaveURL(/#safety-kit$/);
    await expect(kitSection(page)).toBeInViewport();
  });
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('after one visit the numbers are still there offline', async ({
    page,
    context,
    consoleGuard,
  }) => {
    await gotoEmergencyInfo(page);
    await expect(page.getByText(/^Contacts last refreshed /)).toBeVisible();
    await expectSavedForOffline(page, [
      '/emergency-info',
      '/api/emergency-contacts',
      '/api/help-lines',
    ]);

    await context.setOffline(true);
    // Calls the worker does not answer for (the advisories banner, say) fail offline.
    consoleGuard.allow(/ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/);
    await page.reload();
    await expect(page.getByText(/^You are offline: showing the numbers saved on /)).toBeVisible();
    await searchBox(page).fill('pt');
    await expect(
      countryCard(page, 'Portugal').getByRole('link', {
        name: 'Call 112, the emergency number in Portugal',
      }),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'For veterans' }).getByRole('link', { name: /^Dial 988/ }),
    ).toBeVisible();
    await context.setOffline(false);
  });
});
