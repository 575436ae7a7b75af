import fs from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';
import type { PlannerItem, Trip } from '../../contracts/planner';
import { expect, test } from './fixtures';
import { failedResourceLog, mailTo } from './helpers';

/*
 * The trip planner page /flight-plan (issue 8, spec §2, §3, §5, §9). Every test is a new visitor
 * (Playwright gives each test a fresh context, so a fresh session cookie and no trips). Trips the
 * test does not create through the UI are made through the page's own request context once the
 * page has its session cookie, so they belong to the page's visitor. The trips are in March 2027:
 * the calendar opens on a trip's start month, whatever the real today is.
 */

const PLANNER = '/flight-plan';

// ------------------------------------------------------------------------------------- locators

const newTripButton = (page: Page) => page.getByRole('button', { name: 'New Trip', exact: true });
const tripDialog = (page: Page, title: 'New Trip' | 'Edit trip') =>
  page.getByRole('dialog', { name: title });
const tripCards = (page: Page) => page.getByRole('list', { name: 'Your trips' });
const tripCard = (page: Page, title: string) =>
  tripCards(page).getByRole('button', { name: new RegExp(`^${escapeRegExp(title)}`) });
const tripHeading = (page: Page, title: string) =>
  page.getByRole('heading', { level: 2, name: title, exact: true });
/** The calendar's month title ("March 2027"); the grid is labelled by it. */
const monthTitle = (page: Page) =>
  page.getByRole('heading', { level: 3, name: /^[A-Z][a-z]+ \d{4}$/ });
const grid = (page: Page) => page.getByRole('grid');
const dayButton = (page: Page, date: string) => grid(page).locator(`button[data-date="${date}"]`);
const dayCell = (page: Page, date: string) =>
  grid(page)
    .getByRole('gridcell')
    .filter({ has: page.locator(`button[data-date="${date}"]`) });
const dayPanel = (page: Page) => page.getByRole('region', { name: /^(Plan for |Choose a day)/ });
const slot = (page: Page, heading: string) =>
  dayPanel(page).getByRole('region', { name: heading, exact: true });
const addItemButton = (page: Page) => page.getByRole('button', { name: 'Add Item', exact: true });
const addItemDialog = (page: Page) => page.getByRole('dialog', { name: 'Add Item' });
const shareDialog = (page: Page) => page.getByRole('dialog', { name: 'Share Itinerary' });

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// -------------------------------------------------------------------------------------- helpers

