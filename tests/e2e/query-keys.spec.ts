/**
 * One query key, one shape (issue 26). A trip's Overview and the Emergency information page read
 * the emergency numbers through the same queryOptions; before, each read the same key in a shape
 * of its own (a list, and {contacts, refreshedAt, offline}), and since data never goes stale,
 * whichever page loaded first broke the other: the Overview threw "not iterable", or the emergency
 * page listed no country. Here both pages are opened in one document, so they share one query
 * cache, in both orders, and each shows its numbers from a single read.
 */
import type { Page } from '@playwright/test';
import type { Trip } from '../../contracts/planner';
import { expect, test } from './fixtures';

const CONTACTS_PATH = '/api/emergency-contacts';
const TRIP = { title: 'Lisbon in spring', destination: 'Lisbon, Portugal' } as const;

const tripHeading = (page: Page) =>
  page.getByRole('heading', { level: 2, name: TRIP.title, exact: true });
const overview = (page: Page) => page.getByRole('tabpanel', { name: 'Overview' });
const contactsSection = (page: Page) => page.getByRole('region', { name: 'Important Contacts' });

/** A new visitor (a session cookie) with one trip to Lisbon. */
async function visitorWithTrip(page: Page): Promise<Trip> {
  await page.goto('/flight-plan');
  await expect(page.getByRole('heading', { level: 1, name: 'Flight Plan' })).toBeVisible();
  await expect
    .poll(async () => (await page.context().cookies()).length, { message: 'a session cookie' })
    .toBeGreaterThan(0);
  const response = await page.request.post('/api/trip-planners', { data: TRIP });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Trip;
}

/** Counts the page's reads of the emergency numbers from now on. */
function countContactReads(page: Page): () => number {
  let reads = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === CONTACTS_PATH) reads += 1;
  });
  return () => reads;
}

/** Marks the document; `expectSameDocument` then tells a client-side navigation from a load. */
const MARK = 'queryKeysSpec';
async function markDocument(page: Page) {
  await page.evaluate((mark) => {
    (window as unknown as Record<string, boolean>)[mark] = true;
  }, MARK);
}
async function expectSameDocument(page: Page) {
  const marked = await page.evaluate(
    (mark) => (window as unknown as Record<string, boolean>)[mark] === true,
    MARK,
  );
  expect(marked, 'the page was not loaded again: one app, one query cache').toBe(true);
}

/** The Overview tab of the open trip: Portugal, and 112 as a tel: link. */
async function expectOverviewNumbers(page: Page) {
  await expect(tripHeading(page)).toBeVisible();
  await page
    .getByRole('tablist', { name: 'Trip views' })
    .getByRole('tab', { name: 'Overview' })
    .click();
  const panel = overview(page);
  await expect(
    panel.getByRole('heading', { level: 4, name: 'Safety at your destination' }),
  ).toBeVisible();
  await expect(panel.getByText('Portugal', { exact: true })).toBeVisible();
  const emergency = panel.locator('a[href="tel:112"]').first();
  await expect(emergency).toBeVisible();
  await expect(emergency).toHaveText('112');
  await expect(panel.getByText('The emergency number could not be loaded')).toHaveCount(0);
}

/** The Emergency information page with every country from the server, not the built-in three. */
async function expectEmergencyPage(page: Page, countries: number) {
  await expect(
    page.getByRole('heading', { level: 1, name: 'Emergency Information' }),
  ).toBeVisible();
  const section = contactsSection(page);
  await section.getByRole('button', { name: `Show all ${countries} countries` }).click();
  await expect(
    section
      .getByRole('article', { name: 'Portugal', exact: true })
      .getByRole('link', { name: 'Call 112, the emergency number in Portugal' }),
  ).toHaveAttribute('href', 'tel:112');
  await expect(section.getByRole('status')).toHaveText(`${countries} countries listed`);
  await expect(section.getByText(/^Contacts last refreshed /)).toBeVisible();
  await expect(section.getByRole('alert')).toHaveCount(0);
}

/** The header's way to the planner: Plan Trip from 640 px up, the Menu's page link on a phone. */
async function openPlannerFromHeader(page: Page) {
  const header = page.getByRole('banner');
  const planTrip = header.getByRole('link', { name: 'Plan Trip' });
  if (await planTrip.isVisible()) {
    await planTrip.click();
  } else {
    await header.getByRole('button', { name: 'Menu', exact: true }).click();
    await page
      .getByRole('menu', { name: 'Menu', exact: true })
      .getByRole('group', { name: 'Pages' })
      .getByRole('menuitem', { name: 'Flight Plan' })
      .click();
  }
  await expect(page).toHaveURL('/flight-plan');
}

async function countriesOnServer(page: Page): Promise<number> {
  const answer = await page.request.get(CONTACTS_PATH);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as unknown[]).length;
}

test.describe('a trip’s Overview and the Emergency information page share one read', () => {
  test('the Overview first, then the emergency page', async ({ page }) => {
    const trip = await visitorWithTrip(page);
    const countries = await countriesOnServer(page);
    const contactReads = countContactReads(page);
    await page.goto(`/flight-plan?trip=${trip.id}`);
    await markDocument(page);

    await expectOverviewNumbers(page);
    await overview(page).getByRole('link', { name: 'More emergency information' }).click();
    await expect(page).toHaveURL('/emergency-info');
    await expectEmergencyPage(page, countries);

    await expectSameDocument(page);
    expect(contactReads()).toBe(1);
  });

  test('the emergency page first, then the Overview, and back', async ({ page }) => {
    await visitorWithTrip(page);
    const countries = await countriesOnServer(page);
    const contactReads = countContactReads(page);
    await page.goto('/emergency-info');
    await markDocument(page);

    await expectEmergencyPage(page, countries);
    await openPlannerFromHeader(page);
    await expectOverviewNumbers(page);
    await overview(page).getByRole('link', { name: 'More emergency information' }).click();
    await expectEmergencyPage(page, countries);

    await expectSameDocument(page);
    expect(contactReads()).toBe(1);
  });
});
