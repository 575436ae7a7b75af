import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectSavedForOffline } from './helpers';

/*
 * The site as an installed app without a signal (issue 29): the manifest Chromium installs from,
 * and pages that open again offline once seen online. The service worker is allowed here (the
 * other specs block it: it answers navigations and /assets/ out of page.route's reach).
 */
test.use({ serviceWorkers: 'allow' });

/**
 * Chromium's own reasons not to offer installing the site (none: it can be installed), but for
 * "in-incognito": a test's browser context is one, and nothing installs there.
 */
async function installabilityErrors(page: Page) {
  const session = await page.context().newCDPSession(page);
  const { installabilityErrors } = await session.send('Page.getInstallabilityErrors');
  await session.detach();
  return installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
}

test('the site is installable: a manifest with names, colours and icons, and a worker', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expectSavedForOffline(page, ['/']);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = (await (await request.get(href!)).json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Accessible Journeys',
    short_name: 'Journeys',
    start_url: '/',
    display: 'standalone',
  });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  for (const icon of manifest.icons) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
  }
  await expect.poll(() => installabilityErrors(page)).toEqual([]);
});

test('pages seen online open again offline, and say nothing is wrong with the visitor', async ({
  page,
  context,
  consoleGuard,
  checkA11y,
}) => {
  for (const [path, heading] of [
    ['/', /no one gets left behind/],
    ['/flight-plan', 'Flight Plan'],
    ['/emergency-info', 'Emergency Information'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectSavedForOffline(page, [path]);
  }

  await context.setOffline(true);
  // The reads no worker answers fail offline; the pages show their own error states for them.
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/);
  for (const [path, heading] of [
    ['/flight-plan', 'Flight Plan'],
    ['/emergency-info', 'Emergency Information'],
    ['/', /no one gets left behind/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await checkA11y(page);

  // A page never opened online still starts, from the app shell the worker keeps.
  await page.goto('/bookings');
  await expect(page.locator('#root')).not.toBeEmpty();
  await context.setOffline(false);
});
