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

/**
 * Opens `path` as a newcomer and waits until the page's own requests are answered. Each answer to
 * a request sent without a session cookie hands out a new one, the last to arrive kept: a test's
 * first write through page.request, sent while they are on their way, would store a session
 * whose cookie one of them then replaces, leaving what the test wrote to nobody.
 */
export async function openSettled(page: Page, path = '/'): Promise<void> {
  await page.goto(path, { waitUntil: 'networkidle' });
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

/**
 * The texts of the first `count` mails the e2e server sent to `address`, in the order the
 * receiver got them (its file names number them), waiting until that many have arrived.
 */
export async function mailsTo(address: string, count: number, timeout = 15_000): Promise<string[]> {
  const dir = process.env.AJ_E2E_MAIL_DIR;
  if (!dir) throw new Error('AJ_E2E_MAIL_DIR is not set (see playwright.config.ts)');
  const to = new RegExp(`^To: .*${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi');
  const received = (name: string) => Number(/-(\d+)\.eml$/.exec(name)?.[1] ?? 0);
  let found: string[] = [];
  await expect
    .poll(
      async () => {
        const names = (await fs.readdir(dir).catch(() => [] as string[]))
          .filter((n) => n.endsWith('.eml'))
          .sort((a, b) => received(a) - received(b));
        found = [];
        for (const name of names) {
          const text = (await fs.readFile(path.join(dir, name), 'utf8'))
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
          if (to.test(text)) found.push(text);
        }
        return found.length;
      },
      { message: `${count} mails to ${address} in ${dir}`, timeout },
    )
    .toBeGreaterThanOrEqual(count);
  return found.slice(0, count);
}

/** What the focused element shows of its focus, as `readFocus` finds it in the page. */
export interface FocusIndicator {
  /** The focused element, for messages: tag, role and accessible-ish name. */
  element: string;
  /** Why the focus is not visible; empty when it is. */
  problem: string;
  /** Whether the element `readFocus` was given is the focused one. */
  reached: boolean;
}

/**
 * Runs in the page (so it uses nothing from outside itself): reads the focused element (into open
 * shadow roots) and whether it shows a focus indicator, an outline that is drawn (style not none,
 * width above 0, colour not transparent) or a box-shadow ring (a shadow with a spread above 0 in
 * a colour that is not transparent), on an element with a box to draw it around. Focus left on
 * the page itself counts as lost. Given an element, it also says whether that one has focus.
 */
function readFocus(target: Element | null): FocusIndicator {
  let element = document.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  const reached = target !== null && target === document.activeElement;
  if (!element || element === document.body || element === document.documentElement) {
    return { element: 'the page itself', problem: 'focus is lost to the page', reached };
  }
  const name = (
    element.getAttribute('aria-label') ??
    (element as HTMLInputElement).labels?.[0]?.textContent ??
    element.textContent ??
    ''
  )
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60);
  const role = element.getAttribute('role');
  const label = `<${element.tagName.toLowerCase()}${role ? ` role=${role}` : ''}> "${name}"`;
  // Computed colours are rgb(r, g, b) when opaque, rgba(r, g, b, a) or "… / a)" otherwise.
  const transparent = (color: string) =>
    color === 'transparent' || /^rgba\(.*,\s*0\)$/.test(color) || /\/\s*0\)$/.test(color);
  const style = getComputedStyle(element);
  const outline =
    style.outlineStyle !== 'none' &&
    parseFloat(style.outlineWidth) > 0 &&
    !transparent(style.outlineColor);
  // Each shadow is "color x y blur spread [inset]"; the colour may hold commas of its own.
  const shadows = style.boxShadow === 'none' ? [] : style.boxShadow.split(/,(?![^(]*\))/);
  const ring = shadows.some((shadow) => {
    const color = /^\s*((?:rgba?|oklch|oklab|lab|lch|color|hsla?)\([^)]*\)|#\w+|[a-z]+)/i.exec(
      shadow,
    )?.[1];
    const lengths = shadow.match(/-?[\d.]+px/g) ?? [];
    return color !== undefined && !transparent(color) && parseFloat(lengths[3] ?? '0') > 0;
  });
  const box = element.getBoundingClientRect();
  let problem = '';
  if (box.width < 2 || box.height < 2) problem = `it has no box (${box.width}x${box.height})`;
  else if (style.visibility === 'hidden') problem = 'it is hidden';
  else if (!outline && !ring) {
    problem = `no outline (${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}) and no ring (${style.boxShadow})`;
  }
  return { element: label, problem, reached };
}

function expectVisible(focus: FocusIndicator, after: string) {
  expect(focus.problem, `after ${after}, focus on ${focus.element} is not visible`).toBe('');
}

/** The focused element and whether its focus is visible (see `readFocus`). */
export async function describeFocus(page: Page): Promise<FocusIndicator> {
  return page.evaluate(readFocus, null);
}

/** Expects the focused element to show a visible focus indicator (see `readFocus`). */
export async function expectFocusVisible(page: Page, after: string): Promise<void> {
  expectVisible(await describeFocus(page), after);
}

/** Presses Tab (or Shift+Tab) once and expects the element it lands on to show its focus. */
export async function tab(page: Page, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  await page.keyboard.press(key);
  await expectFocusVisible(page, key);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, the way a keyboard user gets there, and
 * checks at every stop on the way that the focus is visible. Failing after `max` presses proves
 * the target cannot be reached: focus is trapped somewhere, or the target is not in the tab order.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { max = 40, key = 'Tab' }: { max?: number; key?: 'Tab' | 'Shift+Tab' } = {},
): Promise<void> {
  await expect(target).toBeAttached();
  if ((await target.evaluate(readFocus)).reached) return;
  const stops: string[] = [];
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(key);
    // One look in the page per press: where focus is, whether it shows, whether it arrived.
    const focus = await target.evaluate(readFocus);
    expectVisible(focus, key);
    if (focus.reached) return;
    stops.push(focus.element);
  }
  throw new Error(
    `${target.toString()} not reached after ${max} presses of ${key}; focus went:\n  ${stops.join('\n  ')}`,
  );
}

/** The injected wallet's one account (see `injectWallet`). */
export const WALLET_ADDRESS = '0x9f3b2c4d5e6f708192a3b4c5d6e7f8091a2b3c4d';
/** The local development chain the server's simulated confirmation uses (31337). */
export const SIMULATED_CHAIN_HEX = '0x7a69';

export interface SentTransaction {
  from: string;
  to: string;
  value: string;
}

declare global {
  interface Window {
    __sentTransactions: SentTransaction[];
  }
}

/**
 * A browser wallet (the far edge of a wallet payment): an EIP-1193 provider with one account, on
 * chain 31337, that sends whatever it is asked to and records it in `window.__sentTransactions`.
 */
export async function injectWallet(page: Page): Promise<void> {
  await page.addInitScript(
    ({ address, chainId }) => {
      window.__sentTransactions = [];
      const randomHash = () =>
        `0x${Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
      const provider = {
        isMetaMask: false,
        async request({ method, params }: { method: string; params?: unknown[] }) {
          switch (method) {
            case 'eth_requestAccounts':
            case 'eth_accounts':
              return [address];
            case 'eth_chainId':
              return chainId;
            case 'wallet_switchEthereumChain':
              return null;
            case 'eth_sendTransaction':
              window.__sentTransactions.push(params?.[0] as SentTransaction);
              return randomHash();
            default:
              throw Object.assign(new Error(`${method} is not supported`), { code: 4200 });
          }
        },
        on: () => provider,
        removeListener: () => provider,
      };
      Object.defineProperty(window, 'ethereum', { value: provider, configurable: true });
    },
    { address: WALLET_ADDRESS, chainId: SIMULATED_CHAIN_HEX },
  );
}

/**
 * Holds back the build's script whose file name starts with `chunk` (e.g. "index", the entry) until
 * the returned function is called, to use a page as it is before that code has arrived.
 */
export async function holdScript(page: Page, chunk: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/assets/${chunk}-[^/]+\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Waits until the service worker controls the page and has saved `paths` and every /assets/ file
 * the page loaded: from then on the page opens without a network.
 */
export async function expectSavedForOffline(page: Page, paths: string[]): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async (wanted) => {
          if (!navigator.serviceWorker.controller) return false;
          const assets = performance
            .getEntriesByType('resource')
            .map((entry) => entry.name)
            .filter((url) => new URL(url).pathname.startsWith('/assets/'));
          const urls = [...wanted, ...assets];
          const saved = await Promise.all(urls.map((url) => caches.match(url)));
          const missing = urls.filter((_, index) => !saved[index]);
          return missing.length === 0 ? true : missing.join(' ');
        }, paths),
      { timeout: 15_000, message: `saved for offline: ${paths.join(', ')}` },
    )
    .toBe(true);
}
