import fs from 'node:fs/promises';
import path from 'node:path';
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

/** The landing page's trip search section ("Plan your escape"). */
export function searchSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Plan your escape' });
}

/** The results of a search or a shortcut: a region named by its heading ("Camping results"). */
export function resultsRegion(page: Page, title = 'Search results'): Locator {
  return page.getByRole('region', { name: title, exact: true });
}

/** Reads the "N destinations found" line of a results region and returns N. */
export async function resultCount(region: Locator): Promise<number> {
  const line = region.getByText(/^\d+ destinations? found/);
  await expect(line).toBeVisible();
  const match = /^(\d+)/.exec(await line.innerText());
  if (!match) throw new Error('No result count');
  return Number(match[1]);
}

/**
 * Holds every request matching `url` until the returned function is called, then lets them through
 * to the real server: the page's pending state can be checked without any fixed wait.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await gate;
    await route.continue().catch(() => {
      // The page closed while the request was held: nothing left to answer.
    });
  });
  return release;
}

/** The header's cart panel (a modal dialog). */
export function cartPanel(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Your cart' });
}

/**
 * The text of the first mail the e2e server sent to `address`, waiting for it to arrive. The
 * config's SMTP receiver files every message it accepts as a .eml file in AJ_E2E_MAIL_DIR; the
 * text comes back with quoted-printable soft breaks and escapes undone.
 */
export async function mailTo(address: string, timeout = 15_000): Promise<string> {
  const dir = process.env.AJ_E2E_MAIL_DIR;
  if (!dir) throw new Error('AJ_E2E_MAIL_DIR is not set (see playwright.config.ts)');
  const to = new RegExp(`^To: .*${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi');
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const names = await fs.readdir(dir).catch(() => [] as string[]);
        for (const name of names.filter((n) => n.endsWith('.eml'))) {
          const text = (await fs.readFile(path.join(dir, name), 'utf8'))
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
          if (to.test(text)) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${address} in ${dir}`, timeout },
    )
    .toBe(true);
  return found ?? '';
}
