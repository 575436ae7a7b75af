import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_BOOKINGS, type Booking } from '../../contracts/bookings';
import type { MediaFile, ShareResult, UploadTicket } from '../../contracts/media';
import type { PlannerItem, Trip } from '../../contracts/planner';
import { APP_ROUTES, receiptPath, sharedMediaPath, sharedTripPath } from '../../contracts/routes';
import { expect, test, WCAG_TAGS } from './fixtures';
import {
  BANFF,
  describeFocus,
  destinationCard,
  failedResourceLog,
  gotoLanding,
  notifications,
  TIMBERLINE,
} from './helpers';

/*
 * Issue 10's accessibility matrix (WCAG 2.2 AA), run in both projects (1280x800 and 390x844):
 * every route of APP_ROUTES and the not-found page, each in a state with real data, loaded once and
 * then checked for axe violations, `lang`, the skip link, a visible and unobscured focus indicator
 * on the first focus stops, reflow at 320 px and at 200% zoom, and motion under
 * prefers-reduced-motion. Then the dialogs no other spec checks while open, and the live regions
 * that toasts and async results are announced through.
 *
 * Records are made through the page's own request context before its first page load: that
 * context shares the browser context's cookie jar, so the session cookie the first API answer sets
 * is the page's, and there is no page yet whose own first API call could start a second session.
 * The site has no dark theme (no prefers-color-scheme or dark: styles in client/), so light only.
 */

/** Focus stops walked from the top of the page (skip link, header, the start of the page). */
const STOPS_FROM_TOP = 20;
/** Focus stops walked from <main> after the skip link was followed. */
const STOPS_IN_MAIN = 15;
/** WCAG 1.4.10: content reflows at 320 CSS px wide (and 256 px high, so a phone on its side). */
const NARROW = { width: 320, height: 640 };
/** 1280x800 at 200% zoom is 640x400 CSS px. */
const ZOOMED_DESKTOP = { width: 640, height: 400 };
/** Long enough for two axe runs over the longest page on a busy machine. */
const ROUTE_TIMEOUT_MS = 120_000;
const SLOW_ROUTE_TIMEOUT_MS = 240_000;
/** What counts as no motion: the site's reduced-motion rule cuts every duration to 0.01 ms. */
const MAX_REDUCED_MOTION_SECONDS = 0.01;

const [FLIGHT] = DEMO_BOOKINGS;
if (!FLIGHT) throw new Error('No demo bookings');
const WALLET_ADDRESS = '0x9f3b2c4d5e6f708192a3b4c5d6e7f8091a2b3c4d';
/** A valid 2x2 PNG (the server makes its thumbnail), small enough to inline. */
const PHOTO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR42mOQi1oARAwQCgAcpgRh5betCQAAAABJRU5ErkJggg==',
  'base64',
);
const PHOTO_NAME = 'harbour-at-dawn.png';
const TRIP_TITLE = 'Lisbon in spring';
const ITEM_NAME = 'TAP 1234 to Lisbon';
const ITEM_DATE = '2027-03-02';

// ------------------------------------------------------------------------------- seeding records

async function created<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

async function pendingBooking(request: APIRequestContext): Promise<Booking> {
  return created<Booking>(
    await request.post('/api/bookings', {
      data: { ...FLIGHT, status: 'pending', paymentStatus: 'pending' },
    }),
  );
}

