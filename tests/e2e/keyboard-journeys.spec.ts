import type { Locator, Page, TestInfo } from '@playwright/test';
import { ACCESS_CODE_PATTERN } from '../../contracts/beta';
import { CONFIRMATION_CODE_PATTERN, DEMO_BOOKINGS } from '../../contracts/bookings';
import { APP_ROUTES } from '../../contracts/routes';
import { makeMediaFixtures } from '../helpers/media-files';
import { expect, test } from './fixtures';
import {
  cartButton,
  cartPanel,
  expectFocusVisible,
  failedResourceLog,
  gotoLanding,
  holdRequests,
  injectWallet,
  mailTo,
  resultCount,
  resultsRegion,
  tab,
  tabTo,
} from './helpers';

/*
 * Issue 10: the six journeys of the site done with the keyboard alone. Each starts with page.goto
 * and then only presses keys: no click, no fill, no focus(). Every Tab and Shift+Tab is checked for
 * a visible focus indicator (tabTo and tab in helpers.ts), and tabTo fails after a bounded number
 * of presses, so a focus trap or an unreachable control fails the journey. Where a dialog closes,
 * focus is expected back on the control that opened it. The one step outside the page is the
 * operating system's file chooser, which Playwright answers once the keyboard has opened it.
 */

test.use({ reducedMotion: 'reduce' });

const PHONE = '(415) 555-0132';
const PHOTO = 'lake-sunrise.png';
const PHOTO_ALT = 'Sunrise over a calm lake, mist on the water';
const [FLIGHT] = DEMO_BOOKINGS;
if (!FLIGHT) throw new Error('No demo bookings');
const FLIGHT_TITLE = FLIGHT.bookingDetails.title;
/** The flight's amount as the payment step writes it. */
const FLIGHT_AMOUNT = '$687.50';
/** Room for the longest journey (see its comment). */
const BETA_JOURNEY_TIMEOUT_MS = 180_000;
/** More arrow presses than any header menu has items. */
const MAX_MENU_PRESSES = 40;

const skipLink = (page: Page) => page.getByRole('link', { name: 'Skip to main content' });

/** The first Tab of a page lands on the skip link, shown; Enter moves focus to the main content. */
async function useSkipLink(page: Page) {
  const where = new URL(page.url()).pathname;
  await tab(page);
  await expect(skipLink(page), `the first Tab on ${where}`).toBeFocused();
  await expect(skipLink(page), `the skip link on ${where}`).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main'), `the skip link on ${where}`).toBeFocused();
}

/** An address no other test (or earlier run against this database) used. */
function uniqueEmail(testInfo: TestInfo, label: string): string {
  const nonce = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return `${label}-${testInfo.project.name}-${nonce}@example.com`;
}

/**
 * Presses an arrow key and holds it until focus is on `next`, as a person's key press lasts: Radix
 * moves focus in a timer after the key goes down, and a radio it moves to is chosen only while an
 * arrow key is still down (Playwright's own press lets go at once, and loses that race at times).
 */
async function holdArrow(page: Page, key: string, next: Locator) {
  await page.keyboard.down(key);
  await expect(next).toBeFocused();
  await page.keyboard.up(key);
  await expectFocusVisible(page, key);
}

/**
 * A toast, by its title. While a modal dialog is open the rest of the page (the toasts' region too)
 * is hidden from assistive technology, so hidden elements are included; Radix announces each
 * toast through its own live region meanwhile.
 */
const toastItem = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /^Notifications/, includeHidden: true })
    .getByRole('listitem', { includeHidden: true })
    .filter({ hasText: title });

