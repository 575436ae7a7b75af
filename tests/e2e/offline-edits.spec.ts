import {
  request as playwrightRequest,
  type BrowserContext,
  type Page,
  type Route,
} from '@playwright/test';
import type { PlannerItem, Trip } from '../../contracts/planner';
import { expect, test } from './fixtures';
import { expectSavedForOffline } from './helpers';

/*
 * Changes to a trip made without a signal (issue 29): kept on the device, shown at once, sent once
 * each when the network returns, and a change that meets one made on another device meanwhile is
 * the traveller's to choose. The service worker is allowed (a cold reload offline needs it).
 */
test.use({ serviceWorkers: 'allow' });
// Each test is a whole journey: online, offline with reloads, online again.
test.describe.configure({ timeout: 120_000 });

const DAY = '2027-03-02';
const dayPlan = (page: Page) => page.getByRole('region', { name: /^Plan for / });
const pendingNotice = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /saved on this device and will be sent|need.? your choice|Sending/ });

interface Setup {
  trip: Trip;
  items: Record<string, PlannerItem>;
  planner: string;
}

/** A trip with items on DAY, made through the API by the page's visitor, and seen online once. */
async function tripSeenOnline(
  page: Page,
  context: BrowserContext,
  names: string[],
): Promise<Setup> {
  await page.goto('/flight-plan');
  await expectSavedForOffline(page, ['/flight-plan']);
  await expect.poll(async () => (await context.cookies()).length).toBeGreaterThan(0);
  const trip = (await (
    await page.request.post('/api/trip-planners', {
      data: {
        title: 'Lisbon in spring',
        destination: 'Lisbon, Portugal',
        startDate: DAY,
        endDate: '2027-03-05',
      },
    })
  ).json()) as Trip;
  const items: Record<string, PlannerItem> = {};
  for (const itemName of names) {
    const response = await page.request.post('/api/planner-items', {
      data: { plannerId: trip.id, itemType: 'activity', itemName, scheduledDate: DAY, price: '10' },
    });
    expect(response.status()).toBe(201);
    items[itemName] = (await response.json()) as PlannerItem;
  }
  const planner = `/flight-plan?trip=${trip.id}`;
  await page.goto(planner);
  await page.locator(`button[data-date="${DAY}"]`).click();
  for (const name of names) await expect(dayPlan(page).getByText(name).first()).toBeVisible();
  await expectSavedForOffline(page, []);
  return { trip, items, planner };
}

/** Another device of the same traveller: the same session, its own connection. */
async function otherDevice(context: BrowserContext, baseURL: string | undefined) {
  return playwrightRequest.newContext({ baseURL, storageState: await context.storageState() });
}

const itemOf = (page: Page, name: string) =>
  dayPlan(page).getByRole('listitem').filter({ hasText: name });

async function serverItems(page: Page, plannerId: string) {
  const response = await page.request.get(`/api/planner-items?plannerId=${plannerId}`);
  return (await response.json()) as PlannerItem[];
}