/** A booking paid with the (simulated) wallet: confirmed, with a code and a receipt. */
async function paidBooking(request: APIRequestContext): Promise<Booking> {
  const booking = await pendingBooking(request);
  const payment = await created<{ paymentId: string }>(
    await request.post('/api/create-blockchain-payment', {
      data: {
        bookingId: booking.id,
        walletAddress: WALLET_ADDRESS,
        amount: booking.totalAmount,
        currency: booking.currency,
      },
    }),
  );
  const hash = `0x${Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
  const confirmed = await created<{ booking: Booking }>(
    await request.post('/api/confirm-blockchain-payment', {
      data: { paymentId: payment.paymentId, transactionHash: hash },
    }),
  );
  return confirmed.booking;
}

/** One photo in the visitor's gallery, put in the way the uploader does. */
async function photo(request: APIRequestContext): Promise<MediaFile> {
  const ticket = await created<UploadTicket>(
    await request.post('/api/media/upload', {
      data: { fileType: 'image/png', fileSize: PHOTO_PNG.length },
    }),
  );
  const put = await request.put(ticket.uploadURL, {
    headers: { 'content-type': 'image/png', ...ticket.headers },
    data: PHOTO_PNG,
  });
  expect(put.status(), await put.text()).toBe(200);
  return created<MediaFile>(
    await request.put('/api/media', {
      data: {
        mediaURL: ticket.uploadURL,
        fileName: PHOTO_NAME,
        fileType: 'image/png',
        fileSize: PHOTO_PNG.length,
        description: 'The harbour at dawn, boats at their moorings',
      },
    }),
  );
}

/** A trip in March 2027 with one item on its first day. */
async function tripWithItem(
  request: APIRequestContext,
): Promise<{ trip: Trip; item: PlannerItem }> {
  const trip = await created<Trip>(
    await request.post('/api/trip-planners', {
      data: {
        title: TRIP_TITLE,
        destination: 'Lisbon, Portugal',
        startDate: ITEM_DATE,
        endDate: '2027-03-05',
      },
    }),
  );
  const item = await created<PlannerItem>(
    await request.post('/api/planner-items', {
      data: {
        plannerId: trip.id,
        itemType: 'flight',
        itemName: ITEM_NAME,
        scheduledDate: ITEM_DATE,
        scheduledTime: 'morning',
        price: '350.00',
      },
    }),
  );
  return { trip, item };
}

// ------------------------------------------------------------------------------------ the routes

interface RouteCase {
  /** The APP_ROUTES pattern the case stands for (null: the not-found page). */
  route: string | null;
  /** What the test is called after. */
  name: string;
  /** Makes the records the page shows and returns the path to open. */
  path: (request: APIRequestContext) => Promise<string>;
  /** Waits until the page shows its data (no skeleton, no pending request). */
  settled: (page: Page) => Promise<void>;
  /** Console errors the page causes on purpose (a 404 document, a refused token). */
  allow?: RegExp[];
  /** axe takes longest on the pages that list the most. */
  slow?: boolean;
  /** A further check only this page needs, made on the same load. */
  also?: (page: Page) => Promise<void>;
}

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

const ROUTES: RouteCase[] = [
  {
    route: APP_ROUTES.home,
    name: "the landing page, where axe's target-size rule is seen to run",
    path: async () => APP_ROUTES.home,
    settled: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(destinationCard(page, BANFF)).toBeVisible();
      await expect(destinationCard(page, TIMBERLINE)).toBeVisible();
    },
    slow: true,
    also: async (page) => {
      // target-size (WCAG 2.5.8, 24x24 px) is off in axe's defaults; the wcag22aa tag the
      // checkA11y fixture asks for turns it on. It ran if it passed or failed somewhere.
      const results = await new AxeBuilder({ page })
        .withTags(WCAG_TAGS)
        .include('header')
        .analyze();
      const ran = [...results.passes, ...results.violations].map((rule) => rule.id);
      expect(ran, "axe's target-size rule runs under the site's tags").toContain('target-size');
    },
  },
  {
    route: APP_ROUTES.paymentDemo,
    name: 'the payment demo, on the payment step of a pending booking',
    path: async (request) =>
      `${APP_ROUTES.paymentDemo}?booking=${(await pendingBooking(request)).id}`,
    settled: async (page) => {
      await expect(h1(page, 'Payment Demo')).toBeVisible();
      await expect(page.getByRole('radiogroup', { name: 'Payment method' })).toBeVisible();
      // Without Stripe keys the card step says demo mode (its request answers 503).
      await expect(
        page.getByRole('alert').filter({ hasText: 'Stripe Not Configured' }),
      ).toBeVisible();
    },
    allow: [failedResourceLog(503)],
  },
  {
    route: APP_ROUTES.paymentSuccess,
    name: 'the payment status page after a paid booking',
    path: async (request) =>
      `${APP_ROUTES.paymentSuccess}?booking=${(await paidBooking(request)).id}`,
    settled: async (page) => {
      await expect(h1(page, 'Payment Confirmed')).toBeVisible();
    },
  },
  {
    route: APP_ROUTES.mediaGallery,
    name: 'the media gallery with a photo',
    path: async (request) => {
      await photo(request);
      return APP_ROUTES.mediaGallery;
    },
    settled: async (page) => {
      await expect(h1(page, 'Travel Media Gallery')).toBeVisible();
      await expect(page.getByRole('article', { name: PHOTO_NAME, exact: true })).toBeVisible();
    },
  },
  {
    route: APP_ROUTES.flightPlan,
    name: 'the trip planner with a trip and an item',
    path: async (request) =>
      `${APP_ROUTES.flightPlan}?trip=${(await tripWithItem(request)).trip.id}`,
    settled: async (page) => {
      await expect(page.getByRole('heading', { level: 2, name: TRIP_TITLE })).toBeVisible();
      const day = page.getByRole('grid').locator(`button[data-date="${ITEM_DATE}"]`);
      await expect(day).toHaveAccessibleName(/1 item/);
      // The chosen day's panel shows the item with its buttons.
      await day.click();
      await expect(page.getByRole('button', { name: `Edit ${ITEM_NAME}` })).toBeVisible();
    },
  },
  {
    route: APP_ROUTES.emergencyInfo,
    name: 'the emergency information',
    path: async () => APP_ROUTES.emergencyInfo,
    settled: async (page) => {
      await expect(h1(page, 'Emergency Information')).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    },
    slow: true,
  },
  {
    route: APP_ROUTES.verifyEmail,
    name: 'the verify-email page with a wrong token',
    path: async () => `${APP_ROUTES.verifyEmail}?token=not-the-token&email=nobody%40example.com`,
    settled: async (page) => {
      await expect(h1(page, 'Verification Failed')).toBeVisible();
    },
    allow: [failedResourceLog(400)],
  },
  {
    route: APP_ROUTES.bookings,
    name: 'the booking history with a paid and a pending booking',
    path: async (request) => {
      await paidBooking(request);
      await pendingBooking(request);
      return APP_ROUTES.bookings;
    },
    settled: async (page) => {
      await expect(h1(page, 'Booking History')).toBeVisible();
      await expect(page.getByRole('article', { name: FLIGHT.bookingDetails.title })).toHaveCount(2);
    },
  },
  ...(
    [
      [APP_ROUTES.privacy, 'the privacy policy', 'Privacy policy'],
      [APP_ROUTES.terms, 'the terms of use', 'Terms of use'],
      [APP_ROUTES.accessibility, 'the accessibility statement', 'Accessibility statement'],
      [APP_ROUTES.contact, 'the contact page', 'Contact us'],
    ] as const
  ).map(([route, name, title]): RouteCase => ({
    route,
    name,
    path: async () => route,
    settled: async (page) => {
      await expect(h1(page, title)).toBeVisible();
    },
  })),
  {
    route: APP_ROUTES.receipt,
    name: 'the receipt of a paid booking',
    path: async (request) => receiptPath((await paidBooking(request)).id),
    settled: async (page) => {
      await expect(h1(page, 'Receipt')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Print receipt' })).toBeVisible();
    },
  },
  {
    route: APP_ROUTES.sharedMedia,
    name: 'a shared media page',
    path: async (request) => {
      const file = await photo(request);
      const share = await created<ShareResult>(
        await request.post('/api/media/share', {
          data: { mediaIds: [file.id], shareType: 'social', socialPlatform: 'facebook' },
        }),
      );
      return sharedMediaPath(new URL(share.shareUrl).pathname.split('/').pop() ?? '');
    },
    settled: async (page) => {
      await expect(h1(page, 'Shared travel media')).toBeVisible();
      await expect(page.getByRole('article', { name: PHOTO_NAME, exact: true })).toBeVisible();
    },
  },
  {
    route: APP_ROUTES.sharedTrip,
    name: 'a shared trip itinerary',
    path: async (request) => {
      const { trip } = await tripWithItem(request);
      const share = await created<{ shareUrl: string }>(
        await request.post(`/api/trip-planners/${trip.id}/shares`, {
          data: { expiresInDays: null },
        }),
      );
      return sharedTripPath(new URL(share.shareUrl).pathname.split('/').pop() ?? '');
    },
    settled: async (page) => {
      await expect(h1(page, 'Shared trip itinerary')).toBeVisible();
      await expect(page.getByText(ITEM_NAME)).toBeVisible();
    },
  },
  {
    route: APP_ROUTES.account,
    name: 'the account page of a visitor who is not signed in',
    path: async () => APP_ROUTES.account,
    settled: async (page) => {
      await expect(h1(page, 'Your account')).toBeVisible();
      await expect(page.getByRole('main').getByRole('button', { name: 'Sign in' })).toBeVisible();
    },
  },
  {
    route: APP_ROUTES.signInLink,
    name: 'the mailed sign-in link’s page, before its Sign in is pressed',
    path: async () => `${APP_ROUTES.signInLink}?token=not-the-token`,
    settled: async (page) => {
      await expect(h1(page, 'Sign in')).toBeVisible();
      await expect(page.getByRole('main').getByRole('button', { name: 'Sign in' })).toBeVisible();
    },
  },
  {
    route: null,
    name: 'the not-found page',
    path: async () => '/no-such-page',
    settled: async (page) => {
      await expect(h1(page, '404 Page Not Found')).toBeVisible();
    },
    allow: [failedResourceLog(404)],
  },
];

// ------------------------------------------------------------------------------------- the checks

/** Where the focused element is: on screen, and not under another element (the sticky header). */
interface FocusPlace {
  isBody: boolean;
  inViewport: boolean;
  unobscured: boolean;
}

async function focusPlace(page: Page): Promise<FocusPlace> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body || element === document.documentElement) {
      return { isBody: true, inViewport: false, unobscured: false };
    }
    const rect = element.getBoundingClientRect();
    const left = Math.max(rect.left, 0);
    const right = Math.min(rect.right, window.innerWidth);
    const top = Math.max(rect.top, 0);
    const bottom = Math.min(rect.bottom, window.innerHeight);
    const inViewport = right > left && bottom > top;
    // WCAG 2.4.11: some of it can be seen. Nine points across the visible part of its box.
    const inset = (a: number, b: number) => Math.min(2, (b - a) / 2);
    const xs = [left + inset(left, right), (left + right) / 2, right - inset(left, right)];
    const ys = [top + inset(top, bottom), (top + bottom) / 2, bottom - inset(top, bottom)];
    const unobscured =
      inViewport &&
      xs.some((x) =>
        ys.some((y) => {
          const hit = document.elementFromPoint(x, y);
          return hit !== null && (hit === element || element.contains(hit));
        }),
      );
    return { isBody: false, inViewport, unobscured };
  });
}

/**
 * Presses Tab up to `stops` times: every element reached shows a focus indicator (an outline or a
 * ring, see describeFocus) and is on screen, not hidden under another element.
 */
async function walkFocus(page: Page, stops: number, from: string) {
  for (let i = 1; i <= stops; i++) {
    await page.keyboard.press('Tab');
    const place = await focusPlace(page);
    // Past the last control the browser's own UI has focus: the page is done.
    if (place.isBody) break;
    const focus = await describeFocus(page);
    const where = `focus stop ${i} from ${from}, ${focus.element}`;
    expect.soft(focus.problem, `${where}: the focus indicator`).toBe('');
    expect.soft(place.inViewport, `${where}: scrolled into view`).toBe(true);
    expect.soft(place.unobscured, `${where}: not hidden under another element`).toBe(true);
  }
}

/**
 * Puts the sequential focus navigation point at the top of the document, where a visitor who has
 * just opened the page starts (some pages move focus to their heading once their data arrives).
 */
async function focusFromTop(page: Page) {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    document.body.tabIndex = -1;
    document.body.focus();
    document.body.removeAttribute('tabindex');
  });
}

/** The elements that stick out past the right edge: what makes a page scroll sideways. */
async function horizontalOverflow(page: Page): Promise<{ overflow: boolean; culprits: string[] }> {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const root = document.documentElement;
    const overflow = root.scrollWidth > root.clientWidth;
    const culprits: string[] = [];
    if (overflow) {
      for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        const rect = element.getBoundingClientRect();
        if (rect.width > 0 && rect.right > root.clientWidth + 1) {
          const classes = typeof element.className === 'string' ? element.className : '';
          culprits.push(
            `<${element.tagName.toLowerCase()} class="${classes.slice(0, 80)}"> right=${Math.round(rect.right)}`,
          );
        }
        if (culprits.length >= 8) break;
      }
    }
    return { overflow, culprits };
  });
}

async function expectNoHorizontalScroll(page: Page, label: string) {
  const { overflow, culprits } = await horizontalOverflow(page);
  expect
    .soft(overflow, `${label}: the page scrolls sideways because of\n${culprits.join('\n')}`)
    .toBe(false);
}

/** Under prefers-reduced-motion nothing moves: no running animation, no transition to wait for. */
async function expectNoMotion(page: Page) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const moving = await page.evaluate(async (limit) => {
    // A transition that began before the switch (a focus ring's colour, from the walk through the
    // focus stops) keeps the duration it started with: let those end first. CSS animations follow
    // the new durations at once, so they are not waited for.
    const started = document.getAnimations().filter((a) => a instanceof CSSTransition);
    await Promise.race([
      Promise.allSettled(started.map((a) => a.finished)),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const seconds = (value: string) =>
      Math.max(
        ...value
          .split(',')
          .map((part) => part.trim())
          .map((part) => (part.endsWith('ms') ? parseFloat(part) / 1000 : parseFloat(part) || 0)),
      );
    const describe = (element: Element | null) =>
      element
        ? `<${element.tagName.toLowerCase()} class="${String(element.getAttribute('class') ?? '').slice(0, 60)}">`
        : '?';
    const found: string[] = [];
    for (const animation of document.getAnimations()) {
      if (animation.playState !== 'running') continue;
      const target = (animation.effect as KeyframeEffect | null)?.target ?? null;
      found.push(`running animation on ${describe(target)}`);
    }
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(element, pseudo);
        if (seconds(style.transitionDuration) > limit) {
          found.push(
            `${style.transitionDuration} transition on ${describe(element)}${pseudo ?? ''}`,
          );
        }
        if (style.animationName !== 'none' && seconds(style.animationDuration) > limit) {
          found.push(`${style.animationDuration} animation on ${describe(element)}${pseudo ?? ''}`);
        }
      }
    }
    return found.slice(0, 10);
  }, MAX_REDUCED_MOTION_SECONDS);
  expect.soft(moving, 'nothing moves under prefers-reduced-motion').toEqual([]);
  await page.emulateMedia({ reducedMotion: null });
}

// ------------------------------------------------------------------------------------- the tests

test('the accessibility check fails on a page with a violation, and names it', async ({
  page,
  checkA11y,
}) => {
  await page.goto(APP_ROUTES.home);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A button with no name, as a careless change could leave one.
  await page.evaluate(() =>
    document.querySelector('main')!.append(document.createElement('button')),
  );
  await expect(checkA11y(page)).rejects.toThrow(/button-name/);
});

test.describe('accessibility of every route', () => {
  test('the table covers every route of APP_ROUTES', async () => {
    const covered = ROUTES.map((entry) => entry.route).filter((route) => route !== null);
    expect(new Set(covered)).toEqual(new Set(Object.values(APP_ROUTES)));
    expect(ROUTES.some((entry) => entry.route === null)).toBe(true);
  });

  for (const entry of ROUTES) {
    test(`${entry.name}: axe, lang, skip link, visible focus, reflow and reduced motion`, async ({
      page,
      checkA11y,
      consoleGuard,
    }, testInfo) => {
      // Two axe runs over a whole page, on a machine running other suites.
      test.setTimeout(entry.slow ? SLOW_ROUTE_TIMEOUT_MS : ROUTE_TIMEOUT_MS);
      for (const pattern of entry.allow ?? []) consoleGuard.allow(pattern);
      const path = await entry.path(page.request);
      await page.goto(path);
      await entry.settled(page);

      await checkA11y(page);
      await entry.also?.(page);
      await expect(page.locator('html')).toHaveAttribute('lang', /^[a-z]{2}(-[A-Z]{2})?$/);

      // The first Tab reaches the skip link, shown on screen; Enter moves focus into <main>.
      await focusFromTop(page);
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport({ ratio: 1 });
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.evaluate(() => !!document.activeElement?.closest('main')))
        .toBe(true);
      await walkFocus(page, STOPS_IN_MAIN, 'the skip link');

      // From the top again: the skip link, the header and the start of the page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await focusFromTop(page);
      await walkFocus(page, STOPS_FROM_TOP, 'the top');

      await expectNoMotion(page);

      const viewport = page.viewportSize();
      if (!viewport) throw new Error('No viewport');
      await page.setViewportSize(NARROW);
      await expectNoHorizontalScroll(page, '320 px wide');
      if (testInfo.project.name === 'desktop') {
        // The phone project's axe run at 390 px already saw the layout 320 px gets (both are
        // below the first breakpoint, 640 px); the desktop one had not. And on a phone, 200% of
        // 390 px is below the 320 px reflow width checked above. From the top: wherever the walk
        // left the page scrolled, the sticky header covers part of what is under it, which axe
        // then counts as targets too small.
        await page.evaluate(() => window.scrollTo(0, 0));
        await checkA11y(page);
        await page.setViewportSize(ZOOMED_DESKTOP);
        await expectNoHorizontalScroll(page, '200% zoom');
      }
      await page.setViewportSize(viewport);
    });
  }
});

// ------------------------------------------------------------------------------------ the dialogs

/** Opens a dialog with `opener`, checks it with axe, closes it with Escape: focus goes back. */
async function checkDialog(
  page: Page,
  checkA11y: (page: Page) => Promise<void>,
  opener: Locator,
  dialog: Locator,
) {
  await opener.click();
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => dialog.evaluate((node) => node.contains(document.activeElement)))
    .toBe(true);
  await checkA11y(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

/*
 * The other dialogs are checked with axe while open by the spec of their feature:
 * landing.spec (destination details), cart.spec (Your cart), chat.spec (Beth),
 * advisories.spec (Travel advisories), navigation.spec (The full AI roster, and the menus),
 * beta.spec (Join the Beta, Welcome to the Beta), media.spec (Upload Media, Create Travel Movie,
 * Share your media, Revoke this link?, Delete …?, the photo and video viewers) and planner.spec
 * (New Trip, Add Item, Delete … item?, Subscribe to this trip, Share Itinerary).
 */
test.describe('accessibility of the dialogs no other spec opens for axe', () => {
  test("the planner's Edit item, Edit trip, Delete trip, Stop sharing and Revoke link dialogs", async ({
    page,
    checkA11y,
  }) => {
    // Six dialogs, each opened, checked by axe and closed: a long journey on a busy machine.
    test.slow();
    const { trip } = await tripWithItem(page.request);
    const share = await page.request.post(`/api/trip-planners/${trip.id}/shares`, {
      data: { expiresInDays: 7 },
    });
    expect(share.status()).toBe(201);
    await page.goto(`${APP_ROUTES.flightPlan}?trip=${trip.id}`);
    await expect(page.getByRole('heading', { level: 2, name: TRIP_TITLE })).toBeVisible();
    await page.getByRole('grid').locator(`button[data-date="${ITEM_DATE}"]`).click();

    await checkDialog(
      page,
      checkA11y,
      page.getByRole('button', { name: `Edit ${ITEM_NAME}` }),
      page.getByRole('dialog', { name: `Edit ${ITEM_NAME}` }),
    );
    await checkDialog(
      page,
      checkA11y,
      page.getByRole('button', { name: 'Edit trip' }),
      page.getByRole('dialog', { name: 'Edit trip' }),
    );
    await checkDialog(
      page,
      checkA11y,
      page.getByRole('button', { name: 'Delete trip' }),
      page.getByRole('alertdialog', { name: `Delete ${TRIP_TITLE}?` }),
    );

    const actions = page.getByRole('group', { name: 'Export and share' });
    const subscribeButton = actions.getByRole('button', { name: 'Subscribe in calendar app' });
    const subscribe = page.getByRole('dialog', { name: 'Subscribe to this trip' });
    await subscribeButton.click();
    await expect(subscribe).toBeVisible();
    await checkDialog(
      page,
      checkA11y,
      subscribe.getByRole('button', { name: 'Stop sharing this calendar' }),
      page.getByRole('alertdialog', { name: 'Stop sharing this calendar?' }),
    );
    await page.keyboard.press('Escape');
    await expect(subscribe).toBeHidden();
    await expect(subscribeButton).toBeFocused();

    const shareButton = actions.getByRole('button', { name: 'Share Itinerary' });
    const shareDialog = page.getByRole('dialog', { name: 'Share Itinerary' });
    await shareButton.click();
    await expect(shareDialog).toBeVisible();
    await checkDialog(
      page,
      checkA11y,
      shareDialog.getByRole('button', { name: /Revoke link/ }),
      page.getByRole('alertdialog', { name: 'Revoke this link?' }),
    );
    await page.keyboard.press('Escape');
    await expect(shareDialog).toBeHidden();
    await expect(shareButton).toBeFocused();
  });
});

// ------------------------------------------------------------------------------ the live regions

declare global {
  interface Window {
    /** What the page put into live regions, in order (see recordAnnouncements). */
    __announced: string[];
  }
}

/**
 * Records the text of every live region (aria-live other than off, or role status, alert or log)
 * each time its content changes after it is in the page: what a screen reader announces. A region
 * inserted with its text already in it counts only when it is an alert.
 */
async function recordAnnouncements(page: Page) {
  await page.addInitScript(() => {
    window.__announced = [];
    const LIVE =
      '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
    const record = (region: Element) => {
      const text = region.textContent?.replace(/\s+/g, ' ').trim();
      if (text) window.__announced.push(text);
    };
    new MutationObserver((mutations) => {
      const changed = new Set<Element>();
      for (const mutation of mutations) {
        const node = mutation.target;
        const element = node instanceof Element ? node : node.parentElement;
        const region = element?.closest(LIVE);
        if (region) {
          changed.add(region);
          continue;
        }
        for (const added of Array.from(mutation.addedNodes)) {
          if (!(added instanceof Element)) continue;
          for (const alert of [added, ...Array.from(added.querySelectorAll('*'))]) {
            if (alert.matches('[role="alert"]')) changed.add(alert);
          }
        }
      }
      changed.forEach(record);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const announced = (page: Page) => page.evaluate(() => window.__announced);

test.describe('live regions', () => {
  test('toasts, search results and chat replies on the landing page are announced through live regions', async ({
    page,
  }) => {
    await recordAnnouncements(page);
    await gotoLanding(page);

    // The notifications region is a landmark F8 reaches; each toast is announced through a
    // status live region (polite; assertive for the destructive ones), with its title and text.
    const region = notifications(page);
    await expect(region).toHaveAttribute('aria-label', /^Notifications \(F8\)$/);
    await destinationCard(page, TIMBERLINE)
      .getByRole('button', { name: `Add to Cart: ${TIMBERLINE}` })
      .click();
    await expect(region.getByRole('listitem').filter({ hasText: 'Added to cart' })).toBeVisible();
    await expect
      .poll(() => announced(page))
      .toContainEqual(
        expect.stringMatching(new RegExp(`^Notification Added to cart.*${TIMBERLINE}`)),
      );

    // The catalogue's arrival is announced too.
    expect(await announced(page)).toContainEqual(expect.stringMatching(/^\d+ destinations loaded/));

    // Beth's reply is announced as it arrives.
    const chatOpener = page.getByRole('button', {
      name: 'Chat with Beth, your AI travel assistant',
    });
    await chatOpener.click();
    const chat = page.getByRole('dialog', { name: /Beth/ });
    await chat.getByLabel('Message Beth').fill('Is Mexico safe?');
    await chat.getByLabel('Message Beth').press('Enter');
    await expect
      .poll(() => announced(page))
      .toContainEqual(expect.stringMatching(/^Beth says: Mexico is at Level 2/));
    await page.keyboard.press('Escape');
    await expect(chat).toBeHidden();

    // A search's results are announced with their count.
    await page.getByLabel('To', { exact: true }).fill('national park');
    await page.getByRole('button', { name: 'Plot My Escape' }).click();
    await expect
      .poll(() => announced(page))
      .toContainEqual(expect.stringMatching(/^\d+ destinations? found/));
  });
});