/** A new step of the beta wizard: the progress moved on and its heading has focus. */
async function expectStep(dialog: Locator, step: number, name: string) {
  const progress = dialog.getByRole('progressbar', { name: 'Sign-up progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', String(step * 25));
  await expect(
    dialog.getByRole('heading', { level: 3, name: `Step ${step} of 4: ${name}` }),
  ).toBeFocused();
}

test.describe('keyboard-only journeys', () => {
  // A look in the page after every key press: each journey takes a few times a click-through test.
  test.slow();

  test('every page has a skip link that moves focus past the header to the main content', async ({
    page,
    consoleGuard,
  }) => {
    // Unknown ids and tokens are answered with a 404 by the API.
    consoleGuard.allow(failedResourceLog(404));
    /**
     * Each page, settled, by its heading. A page whose view changes after loading (a booking or a
     * receipt that is looked up) moves focus to its new heading; from there the skip link is the
     * way back, a few Shift+Tabs up. Elsewhere it is the first Tab stop.
     */
    const pages: { path: string; heading: string; focusOnHeading?: true }[] = [
      { path: APP_ROUTES.home, heading: 'Travel planning where no one gets left behind' },
      { path: APP_ROUTES.paymentDemo, heading: 'Payment Demo' },
      {
        path: `${APP_ROUTES.paymentSuccess}?booking=unknown`,
        heading: 'Booking Not Found',
        focusOnHeading: true,
      },
      { path: APP_ROUTES.mediaGallery, heading: 'Travel Media Gallery' },
      { path: APP_ROUTES.flightPlan, heading: 'Flight Plan' },
      { path: APP_ROUTES.emergencyInfo, heading: 'Emergency Information' },
      { path: APP_ROUTES.verifyEmail, heading: 'Invalid Verification Link' },
      { path: APP_ROUTES.bookings, heading: 'Booking History' },
      { path: '/bookings/unknown/receipt', heading: 'Receipt Not Found', focusOnHeading: true },
      { path: '/shared/unknown-token', heading: 'Shared travel media' },
      { path: '/shared-trip/unknown-token', heading: 'Shared trip itinerary' },
      { path: '/no-such-page', heading: '404 Page Not Found' },
    ];
    for (const { path, heading, focusOnHeading } of pages) {
      await page.goto(path);
      const title = page.getByRole('heading', { level: 1, name: heading });
      await expect(title).toBeVisible();
      if (focusOnHeading) {
        await expect(title).toBeFocused();
        await tabTo(page, skipLink(page), { key: 'Shift+Tab', max: 20 });
        await expect(skipLink(page), `the skip link on ${path}`).toBeInViewport();
        await page.keyboard.press('Enter');
        await expect(page.getByRole('main'), `the skip link on ${path}`).toBeFocused();
      } else {
        await useSkipLink(page);
      }
      // The next Tab goes on from the main content (into it, or past it when it has no
      // controls), never back to the header.
      await tab(page);
      expect(
        await page.evaluate(() => {
          const main = document.getElementById('main-content');
          const focused = document.activeElement;
          if (!main || !focused) return false;
          const position = main.compareDocumentPosition(focused);
          return (position & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
        }),
        `the Tab after the skip link on ${path} goes on from the main content`,
      ).toBe(true);
    }
  });

  test('search with a need filter: skip link, a place, a need ticked with Space, Enter; the cart opens and closes back to its button', async ({
    page,
  }) => {
    await gotoLanding(page);
    await useSkipLink(page);

    const to = page.getByLabel('To', { exact: true });
    await tabTo(page, to);
    await page.keyboard.type('national park');
    // Enter in a field sends the form.
    await page.keyboard.press('Enter');
    const results = resultsRegion(page);
    const everyPark = await resultCount(results);
    expect(everyPark).toBeGreaterThan(1);

    const hearing = page.getByRole('checkbox', { name: 'Hearing Support' });
    await tabTo(page, hearing);
    await page.keyboard.press('Space');
    await expect(hearing).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: 'Plot My Escape' }));
    const searched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/search');
    await page.keyboard.press('Enter');
    const answer = (await (await searched).json()) as {
      count: number;
      results: { name: string }[];
    };
    await expect(results.getByText(`${everyPark} destinations found`)).toHaveCount(0);
    const narrowed = await resultCount(results);
    expect(narrowed).toBe(answer.count);
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(everyPark);
    await expect(results).toContainText('with Hearing Support');
    await expect(
      page
        .getByRole('region', { name: 'Plan your escape' })
        .getByRole('status')
        .filter({
          hasText: `${narrowed} ${narrowed === 1 ? 'destination' : 'destinations'} found.`,
        }),
    ).toBeAttached();

    // The first result goes into the cart from its card, by keyboard.
    const first = answer.results[0]!.name;
    await tabTo(page, results.getByRole('button', { name: `Add to Cart: ${first}` }));
    await page.keyboard.press('Enter');
    await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

    // Back up to the cart in the header; its panel closes with Escape, focus back on the button.
    await tabTo(page, cartButton(page), { key: 'Shift+Tab', max: 80 });
    await page.keyboard.press('Enter');
    await expect(cartPanel(page)).toBeVisible();
    await expect(cartPanel(page).getByRole('listitem')).toHaveCount(1);
    await expect(cartPanel(page).getByRole('listitem').first()).toContainText(first);
    await tab(page);
    expect(await cartPanel(page).evaluate((panel) => panel.contains(document.activeElement))).toBe(
      true,
    );
    await page.keyboard.press('Escape');
    await expect(cartPanel(page)).toBeHidden();
    await expect(cartButton(page)).toBeFocused();
    await expectFocusVisible(page, 'the cart closed');
  });

  test('the whole beta wizard by keyboard ends on the access code, which verifies by e-mail', async ({
    page,
    context,
    checkA11y,
  }, testInfo) => {
    // Four steps by Tab and arrow keys, six axe scans and an e-mail round trip: on a busy
    // two-core machine this has taken 80 s, close to the 90 s of a slow test.
    test.setTimeout(BETA_JOURNEY_TIMEOUT_MS);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const email = uniqueEmail(testInfo, 'keyboard');
    await page.goto('/');
    const opener = page.getByRole('button', { name: 'Join Beta Testing' });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Join the Beta' });

    // Step 1: focus starts in First name; Enter in a field is Next.
    await expect(dialog.getByRole('textbox', { name: 'First name', exact: true })).toBeFocused();
    await expectFocusVisible(page, 'the wizard opened');
    await page.keyboard.type('Grace');
    await tab(page);
    await page.keyboard.type('Hopper');
    await tab(page);
    const country = dialog.getByRole('combobox', { name: 'Country of your phone number' });
    await expect(country).toBeFocused();
    await expect(country).toHaveValue('US');
    await tab(page);
    await page.keyboard.type(PHONE);
    await tab(page);
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');

    // Step 2: Space ticks a box; the selects take arrow keys.
    await expectStep(dialog, 2, 'Travel Profile');
    await checkA11y(page);
    await tab(page);
    const cruises = dialog.getByRole('checkbox', { name: 'Cruises' });
    await expect(cruises).toBeFocused();
    await page.keyboard.press('Space');
    await expect(cruises).toBeChecked();
    const mobility = dialog.getByRole('checkbox', { name: 'Mobility' });
    await tabTo(page, mobility);
    await page.keyboard.press('Space');
    await expect(mobility).toBeChecked();
    const frequency = dialog.getByRole('combobox', { name: 'How often do you travel?' });
    await tabTo(page, frequency);
    await page.keyboard.press('ArrowDown');
    await expect(frequency).toHaveValue('monthly');
    await tabTo(page, dialog.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');

    // Step 3: radios by arrow keys, switches by Space; text messages are on by default.
    await expectStep(dialog, 3, 'Communication Preferences');
    const both = dialog.getByRole('radio', { name: 'Both' });
    await expect(both).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Text message notifications' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'E-mail notifications' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Feedback reminders' })).toBeChecked();
    await checkA11y(page);
    await tabTo(page, both);
    await page.keyboard.press('ArrowUp');
    await expect(dialog.getByRole('radio', { name: 'Both' })).not.toBeChecked();
    await page.keyboard.press('ArrowDown');
    await expect(both).toBeChecked();
    await expect(both).toBeFocused();
    const marketing = dialog.getByRole('switch', { name: 'Marketing e-mails' });
    await expect(marketing).not.toBeChecked();
    await tabTo(page, marketing);
    await page.keyboard.press('Space');
    await expect(marketing).toBeChecked();
    await tabTo(page, dialog.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');

    // Step 4: the four agreements, then submit.
    await expectStep(dialog, 4, 'Legal Agreements');
    await expect(dialog.getByText('Required fields are marked with an asterisk')).toBeVisible();
    await checkA11y(page);
    const agreements = dialog.getByRole('checkbox');
    await expect(agreements).toHaveCount(4);
    for (const agreement of await agreements.all()) {
      await expect(agreement).toHaveAttribute('required');
      await tabTo(page, agreement);
      await page.keyboard.press('Space');
      await expect(agreement).toBeChecked();
    }
    await tabTo(page, dialog.getByRole('button', { name: 'Complete Sign-up' }));
    const request = page.waitForRequest('**/api/beta/signup');
    await page.keyboard.press('Enter');
    expect((await request).postDataJSON()).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: PHONE,
      email,
      countryCode: 'US',
      preferredContact: 'both',
      travelInterests: ['cruise'],
      accessibilityNeeds: ['mobility'],
      travelFrequency: 'monthly',
      emailNotifications: true,
      smsNotifications: true,
      marketingEmails: true,
      feedbackReminders: true,
      agreedToTerms: true,
      agreedToPrivacy: true,
      agreedToDataProcessing: true,
      agreedToFeedback: true,
    });

    // The dialog now shows the access code, which Copy code puts on the clipboard.
    const joined = page.getByRole('dialog', { name: 'Welcome to the Beta' });
    await expect(joined.getByRole('heading', { name: 'Your access code' })).toBeFocused();
    const codeText = joined.getByText(/^BETA-/);
    await expect(codeText).toHaveText(ACCESS_CODE_PATTERN);
    const accessCode = (await codeText.innerText()).trim();
    await expect(joined).toContainText(`We sent a verification e-mail to ${email}`);
    await expect(toastItem(page, 'Welcome to the Beta')).toContainText(accessCode);
    await checkA11y(page);
    await tabTo(page, joined.getByRole('button', { name: 'Copy code' }));
    await page.keyboard.press('Enter');
    await expect(joined.getByRole('status')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(accessCode);

    // Done closes the dialog and focus returns to the opener; opened again, it still shows the
    // code. (Escape would first dismiss the toast, the topmost layer, while it is shown.)
    const done = joined.getByRole('button', { name: 'Done' });
    await tabTo(page, done);
    await page.keyboard.press('Enter');
    await expect(joined).toBeHidden();
    await expect(opener).toBeFocused();
    await expectFocusVisible(page, 'the wizard closed');
    await page.keyboard.press('Enter');
    await expect(joined.getByText(accessCode)).toBeVisible();
    await tabTo(page, done);
    await page.keyboard.press('Enter');
    await expect(joined).toBeHidden();
    await expect(opener).toBeFocused();

    // The mailed link (opened from the mail program: a new visit) confirms the address.
    const mail = await mailTo(email);
    const link = /https?:\/\/\S+?(\/verify-email\?token=[^\s"<&]+&email=[^\s"<&]+)/.exec(mail)?.[1];
    expect(link, 'a verification link in the mail').toBeDefined();
    const release = await holdRequests(page, '**/api/beta/verify-email**');
    await page.goto(link!);
    const verifying = page.getByRole('status').filter({ hasText: 'Verifying your email…' });
    await expect(verifying).toBeVisible();
    // Under prefers-reduced-motion the spinner stands still.
    const spin = await verifying
      .locator('svg')
      .evaluate((node) => getComputedStyle(node).animationName);
    expect(spin).toBe('none');
    await checkA11y(page);
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Email Verified' })).toBeFocused();
    await expect(page.getByText(accessCode, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What is done' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What’s next' })).toBeVisible();
    await checkA11y(page);
    await tabTo(page, page.getByRole('link', { name: 'Start Using' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('a chat exchange by keyboard: open, ask, see the typing indicator still, read the reply, close back to the button', async ({
    page,
    checkA11y,
  }) => {
    await gotoLanding(page);
    // The floating button comes last in the page: from the top, Shift+Tab goes round to it.
    const opener = page.getByRole('button', { name: 'Chat with Beth, your AI travel assistant' });
    await tabTo(page, opener, { key: 'Shift+Tab', max: 30 });
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: /Beth/ });
    const box = panel.getByLabel('Message Beth');
    await expect(box).toBeFocused();
    await expectFocusVisible(page, 'the chat opened');

    const release = await holdRequests(page, '**/api/chat');
    await page.keyboard.type('Which destinations are free?');
    await page.keyboard.press('Enter');
    await expect(box).toHaveValue('');
    const dots = panel.getByTestId('typing-indicator');
    await expect(dots).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Beth is typing' })).toBeAttached();
    // Under prefers-reduced-motion the dots do not bounce.
    const animation = await dots
      .locator('span')
      .first()
      .evaluate((el) => getComputedStyle(el).animationName);
    expect(animation).toBe('none');
    await expect(panel.getByRole('button', { name: 'Send' })).toBeDisabled();
    release();
    const reply = panel.getByRole('listitem').filter({ hasText: 'Destinations' }).last();
    await expect(reply).toBeVisible();
    await expect(dots).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: /^Beth says: / })).toBeAttached();

    // A second question by Enter; Shift+Enter is a new line, not a send.
    await page.keyboard.type('Is Mexico safe?');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('For a wheelchair user');
    await expect(box).toHaveValue('Is Mexico safe?\nFor a wheelchair user');
    await page.keyboard.press('Enter');
    await expect(
      panel.getByRole('listitem').filter({ hasText: 'Mexico is at Level 2' }),
    ).toBeVisible();

    // Focus stays in the panel however far it goes (a modal dialog), visibly, both ways.
    for (const key of ['Tab', 'Shift+Tab'] as const) {
      for (let press = 0; press < 8; press++) {
        await tab(page, key);
        expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      }
    }
    await checkA11y(page);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(opener).toBeFocused();
    await expectFocusVisible(page, 'the chat closed');
  });

  test('creating a trip and adding an item by keyboard: New Trip, the calendar by arrow keys, Add Item', async ({
    page,
  }) => {
    await page.goto(APP_ROUTES.flightPlan);
    await expect(page.getByRole('heading', { level: 2, name: 'No trips yet' })).toBeVisible();
    await useSkipLink(page);
    const newTrip = page.getByRole('button', { name: 'New Trip', exact: true });
    await tabTo(page, newTrip);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'New Trip' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Trip Title')).toBeFocused();
    await page.keyboard.type('Porto by keyboard');
    await tab(page);
    await expect(dialog.getByLabel('Destination')).toBeFocused();
    await page.keyboard.type('Porto, Portugal');
    await tab(page);
    const start = dialog.getByLabel(/^Start Date/);
    await expect(start).toBeFocused();
    // Chromium's date field takes the digits in the locale's order (en-US: month, day, year).
    await page.keyboard.type('03022027');
    await expect(start).toHaveValue('2027-03-02');
    await tabTo(page, dialog.getByRole('button', { name: 'Create Trip Plan' }), { max: 12 });
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    // The dialog made something new: focus goes to the new trip's heading, not back to New Trip.
    const heading = page.getByRole('heading', { level: 2, name: 'Porto by keyboard', exact: true });
    await expect(heading).toBeFocused();
    const month = page.getByRole('heading', { level: 3, name: /^[A-Z][a-z]+ \d{4}$/ });
    await expect(month).toHaveText('March 2027');

    // Into the grid: its one tab stop is the trip's first day (nothing is chosen yet).
    const grid = page.getByRole('grid');
    const day = (date: string) => grid.locator(`button[data-date="${date}"]`);
    await tabTo(page, grid.locator('button[data-date][tabindex="0"]'));
    await expect(day('2027-03-02')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(day('2027-03-03')).toBeFocused();
    await expectFocusVisible(page, 'ArrowRight in the calendar');
    await page.keyboard.press('ArrowDown');
    await expect(day('2027-03-10')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(day('2027-03-03')).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(day('2027-03-02')).toBeFocused();
    await page.keyboard.press('Enter');
    const dayPanel = page.getByRole('region', { name: /^(Plan for |Choose a day)/ });
    await expect(dayPanel).toHaveAccessibleName('Plan for Tuesday 2 March 2027');

    const addItem = page.getByRole('button', { name: 'Add Item', exact: true });
    await tabTo(page, addItem, { max: 10 });
    await page.keyboard.press('Enter');
    const addDialog = page.getByRole('dialog', { name: 'Add Item' });
    await expect(addDialog).toBeVisible();
    const radios = addDialog.getByRole('radiogroup', { name: 'Time of day' });
    await tabTo(page, radios.getByRole('radio', { name: 'All Day' }), { max: 5 });
    // Radix radios: the arrow keys move and choose (Morning, Afternoon, Evening, Night, All Day).
    const night = radios.getByRole('radio', { name: 'Night 12AM-6AM' });
    await holdArrow(page, 'ArrowLeft', night);
    await expect(night).toBeChecked();
    const evening = radios.getByRole('radio', { name: 'Evening 6PM-12AM' });
    await holdArrow(page, 'ArrowLeft', evening);
    await expect(evening).toBeChecked();

    const quickFlight = addDialog.getByRole('button', { name: 'Add Flight ($350)' });
    await tabTo(page, quickFlight, { max: 5 });
    await page.keyboard.press('Enter');
    await expect(addDialog.getByText('Flight added to Evening')).toBeVisible();
    await expect(quickFlight).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(addDialog).toBeHidden();
    await expect(addItem).toBeFocused();
    await expectFocusVisible(page, 'Add Item closed');
    await expect(
      dayPanel.getByRole('region', { name: 'Evening (6PM-12AM)', exact: true }),
    ).toContainText('$350.00 · Not booked');
    await expect(day('2027-03-02')).toHaveAccessibleName(
      'Tuesday 2 March 2027, 1 item: Flight, in the trip',
    );
  });

  test('uploading a photo by keyboard: Upload Media, browse files, describe it, upload; View closes back to its button', async ({
    page,
  }) => {
    // A real PNG, made by ffmpeg; only its bytes are needed, so its folder goes at once.
    const fixtures = await makeMediaFixtures();
    const png = fixtures.png;
    await fixtures.close();
    await page.goto(APP_ROUTES.mediaGallery);
    await expect(page.getByText('No media files yet', { exact: true })).toBeVisible();
    await useSkipLink(page);
    const uploadButton = page.getByRole('button', { name: 'Upload Media' });
    await tabTo(page, uploadButton);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Upload Media' });
    await expect(dialog).toBeVisible();

    // "browse files" opens the system file picker, the one step outside the page. On a busy
    // machine one run's Enter on the button brought no picker while Uppy's Dashboard was still
    // starting: a person would look and press again, and so does this.
    const browse = dialog.getByRole('button', { name: 'browse files' });
    await expect(async () => {
      await tabTo(page, browse, { max: 10 });
      const chooser = page.waitForEvent('filechooser', { timeout: 5_000 });
      await page.keyboard.press('Enter');
      await (await chooser).setFiles({ name: PHOTO, mimeType: 'image/png', buffer: png });
    }).toPass({ timeout: 30_000 });
    const start = dialog.getByRole('button', { name: 'Upload 1 file' });
    await expect(start).toBeVisible();

    // Uppy's details panel: the description becomes the photo's text alternative.
    await tabTo(page, dialog.getByRole('button', { name: `Edit file ${PHOTO}` }), { max: 15 });
    await page.keyboard.press('Enter');
    // Uppy puts focus in the panel's first field a moment after it opens: wait for it there, as a
    // person would, before going on (a Tab sooner would be pulled back).
    await expect(dialog.getByLabel('File name', { exact: true })).toBeFocused();
    await expect(dialog.getByLabel('File name', { exact: true })).toHaveValue(PHOTO);
    await expectFocusVisible(page, 'the details panel opened');
    const description = dialog.getByRole('textbox', { name: /^Description/ });
    await tabTo(page, description, { max: 10 });
    await page.keyboard.type(PHOTO_ALT);
    // Uppy's panel saves what its last effect saw, and effects run after the next paint: a Save
    // within a frame of the last keystroke (faster than any hand, as on a loaded machine) would
    // save the text without it. Wait for two frames, as a person's pause would.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await tabTo(page, dialog.getByRole('button', { name: 'Save changes' }), { max: 10 });
    await page.keyboard.press('Enter');
    await expect(description).toBeHidden();

    const recorded = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/media' && r.request().method() === 'PUT',
    );
    await tabTo(page, start, { max: 15 });
    await page.keyboard.press('Enter');
    expect((await recorded).status()).toBe(201);
    // The dialog closes by itself once the file is in, and focus goes back to its button.
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(uploadButton).toBeFocused();
    await expectFocusVisible(page, 'the uploader closed');

    const card = page.getByRole('tabpanel').getByRole('article', { name: PHOTO, exact: true });
    await expect(card.getByRole('img', { name: PHOTO_ALT, exact: true })).toBeVisible();

    // View opens it larger; its own Close button closes it, and focus is back on View.
    const view = page.getByRole('button', { name: `View ${PHOTO}`, exact: true });
    await tabTo(page, view);
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: PHOTO });
    await expect(viewer).toContainText(`Description: ${PHOTO_ALT}`);
    await tabTo(page, viewer.getByRole('button', { name: 'Close' }), { max: 10 });
    await page.keyboard.press('Enter');
    await expect(viewer).toBeHidden();
    await expect(view).toBeFocused();
    await expectFocusVisible(page, 'the viewer closed');
  });

  test('paying with the wallet by keyboard: a booking, the wallet radio by arrow keys, Connect, Pay, then the history and the receipt through the menu', async ({
    page,
    consoleGuard,
    isMobile,
  }) => {
    // The payment step asks for a card payment first, which is a 503 in demo mode.
    consoleGuard.allow(failedResourceLog(503));
    await injectWallet(page);
    await page.goto(APP_ROUTES.paymentDemo);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Demo' })).toBeVisible();
    await useSkipLink(page);
    const stepHeading = (name: string) =>
      page.getByRole('heading', { level: 2, name: new RegExp(`^Step \\d of 3: ${name}$`) });

    await tabTo(page, page.getByRole('button', { name: `Select ${FLIGHT_TITLE}`, exact: true }));
    await page.keyboard.press('Enter');
    await expect(stepHeading('Pay for your booking')).toBeFocused();

    // Tab into the radio group lands on the checked option; an arrow key moves and chooses.
    const methods = page.getByRole('radiogroup', { name: 'Payment method' });
    const card = methods.getByRole('radio', { name: 'Card', exact: true });
    const wallet = methods.getByRole('radio', { name: 'Crypto wallet', exact: true });
    await tabTo(page, card);
    await holdArrow(page, 'ArrowDown', wallet);
    await expect(wallet).toBeChecked();
    await holdArrow(page, 'ArrowUp', card);
    await expect(card).toBeChecked();
    await holdArrow(page, 'ArrowRight', wallet);
    await expect(wallet).toBeChecked();

    await tab(page);
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeFocused();
    await page.keyboard.press('Enter');
    const pay = page.getByRole('button', { name: `Pay ${FLIGHT_AMOUNT} with wallet` });
    await expect(page.getByText('Connected wallet:')).toBeVisible();
    // The button that did its work is gone: focus moves on to Pay.
    await expect(pay).toBeFocused();
    await expectFocusVisible(page, 'the wallet connected');
    await page.keyboard.press('Space');
    await expect(stepHeading('Booking Confirmed')).toBeFocused();
    const code = (await page.getByTestId('confirmation-code').innerText()).trim();
    expect(code).toMatch(CONFIRMATION_CODE_PATTERN);
    expect(await page.evaluate(() => window.__sentTransactions.length)).toBe(1);

    // Try Another Booking goes back to the list.
    await tabTo(page, page.getByRole('button', { name: 'Try Another Booking' }));
    await page.keyboard.press('Enter');
    await expect(stepHeading('Choose a booking')).toBeFocused();
    await expect(page).toHaveURL(APP_ROUTES.paymentDemo);

    // The header's menu (Touchdown on a wide screen, Menu on a phone) leads to the history.
    const menu = page
      .getByRole('banner')
      .getByRole('button', { name: isMobile ? 'Menu' : 'Touchdown', exact: true });
    await tabTo(page, menu, { key: 'Shift+Tab' });
    await page.keyboard.press('Enter');
    const historyItem = page.getByRole('menuitem', { name: 'Booking History' });
    for (let press = 0; press < MAX_MENU_PRESSES; press++) {
      if (await historyItem.evaluate((item) => item === document.activeElement)) break;
      await page.keyboard.press('ArrowDown');
      await expectFocusVisible(page, 'ArrowDown in the menu');
    }
    await expect(historyItem).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(APP_ROUTES.bookings);
    await expect(page.getByRole('heading', { level: 1, name: 'Booking History' })).toBeFocused();
    const entry = page.getByRole('article', { name: FLIGHT_TITLE }).filter({ hasText: code });
    await expect(entry).toContainText('Confirmed');
    await expect(entry).toContainText('Paid');

    // Its receipt: the code and the amount.
    await tabTo(page, entry.getByRole('link', { name: `Receipt for ${FLIGHT_TITLE}` }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeFocused();
    await expect(page.getByRole('main')).toContainText(code);
    await expect(page.getByRole('main')).toContainText(`${FLIGHT_AMOUNT} USD`);
  });
});
