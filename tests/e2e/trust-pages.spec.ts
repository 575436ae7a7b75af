import type { Page } from '@playwright/test';
import { APP_ROUTES } from '../../contracts/routes';
import { expect, test } from './fixtures';
import { tabTo } from './helpers';

/*
 * Issue 27's trust pages (privacy, terms, accessibility, contact), in both projects (1280x800 and
 * 390x844): each has one h1, its date, a list of its sections that leads to them, and no axe
 * violation; the footer reaches each by keyboard; and the beta wizard's agreements link to them
 * without closing the wizard. Reflow at 320 px and 200% zoom, the skip link and visible focus are
 * checked for these routes with every other in a11y.spec.ts.
 */

const TRUST_PAGES = [
  { path: APP_ROUTES.privacy, title: 'Privacy policy' },
  { path: APP_ROUTES.terms, title: 'Terms of use' },
  { path: APP_ROUTES.accessibility, title: 'Accessibility statement' },
  { path: APP_ROUTES.contact, title: 'Contact us' },
] as const;

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const footerLink = (page: Page, name: string) =>
  page
    .getByRole('contentinfo')
    .getByRole('navigation', { name: 'About this site' })
    .getByRole('link', { name, exact: true });

test.describe('the trust pages', () => {
  for (const { path, title } of TRUST_PAGES) {
    test(`${path}: one h1, its date, sections listed and reached, and no axe violation`, async ({
      page,
      checkA11y,
    }) => {
      await page.goto(path);
      await expect(h1(page)).toHaveCount(1);
      await expect(h1(page)).toHaveText(title);
      await expect(page).toHaveTitle(`${title} - Accessible Journeys`);
      const main = page.getByRole('main');
      await expect(main.getByText(/^Last updated: \d{1,2} \w+ \d{4}$/)).toBeVisible();
      await expect(main.locator('time[datetime]')).toHaveAttribute(
        'datetime',
        /^\d{4}-\d{2}-\d{2}$/,
      );

      // The list of sections names each section's h2 and leads to it.
      const contents = main.getByRole('navigation', { name: 'On this page' });
      const links = contents.getByRole('link');
      expect(await links.count()).toBeGreaterThanOrEqual(3);
      const sectionHeadings = main.locator('section > h2');
      await expect(sectionHeadings).toHaveText(await links.allInnerTexts());
      for (const link of await links.all()) {
        const id = ((await link.getAttribute('href')) ?? '').replace(/^#/, '');
        await expect(main.locator(`section[id="${id}"] > h2`)).toHaveText(await link.innerText());
      }
      // No heading skips a level: h1, then h2s, then h3s inside them.
      const levels = await main
        .locator('h1, h2, h3, h4, h5, h6')
        .evaluateAll((headings) => headings.map((h) => Number(h.tagName.slice(1))));
      levels.forEach((level, i) => {
        if (i > 0) expect(level, `heading ${i + 1}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
      });

      const last = links.last();
      await last.click();
      const target = ((await last.getAttribute('href')) ?? '').replace(/^#/, '');
      await expect(page).toHaveURL(new RegExp(`${path}#${target}$`));
      await expect(main.locator(`section[id="${target}"] > h2`)).toBeInViewport();

      await checkA11y(page);
    });
  }

  test('the footer reaches each of them by keyboard', async ({ page }) => {
    test.slow();
    // From the last page round to the first, each reached by Tab from the one before's heading.
    let from: string = TRUST_PAGES[TRUST_PAGES.length - 1]!.path;
    await page.goto(from);
    for (const { path, title } of TRUST_PAGES) {
      const link = footerLink(page, title);
      await expect(link).toHaveAttribute('href', path);
      await tabTo(page, link, { max: 80 });
      await page.keyboard.press('Enter');
      await expect(page, `from ${from}`).toHaveURL(path);
      // A new page: focus is on its heading, so the next Tab starts from its top.
      await expect(h1(page)).toHaveText(title);
      await expect(h1(page)).toBeFocused();
      from = path;
    }
  });

  test('the contact page gives the address and says it is no emergency service', async ({
    page,
  }) => {
    await page.goto(APP_ROUTES.contact);
    const main = page.getByRole('main');
    const address = main.getByRole('link', { name: /^[^@\s]+@[^@\s]+$/ }).first();
    await expect(address).toHaveAttribute('href', /^mailto:[^@\s]+@[^@\s?]+$/);
    await expect(main.getByText('This is not an emergency service.')).toBeVisible();
    await main.getByRole('link', { name: /^Emergency Information/ }).click();
    await expect(h1(page)).toHaveText('Emergency Information');
  });
});

test.describe("the beta wizard's agreements", () => {
  test.use({ reducedMotion: 'reduce' });

  test('link to the terms and the privacy policy in a new tab; the wizard stays as it was', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Join Beta Testing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join the Beta' });
    await dialog.getByRole('textbox', { name: 'First name', exact: true }).fill('Ada');
    await dialog.getByRole('textbox', { name: 'Last name', exact: true }).fill('Lovelace');
    await dialog.getByRole('textbox', { name: 'Phone number', exact: true }).fill('(415) 555-0132');
    for (let step = 0; step < 3; step++) await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(
      dialog.getByRole('heading', { level: 3, name: /Legal Agreements$/ }),
    ).toBeFocused();

    const documents = [
      ['terms and conditions of the beta programme', APP_ROUTES.terms],
      ['privacy policy', APP_ROUTES.privacy],
      ['how we use your answers', `${APP_ROUTES.privacy}#beta-sign-ups`],
      ['what beta testers do', `${APP_ROUTES.terms}#beta-testing`],
    ] as const;
    for (const [name, href] of documents) {
      const link = dialog.getByRole('link', { name: `${name} (opens in a new tab)` });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
    const terms = dialog.getByRole('checkbox', { name: /^I agree to the terms/ });
    await expect(terms).toHaveAccessibleName(
      /^I agree to the terms and conditions of the beta programme \(opens in a new tab\)/,
    );
    await terms.check();

    // The privacy policy opens in a new tab; the box is not unticked by the click on its label's
    // link, and the wizard is still open on step 4.
    const opened = context.waitForEvent('page');
    await dialog.getByRole('link', { name: 'privacy policy (opens in a new tab)' }).click();
    const policy = await opened;
    await policy.waitForLoadState();
    expect(new URL(policy.url()).pathname).toBe(APP_ROUTES.privacy);
    await expect(h1(policy)).toHaveText('Privacy policy');
    const privacy = dialog.getByRole('checkbox', { name: /^I agree to the privacy policy/ });
    await expect(privacy).not.toBeChecked();
    await expect(terms).toBeChecked();
    await expect(dialog).toBeVisible();

    // A section the wizard links to is there, and the browser shows it.
    await policy.goto(`${APP_ROUTES.privacy}#beta-sign-ups`);
    await expect(
      policy.getByRole('heading', { level: 2, name: 'If you join the beta programme' }),
    ).toBeInViewport();
    await policy.goto(`${APP_ROUTES.terms}#beta-testing`);
    await expect(policy.getByRole('heading', { level: 2, name: 'Beta testing' })).toBeInViewport();
    await policy.close();
  });
});