test('items added, edited, booked and deleted offline, and the trip edited, reach the server once each when the network returns', async ({
  page,
  context,
  consoleGuard,
  checkA11y,
}) => {
  const { trip, planner } = await tripSeenOnline(page, context, [
    'Harbour walk',
    'Tile museum',
    'Fado night',
  ]);

  await context.setOffline(true);
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/);
  await page.goto(planner);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  await page.locator(`button[data-date="${DAY}"]`).click();
  // What the server must make says so: a new trip, the calendar file, the links.
  const newTrip = page.getByRole('button', { name: 'New Trip', exact: true });
  await expect(newTrip).toHaveAttribute('aria-disabled', 'true');
  await expect(newTrip).toHaveAccessibleDescription(/Needs a connection/);
  await expect(
    page
      .getByRole('group', { name: 'Export and share' })
      .getByRole('button', { name: 'Share Itinerary' }),
  ).toHaveAttribute('aria-disabled', 'true');

  // Added.
  await page.getByRole('button', { name: 'Add Item', exact: true }).click();
  const add = page.getByRole('dialog', { name: 'Add Item' });
  await add.getByLabel('Item name').fill('Tram 28');
  // A double click must not add it twice.
  await add.getByRole('button', { name: 'Add to plan' }).dblclick();
  await expect(add).toBeHidden();
  await expect(itemOf(page, 'Tram 28')).toHaveCount(1);
  await expect(itemOf(page, 'Tram 28')).toContainText('Not sent yet: saved on this device');

  // Edited.
  await itemOf(page, 'Harbour walk').getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Harbour walk' });
  await edit.getByLabel('Item name').fill('Harbour walk at dawn');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(itemOf(page, 'Harbour walk at dawn')).toBeVisible();

  // Booked.
  await dayPlan(page).getByRole('button', { name: 'Mark as booked: Fado night' }).click();
  await expect(
    dayPlan(page).getByRole('button', { name: 'Mark as not booked: Fado night' }),
  ).toBeVisible();

  // Deleted.
  await dayPlan(page).getByRole('button', { name: 'Delete Tile museum', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(itemOf(page, 'Tile museum')).toHaveCount(0);

  // The trip edited.
  await page.getByRole('button', { name: 'Edit trip' }).click();
  const tripDialog = page.getByRole('dialog', { name: 'Edit trip' });
  await tripDialog.getByLabel('Trip Title').fill('Lisbon and Sintra');
  await tripDialog.getByRole('button', { name: 'Save trip' }).click();
  await expect(tripDialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: 'Lisbon and Sintra' })).toBeVisible();

  await expect(pendingNotice(page)).toHaveText(
    /5 changes are saved on this device and will be sent when you are back online/,
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkA11y(page);

  // A cold reload offline keeps them: on screen and waiting.
  await page.reload();
  await page.locator(`button[data-date="${DAY}"]`).click();
  await expect(itemOf(page, 'Tram 28')).toHaveCount(1);
  await expect(itemOf(page, 'Harbour walk at dawn')).toBeVisible();
  await expect(itemOf(page, 'Tile museum')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Lisbon and Sintra' })).toBeVisible();
  await expect(pendingNotice(page)).toContainText('5 changes');
  // Nothing reached the server yet.
  expect((await serverItems(page, trip.id)).map((i) => i.itemName).sort()).toEqual([
    'Fado night',
    'Harbour walk',
    'Tile museum',
  ]);

  // Any page says they wait, and sends them once the network is back: not the planner alone (a
  // page that never loaded the planner's code, opened from the worker's app shell).
  await page.goto('/emergency-info');
  await expect(pendingNotice(page)).toContainText('5 changes');

  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'You are back online.' })).toBeVisible();
  await expect(pendingNotice(page)).toHaveCount(0, { timeout: 15_000 });
  const items = await serverItems(page, trip.id);
  expect(items.map((i) => [i.itemName, i.isBooked]).sort()).toEqual([
    ['Fado night', true],
    ['Harbour walk at dawn', false],
    ['Tram 28', false],
  ]);
  const trips = (await (await page.request.get('/api/trip-planners')).json()) as Trip[];
  expect(trips.find((t) => t.id === trip.id)?.title).toBe('Lisbon and Sintra');
  // The planner shows the server's items (with their own ids), once each.
  await page.goto(planner);
  await page.locator(`button[data-date="${DAY}"]`).click();
  await expect(newTrip).not.toHaveAttribute('aria-disabled');
  await expect(itemOf(page, 'Tram 28')).toHaveCount(1);
  await expect(dayPlan(page)).not.toContainText('Not sent yet');
  await page.reload();
  await page.locator(`button[data-date="${DAY}"]`).click();
  await expect(itemOf(page, 'Tram 28')).toHaveCount(1);
  expect(await serverItems(page, trip.id)).toHaveLength(3);
});