/** Opens the planner as a new visitor and waits for the session cookie the API needs. */
async function gotoPlanner(page: Page, query = '') {
  await page.goto(`${PLANNER}${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Flight Plan' })).toBeVisible();
  await expect
    .poll(async () => (await page.context().cookies()).length, { message: 'a session cookie' })
    .toBeGreaterThan(0);
}

interface SeedItem {
  itemType: PlannerItem['itemType'];
  itemName: string;
  scheduledDate: string;
  scheduledTime?: PlannerItem['scheduledTime'];
  price?: string;
  /** Marked booked after it is made (a new item never is). */
  booked?: boolean;
}

/** Makes a trip (and its items) for the page's visitor through the API. */
async function seedTrip(
  page: Page,
  trip: { title: string; destination: string; startDate?: string; endDate?: string },
  items: SeedItem[] = [],
): Promise<{ trip: Trip; items: PlannerItem[] }> {
  const response = await page.request.post('/api/trip-planners', { data: trip });
  expect(response.status(), await response.text()).toBe(201);
  const created = (await response.json()) as Trip;
  const made: PlannerItem[] = [];
  for (const { booked, ...item } of items) {
    const itemResponse = await page.request.post('/api/planner-items', {
      data: { plannerId: created.id, ...item },
    });
    expect(itemResponse.status(), await itemResponse.text()).toBe(201);
    let saved = (await itemResponse.json()) as PlannerItem;
    if (booked) {
      const bookedResponse = await page.request.patch(`/api/planner-items/${saved.id}`, {
        data: { isBooked: true },
      });
      expect(bookedResponse.status(), await bookedResponse.text()).toBe(200);
      saved = (await bookedResponse.json()) as PlannerItem;
    }
    made.push(saved);
  }
  return { trip: created, items: made };
}

/** A new visitor with one trip in March 2027, the planner opened on it. */
async function plannerWithTrip(page: Page, items: SeedItem[] = [], title = 'Lisbon in spring') {
  await gotoPlanner(page);
  const seeded = await seedTrip(
    page,
    { title, destination: 'Lisbon, Portugal', startDate: '2027-03-02', endDate: '2027-03-05' },
    items,
  );
  await page.goto(`${PLANNER}?trip=${seeded.trip.id}`);
  await expect(tripHeading(page, title)).toBeVisible();
  await expect(monthTitle(page)).toHaveText('March 2027');
  return seeded;
}

/** The tab-stop day button of the grid (roving tabindex: exactly one). */
const tabStop = (page: Page) => grid(page).locator('button[data-date][tabindex="0"]');

function uniqueEmail(testInfo: TestInfo, label: string): string {
  const nonce = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return `${label}-${testInfo.project.name}-${nonce}@example.com`;
}

/** How many mails the e2e server has sent to `address` so far (its SMTP receiver's .eml files). */
async function mailCount(address: string): Promise<number> {
  const dir = process.env.AJ_E2E_MAIL_DIR ?? '';
  const to = new RegExp(`^To: .*${escapeRegExp(address)}`, 'mi');
  let count = 0;
  for (const name of await fs.readdir(dir)) {
    if (name.endsWith('.eml') && to.test(await fs.readFile(`${dir}/${name}`, 'utf8'))) count += 1;
  }
  return count;
}

/** Today's month title as the calendar writes it ("November 2026"). */
function currentMonthTitle(): string {
  return new Date().toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });
}

// ---------------------------------------------------------------------------------------- tests

test.describe('the trip planner /flight-plan', () => {
  test('creates a trip through the New Trip dialog', async ({ page, checkA11y }) => {
    await gotoPlanner(page);
    await expect(page.getByRole('heading', { level: 2, name: 'No trips yet' })).toBeVisible();
    await newTripButton(page).click();

    const dialog = tripDialog(page, 'New Trip');
    await expect(dialog).toBeVisible();
    const submit = dialog.getByRole('button', { name: 'Create Trip Plan' });
    await expect(submit).toBeDisabled();
    await checkA11y(page);

    await dialog.getByLabel('Trip Title').fill('Lisbon in spring');
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Destination').fill('Lisbon, Portugal');
    await expect(submit).toBeEnabled();

    const start = dialog.getByLabel(/^Start Date/);
    const end = dialog.getByLabel(/^End Date/);
    await start.fill('2027-03-10');
    await end.fill('2027-03-05');
    await submit.click();
    await expect(dialog.getByText('End date must not be before the start date')).toBeVisible();
    await expect(end).toBeFocused();
    await expect(end).toHaveAttribute('aria-invalid', 'true');
    await expect(end).toHaveAccessibleDescription(/End date must not be before the start date/);

    await end.fill('2027-03-12');
    await submit.click();
    await expect(dialog).toBeHidden();
    const heading = tripHeading(page, 'Lisbon in spring');
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(tripCard(page, 'Lisbon in spring')).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('heading', { level: 2, name: 'Your trips' })).toBeVisible();
    await expect(monthTitle(page)).toHaveText('March 2027');
    await expect(dayButton(page, '2027-03-10')).toHaveAccessibleName(
      'Wednesday 10 March 2027, no items, in the trip',
    );
  });

  test('adds, shows, deletes and books items on a day', async ({ page, checkA11y }, testInfo) => {
    await plannerWithTrip(page);
    await expect(dayPanel(page)).toHaveAccessibleName('Choose a day');
    await expect(addItemButton(page)).toBeDisabled();

    await dayButton(page, '2027-03-02').click();
    await expect(dayCell(page, '2027-03-02')).toHaveAttribute('aria-selected', 'true');
    await expect(
      page.getByRole('heading', { level: 3, name: 'Plan for Tuesday 2 March 2027' }),
    ).toBeVisible();
    await expect(dayPanel(page).getByText('Nothing planned for this day yet.')).toBeVisible();

    await addItemButton(page).click();
    const dialog = addItemDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription('Tuesday 2 March 2027');
    const slots = dialog.getByRole('radiogroup', { name: 'Time of day' });
    await expect(slots.getByRole('radio', { name: 'All Day' })).toBeChecked();
    await checkA11y(page);

    await slots.getByRole('radio', { name: 'Morning 6AM-12PM' }).click();
    await expect(slots.getByRole('radio', { name: 'Morning 6AM-12PM' })).toBeChecked();
    const quickStatus = dialog.getByRole('status').filter({ hasText: /added to|Adding/ });
    await dialog.getByRole('button', { name: 'Add Flight ($350)' }).click();
    await expect(dialog.getByText('Flight added to Morning')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Hotel ($120)' }).click();
    await expect(dialog.getByText('Hotel added to Morning')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Car ($75)' }).click();
    await expect(quickStatus).toHaveText('Car added to Morning');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(addItemButton(page)).toBeFocused();

    const cell = dayButton(page, '2027-03-02');
    await expect(cell).toHaveAccessibleName(
      'Tuesday 2 March 2027, 3 items: Flight, Hotel stay and 1 more, in the trip',
    );
    await expect(cell).toContainText('+1 more');
    if (testInfo.project.name === 'desktop') {
      // Narrow screens show a dot per item instead of the names.
      await expect(cell.getByText('Flight', { exact: true })).toBeVisible();
      await expect(cell.getByText('Hotel stay', { exact: true })).toBeVisible();
      await expect(cell.getByText('Car rental', { exact: true })).toBeHidden();
    }
    await expect(cell.getByText('+1 more')).toBeVisible();
    const morning = slot(page, 'Morning (6AM-12PM)');
    for (const name of ['Flight', 'Hotel stay', 'Car rental']) {
      await expect(
        morning.getByRole('button', { name: `Delete ${name}`, exact: true }),
      ).toBeVisible();
    }

    // A custom item in the evening.
    await addItemButton(page).click();
    await expect(dialog).toBeVisible();
    await slots.getByRole('radio', { name: 'Evening 6PM-12AM' }).click();
    await dialog.getByLabel('Item name').fill('Fado night');
    await dialog.getByLabel('Type').selectOption('Activity');
    await dialog.getByLabel('Price').fill('42.50');
    await dialog.getByRole('button', { name: 'Add to plan' }).click();
    await expect(dialog).toBeHidden();
    const evening = slot(page, 'Evening (6PM-12AM)');
    const fado = evening.getByRole('listitem').filter({ hasText: 'Fado night' });
    await expect(fado).toBeVisible();
    await expect(fado).toContainText('Fado night (Activity)');
    await expect(fado.getByText('$42.50 · Not booked')).toBeVisible();
    await expect(dayPanel(page).getByRole('status').filter({ hasText: 'Fado night' })).toHaveText(
      'Fado night added to Evening',
    );
    await expect(cell).toHaveAccessibleName(/^Tuesday 2 March 2027, 4 items: .* and 2 more/);

    // Delete one, with confirmation.
    await morning.getByRole('button', { name: 'Delete Car rental', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Car rental?' });
    await expect(confirm).toBeVisible();
    await checkA11y(page);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(dayPanel(page).getByRole('status').filter({ hasText: 'deleted' })).toHaveText(
      'Car rental deleted',
    );
    await expect(page.getByRole('button', { name: 'Delete Car rental' })).toHaveCount(0);
    // Focus goes to the next item's delete button (the evening's, after the morning's last).
    await expect(
      page.getByRole('button', { name: 'Delete Fado night', exact: true }),
    ).toBeFocused();
    await expect(cell).toHaveAccessibleName(/^Tuesday 2 March 2027, 3 items: /);

    // Mark one booked.
    await morning.getByRole('button', { name: 'Mark as booked: Flight' }).click();
    await expect(morning.getByRole('button', { name: 'Mark as not booked: Flight' })).toBeVisible();
    await expect(morning.getByRole('listitem').filter({ hasText: /^Flight/ })).toContainText(
      '$350.00 · Booked',
    );
    await expect(dayPanel(page).getByRole('status').filter({ hasText: 'marked' })).toHaveText(
      'Flight marked as booked',
    );
  });

  test('moves between months with the buttons and the keyboard', async ({ page }) => {
    await plannerWithTrip(page);
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(monthTitle(page)).toHaveText('April 2027');
    await expect(grid(page)).toHaveAccessibleName('April 2027');
    await page.getByRole('button', { name: 'Previous month' }).click();
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(monthTitle(page)).toHaveText('February 2027');
    await expect(grid(page).getByRole('columnheader')).toHaveText([
      'Sun',
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
    ]);

    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect(monthTitle(page)).toHaveText(currentMonthTitle());
    const today = tabStop(page);
    await expect(today).toBeFocused();
    await expect(today).toHaveAccessibleName(/, today/);
    await expect(dayPanel(page)).toHaveAccessibleName(/^Plan for /);

    // Back to the trip's month by reloading (the month is not in the address), then by keys.
    await page.reload();
    await expect(monthTitle(page)).toHaveText('March 2027');
    // Nothing chosen yet and today elsewhere: Tab into the grid lands on the trip's first day.
    await expect(tabStop(page)).toHaveCount(1);
    await expect(tabStop(page)).toHaveAttribute('data-date', '2027-03-02');
    await dayButton(page, '2027-03-10').click();
    await expect(dayButton(page, '2027-03-10')).toBeFocused();
    await expect(tabStop(page)).toHaveCount(1);

    await page.keyboard.press('PageDown');
    await expect(monthTitle(page)).toHaveText('April 2027');
    await expect(dayButton(page, '2027-04-10')).toBeFocused();
    await page.keyboard.press('PageUp');
    await expect(dayButton(page, '2027-03-10')).toBeFocused();
    await page.keyboard.press('PageUp');
    await expect(monthTitle(page)).toHaveText('February 2027');
    await expect(dayButton(page, '2027-02-10')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(dayButton(page, '2027-02-11')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(dayButton(page, '2027-02-18')).toBeFocused();
    await expect(tabStop(page)).toHaveCount(1);
    await expect(tabStop(page)).toHaveAttribute('data-date', '2027-02-18');
    // The selection stays where it was until Enter or Space.
    await page.keyboard.press('Enter');
    await expect(dayCell(page, '2027-02-18')).toHaveAttribute('aria-selected', 'true');
  });

  test('shows the items by type and the overview', async ({ page, checkA11y }) => {
    await plannerWithTrip(page, [
      {
        itemType: 'flight',
        itemName: 'TAP 1234 to Lisbon',
        scheduledDate: '2027-03-02',
        scheduledTime: 'morning',
        price: '350.00',
      },
      {
        itemType: 'hotel',
        itemName: 'Hotel Alfama',
        scheduledDate: '2027-03-02',
        scheduledTime: 'evening',
        price: '120.00',
        booked: true,
      },
      { itemType: 'car', itemName: 'Car rental', scheduledDate: '2027-03-03', price: '75.00' },
    ]);

    // The day chosen on the calendar is still chosen after a visit to another tab.
    await page.locator('[data-date="2027-03-02"]').click();
    await expect(
      page.getByRole('heading', { level: 3, name: 'Plan for Tuesday 2 March 2027' }),
    ).toBeVisible();

    const tabs = page.getByRole('tablist', { name: 'Trip views' });
    await expect(tabs.getByRole('tab')).toHaveText([
      'Trip Planner',
      'Flights',
      'Hotels',
      'Cars',
      'Activities',
      'Overview',
    ]);

    await tabs.getByRole('tab', { name: 'Flights' }).click();
    const flights = page.getByRole('tabpanel', { name: 'Flights' });
    await expect(flights.getByRole('heading', { level: 3, name: 'Flights' })).toBeVisible();
    await expect(flights.getByText('1 flight, $350.00 in all.')).toBeVisible();
    const flight = flights.getByRole('listitem').filter({ hasText: 'TAP 1234 to Lisbon' });
    await expect(flight).toContainText('$350.00');
    await expect(flight).toContainText('Morning (6AM-12PM)');
    await expect(flights.getByRole('button', { name: 'Add flight' })).toBeVisible();

    await tabs.getByRole('tab', { name: 'Activities' }).click();
    await expect(
      page.getByRole('tabpanel', { name: 'Activities' }).getByText('No activities planned yet.'),
    ).toBeVisible();

    await tabs.getByRole('tab', { name: 'Overview' }).click();
    const overview = page.getByRole('tabpanel', { name: 'Overview' });
    await expect(overview.getByRole('heading', { level: 3, name: 'Overview' })).toBeVisible();
    const table = overview.getByRole('table', {
      name: 'The trip’s items by type, with their prices in US dollars.',
    });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row', { name: /^All items/ })).toContainText('$545.00');
    await expect(overview.getByText('$120.00 booked of $545.00 planned')).toBeVisible();
    await expect(
      overview.getByRole('heading', { level: 4, name: 'Safety at your destination' }),
    ).toBeVisible();
    await expect(overview.getByText('Portugal', { exact: true })).toBeVisible();
    const emergency = overview.locator('a[href="tel:112"]').first();
    await expect(emergency).toBeVisible();
    await expect(emergency).toHaveText('112');
    await checkA11y(page);

    await tabs.getByRole('tab', { name: 'Trip Planner' }).click();
    await expect(
      page.getByRole('heading', { level: 3, name: 'Plan for Tuesday 2 March 2027' }),
    ).toBeVisible();
    await expect(page.locator('td[aria-selected="true"] [data-date="2027-03-02"]')).toBeVisible();
  });

  test('exports the calendar file and a calendar subscription', async ({ page, checkA11y }) => {
    await plannerWithTrip(page, [
      {
        itemType: 'flight',
        itemName: 'TAP 1234 to Lisbon',
        scheduledDate: '2027-03-02',
        scheduledTime: 'morning',
        price: '350.00',
      },
    ]);
    const actions = page.getByRole('group', { name: 'Export and share' });
    const downloading = page.waitForEvent('download');
    await actions.getByRole('link', { name: 'Download calendar (.ics)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    const file = await download.path();
    const text = (await fs.readFile(file, 'utf8')).replace(/\r?\n[ \t]/g, '');
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('BEGIN:VEVENT');
    expect(text).toMatch(/^SUMMARY:.*TAP 1234 to Lisbon/m);

    await actions.getByRole('button', { name: 'Subscribe in calendar app' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe to this trip' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Make calendar address' }).click();
    const address = dialog.getByLabel('Calendar address');
    await expect(address).toHaveValue(/^webcal:\/\/.+/);
    const webcal = await address.inputValue();
    await expect(dialog.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
      'href',
      webcal,
    );
    // The address serves the same calendar over https.
    const feed = await page.request.get(webcal.replace(/^webcal:\/\/[^/]+/, ''));
    expect(feed.status()).toBe(200);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');
    await checkA11y(page);
  });

  test('shares the itinerary read-only, revokes it and e-mails a link', async ({
    page,
    browser,
    checkA11y,
  }, testInfo) => {
    await plannerWithTrip(page, [
      {
        itemType: 'flight',
        itemName: 'TAP 1234 to Lisbon',
        scheduledDate: '2027-03-02',
        scheduledTime: 'morning',
        price: '350.00',
      },
    ]);
    await page
      .getByRole('group', { name: 'Export and share' })
      .getByRole('button', { name: 'Share Itinerary' })
      .click();
    const dialog = shareDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('No links yet.')).toBeVisible();
    await dialog.getByRole('radio', { name: '7 days' }).check();
    await dialog.getByRole('checkbox', { name: 'Hide prices' }).check();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect(dialog.getByRole('heading', { level: 3, name: 'Link created' })).toBeVisible();
    const linkField = dialog.getByLabel('Itinerary link');
    await expect(linkField).toHaveValue(/^https?:\/\/.+/);
    const shareUrl = await linkField.inputValue();
    await checkA11y(page);
    await expect(
      dialog.getByRole('link', { name: 'Open link (opens in a new tab)' }),
    ).toHaveAttribute('href', shareUrl);

    const stranger = await browser.newContext();
    try {
      const visitor = await stranger.newPage();
      await visitor.goto(new URL(shareUrl).pathname);
      await expect(visitor.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
        'Lisbon in spring',
      );
      await expect(visitor.getByText('TAP 1234 to Lisbon')).toBeVisible();
      await expect(visitor.getByText(/Price:/)).toHaveCount(0);
      await expect(visitor.getByText(/350/)).toHaveCount(0);

      // Revoke it: the link then says so.
      const revokeButton = dialog.getByRole('button', { name: /Revoke link/ });
      await expect(revokeButton).toHaveCount(1);
      await revokeButton.click();
      const confirm = page.getByRole('alertdialog', { name: 'Revoke this link?' });
      await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
      await expect(confirm).toBeHidden();
      await expect(dialog.getByText('No links yet.')).toBeVisible();
      await expect(dialog.getByRole('heading', { level: 3, name: 'Active links' })).toBeFocused();

      await visitor.reload();
      await expect(
        visitor.getByText('This itinerary link does not exist or was revoked'),
      ).toBeVisible();
      await expect(visitor.getByText('TAP 1234 to Lisbon')).toHaveCount(0);
    } finally {
      await stranger.close();
    }

    // E-mail a link.
    const address = uniqueEmail(testInfo, 'planner-share');
    await dialog.getByLabel(/^Send the link to/).fill(address);
    const name = dialog.getByLabel(/^Your name/);
    // A name on several lines is refused before anything is sent.
    await name.fill('Ana\u0007');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(
      'Your name must be on one line, without special characters',
    );
    await name.fill('Ana');
    await dialog.getByLabel(/^Message/).fill('Our plans for Lisbon');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect(dialog.getByText(`Sent to ${address}.`)).toBeVisible();
    const mailed = await linkField.inputValue();
    expect(mailed).not.toBe(shareUrl);
    const mail = await mailTo(address);
    expect(mail).toContain(mailed);
    expect(mail).toContain('Our plans for Lisbon');
    expect(mail).toMatch(/^Subject: Ana shared a trip with you: Lisbon in spring/m);
    await expect(dialog.getByRole('button', { name: /Revoke link/ })).toHaveCount(1);
    await expect(dialog.getByRole('button', { name: /Revoke link/ })).toHaveAccessibleName(
      new RegExp(`sent to ${escapeRegExp(address)}`),
    );
  });

  test('a double-clicked Create link makes one link and sends one e-mail', async ({
    page,
  }, testInfo) => {
    const { trip } = await plannerWithTrip(page);
    await page
      .getByRole('group', { name: 'Export and share' })
      .getByRole('button', { name: 'Share Itinerary' })
      .click();
    const dialog = shareDialog(page);
    const address = uniqueEmail(testInfo, 'planner-double');
    await dialog.getByLabel(/^Send the link to/).fill(address);
    await dialog.getByRole('button', { name: 'Create link' }).dblclick();
    await expect(dialog.getByText(`Sent to ${address}.`)).toBeVisible();
    await expect(dialog.getByRole('button', { name: /Revoke link/ })).toHaveCount(1);

    const shares = await page.request.get(`/api/trip-planners/${trip.id}/shares`);
    expect((await shares.json()) as unknown[]).toHaveLength(1);
    await mailTo(address);
    expect(await mailCount(address)).toBe(1);
  });

  test('edits, changes the status of and deletes trips', async ({ page }) => {
    await gotoPlanner(page);
    const first = await seedTrip(page, {
      title: 'Lisbon in spring',
      destination: 'Lisbon, Portugal',
      startDate: '2027-03-02',
      endDate: '2027-03-05',
    });
    await seedTrip(page, {
      title: 'Madeira walks',
      destination: 'Funchal, Portugal',
      startDate: '2027-03-20',
    });
    await page.goto(`${PLANNER}?trip=${first.trip.id}`);
    await expect(tripHeading(page, 'Lisbon in spring')).toBeVisible();
    await expect(tripCards(page).getByRole('button')).toHaveCount(2);
    await expect(tripCard(page, 'Lisbon in spring')).toHaveAttribute('aria-current', 'true');

    // The status select saves at once.
    await page.getByLabel('Trip status').selectOption('Completed');
    await expect(tripCard(page, 'Lisbon in spring')).toContainText('Completed');
    await expect(page.getByLabel('Trip status')).toHaveValue('completed');
    // By keyboard, every arrow key saves a status and the select keeps focus.
    await page.getByLabel('Trip status').focus();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByLabel('Trip status')).toBeFocused();
    await expect(tripCard(page, 'Lisbon in spring')).toContainText('Active');

    await page.getByRole('button', { name: 'Edit trip' }).click();
    const dialog = tripDialog(page, 'Edit trip');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Trip Title')).toHaveValue('Lisbon in spring');
    await dialog.getByLabel('Trip Title').fill('Lisbon and Sintra');
    await dialog.getByLabel('Status', { exact: true }).selectOption('Active');
    await dialog.getByRole('button', { name: 'Save trip' }).click();
    await expect(dialog).toBeHidden();
    await expect(tripHeading(page, 'Lisbon and Sintra')).toBeVisible();
    const edited = tripCard(page, 'Lisbon and Sintra');
    await expect(edited).toContainText('Active');
    await expect(edited).toHaveAttribute('aria-current', 'true');
    await expect(page.getByLabel('Trip status')).toHaveValue('active');

    // Delete with confirmation: cancel first, then really.
    await page.getByRole('button', { name: 'Delete trip' }).click();
    let confirm = page.getByRole('alertdialog', { name: 'Delete Lisbon and Sintra?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(tripHeading(page, 'Lisbon and Sintra')).toBeVisible();
    await page.getByRole('button', { name: 'Delete trip' }).click();
    await confirm.getByRole('button', { name: 'Delete trip' }).click();
    await expect(confirm).toBeHidden();
    await expect(tripHeading(page, 'Madeira walks')).toBeFocused();
    await expect(tripCard(page, 'Madeira walks')).toHaveAttribute('aria-current', 'true');
    await expect(tripCards(page).getByRole('button')).toHaveCount(1);
    await expect(monthTitle(page)).toHaveText('March 2027');

    await page.getByRole('button', { name: 'Delete trip' }).click();
    confirm = page.getByRole('alertdialog', { name: 'Delete Madeira walks?' });
    await confirm.getByRole('button', { name: 'Delete trip' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'No trips yet' })).toBeVisible();
    await expect(newTripButton(page)).toBeFocused();
  });

  test('says so when the trips cannot be loaded', async ({ page, consoleGuard }) => {
    consoleGuard.allow(failedResourceLog(500));
    let fail = true;
    await page.route('**/api/trip-planners', async (route) => {
      if (fail && route.request().method() === 'GET') {
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'Internal Server Error', message: 'Database is down' }),
        });
      } else {
        await route.continue();
      }
    });
    await page.goto(PLANNER);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Your trips could not be loaded' }),
    ).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'No trips yet' })).toBeVisible();
  });
});
