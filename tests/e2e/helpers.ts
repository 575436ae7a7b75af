import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The destinations the landing-page tests look at; both are in the curated catalogue. */
export const BANFF = 'Banff National Park';
export const TIMBERLINE = 'Timberline Lodge';

/** The GET the destinations grid makes (not the populate POST). */
export const DESTINATIONS_API = '**/api/destinations';

/** Chromium logs every failed response as a console error; tests that cause one on purpose allow it. */
export const failedResourceLog = (status: number) =>
  new RegExp(`Failed to load resource: the server responded with a status of ${status}\\b`);

/** A destination card, found the way a screen reader finds it: an article named by its heading. */
export function destinationCard(page: Page, name: string): Locator {
  return page.getByRole('article', { name });
}

/** Opens the landing page and waits until the destinations grid shows its cards. */
export async function gotoLanding(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(destinationCard(page, BANFF)).toBeVisible();
  await expect(destinationCard(page, TIMBERLINE)).toBeVisible();
}

/** The header's cart toggle; its accessible name carries the item count. */
export function cartButton(page: Page): Locator {
  return page.getByRole('button', { name: /^Cart, \d+ items?$/ });
}

/** Radix's notifications region (F8 moves focus there); each toast is a list item in it. */
export function notifications(page: Page): Locator {
  return page.getByRole('region', { name: /^Notifications/ });
}
