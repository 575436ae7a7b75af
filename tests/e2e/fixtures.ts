import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** The WCAG levels the site promises: 2.0, 2.1 and 2.2 at A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface ConsoleGuard {
  /**
   * Lets a test accept console errors it causes on purpose (a mocked 500, a 404 document). Only
   * messages matching one of the patterns are ignored; every other error still fails the test.
   */
  allow(pattern: RegExp): void;
}

/**
 * Waits (up to 2 s) for the page's finite animations and transitions to end: axe measures colours
 * as painted, and a panel still fading in (Uppy's editor, a dialog) reads as too little contrast.
 * Endless ones (a spinner) are not waited for.
 */
async function finishEntranceAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([
      Promise.allSettled(finite.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
  });
}

interface Fixtures {
  /** Runs axe with the WCAG A/AA tags on the page as it is now and expects no violations. */
  checkA11y: (page: Page) => Promise<void>;
  /** Fails the test on any console.error or uncaught page error (auto: every test has it). */
  consoleGuard: ConsoleGuard;
}

/**
 * A pre-rendered page is on screen before the app has hydrated it, and a click meanwhile does
 * nothing (as for any server-rendered site). The app marks <html data-app="ready"> once it has;
 * page.goto and page.reload wait for that, as a reader would wait for the page to respond.
 */
function waitForAppAfterLoads(page: Page) {
  const waitForApp = () =>
    page.waitForFunction(() => document.documentElement.dataset.app !== 'loading');
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (!options?.waitUntil || options.waitUntil === 'load') await waitForApp();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (!options?.waitUntil || options.waitUntil === 'load') await waitForApp();
    return response;
  };
}

export const test = base.extend<Fixtures>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) waitForAppAfterLoads(page);
    await use(page);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring pattern.
  checkA11y: async ({}, use, testInfo) => {
    await use(async (page: Page) => {
      await finishEntranceAnimations(page);
      // Run in the page itself (legacy mode), with only the violations' nodes collected: the
      // default opens a blank page to combine each frame's results, more than half of each
      // check's time (docs/quality.md).
      // Legacy mode cannot test a frame from another origin: the site shows none, and a page
      // that does fails here rather than pass untested.
      const origin = new URL(page.url()).origin;
      const foreign = page
        .frames()
        .map((frame) => frame.url())
        .filter((url) => url.startsWith('http') && new URL(url).origin !== origin);
      expect(foreign, `frames axe cannot test on ${page.url()}`).toEqual([]);
      const results = await new AxeBuilder({ page })
        .withTags(WCAG_TAGS)
        .setLegacyMode(true)
        .options({ resultTypes: ['violations'] })
        .analyze();
      const report = results.violations
        .map((violation) => {
          const targets = violation.nodes
            .map((node) => {
              const summary = (node.failureSummary ?? '').split('\n').join('\n        ');
              return `    - ${node.target.map(String).join(' >>> ')}\n        ${summary}`;
            })
            .join('\n');
          return `[${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${targets}`;
        })
        .join('\n\n');
      if (report) {
        await testInfo.attach(`axe-violations-${page.url()}`, {
          body: report,
          contentType: 'text/plain',
        });
      }
      expect(
        results.violations.length,
        `axe found ${results.violations.length} violation(s) on ${page.url()}:\n\n${report}\n`,
      ).toBe(0);
    });
  },

  consoleGuard: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const { url, lineNumber } = message.location();
        errors.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
      });
      page.on('pageerror', (error) => {
        errors.push(`pageerror: ${error.stack ?? error.message}`);
      });
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