test('an edit made offline to an item changed on another device meanwhile asks which to keep', async ({
  page,
  context,
  consoleGuard,
  checkA11y,
  baseURL,
}) => {
  const { trip, items, planner } = await tripSeenOnline(page, context, [
    'Harbour walk',
    'Tile museum',
  ]);
  const other = await otherDevice(context, baseURL);

  await context.setOffline(true);
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch|412/);
  await page.goto(planner);
  await page.locator(`button[data-date="${DAY}"]`).click();
  await itemOf(page, 'Harbour walk').getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Harbour walk' });
  await edit.getByLabel('Item name').fill('Harbour walk (mine)');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await dayPlan(page).getByRole('button', { name: 'Delete Tile museum', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();

  // Meanwhile, on the other device.
  const walk = items['Harbour walk']!;
  const museum = items['Tile museum']!;
  expect(
    (
      await other.patch(`/api/planner-items/${walk.id}`, {
        data: { itemName: 'Harbour walk (theirs)' },
      })
    ).status(),
  ).toBe(200);
  expect(
    (await other.patch(`/api/planner-items/${museum.id}`, { data: { price: '12.50' } })).status(),
  ).toBe(200);

  await context.setOffline(false);
  await expect(pendingNotice(page)).toHaveText(/2 changes need your choice/, { timeout: 15_000 });
  // Nothing was overwritten meanwhile.
  expect((await serverItems(page, trip.id)).map((i) => i.itemName).sort()).toEqual([
    'Harbour walk (theirs)',
    'Tile museum',
  ]);

  await page.getByRole('button', { name: 'Review changes' }).click();
  const review = page.getByRole('dialog', { name: 'Changes that need your choice' });
  await expect(review).toBeVisible();
  const editChoice = review
    .getByRole('listitem')
    .filter({ hasText: 'Your change to “Harbour walk”' });
  await expect(editChoice.getByRole('row', { name: /Name/ })).toContainText('Harbour walk (mine)');
  await expect(editChoice.getByRole('row', { name: /Name/ })).toContainText(
    'Harbour walk (theirs)',
  );
  await checkA11y(page);

  await editChoice.getByRole('button', { name: 'Keep my change' }).click();
  const deleteChoice = review.getByRole('listitem').filter({ hasText: 'Deleting “Tile museum”' });
  await deleteChoice.getByRole('button', { name: 'Keep it' }).click();
  await expect(review).toBeHidden();
  await expect(pendingNotice(page)).toHaveCount(0, { timeout: 15_000 });

  await expect
    .poll(async () => (await serverItems(page, trip.id)).map((i) => [i.itemName, i.price]).sort())
    .toEqual([
      ['Harbour walk (mine)', '10.00'],
      ['Tile museum', '12.50'],
    ]);
  await expect(itemOf(page, 'Harbour walk (mine)')).toBeVisible();
  await expect(itemOf(page, 'Tile museum')).toContainText('$12.50');
  await other.dispose();
});

test('a connection that says it is online but reaches nothing (Wi-Fi without internet) shows the saved trip and keeps changes until the server answers', async ({
  page,
  context,
  consoleGuard,
  checkA11y,
}) => {
  const { trip, planner } = await tripSeenOnline(page, context, ['Harbour walk']);

  // The browser stays "online"; nothing it sends is answered, the worker's requests included.
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/);
  const nothingAnswers = (route: Route) => route.abort('internetdisconnected');
  await context.route('**/api/**', nothingAnswers);
  await page.goto(planner);
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  await expect(page.getByText('Your trips could not be loaded')).toHaveCount(0);
  await page.locator(`button[data-date="${DAY}"]`).click();
  await expect(itemOf(page, 'Harbour walk')).toBeVisible();

  await itemOf(page, 'Harbour walk').getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Harbour walk' });
  await edit.getByLabel('Item name').fill('Harbour walk at dusk');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(itemOf(page, 'Harbour walk at dusk')).toContainText(
    'Not sent yet: saved on this device',
  );
  await expect(pendingNotice(page)).toContainText('1 change');
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkA11y(page);

  // The server answers again: the site notices by itself, and sends the change once.
  await context.unroute('**/api/**', nothingAnswers);
  await expect(page.getByRole('status').filter({ hasText: 'You are back online.' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(pendingNotice(page)).toHaveCount(0, { timeout: 15_000 });
  expect((await serverItems(page, trip.id)).map((i) => i.itemName)).toEqual([
    'Harbour walk at dusk',
  ]);
  await expect(dayPlan(page)).not.toContainText('Not sent yet');
});
