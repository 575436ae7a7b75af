import { AUTH_PAGES } from './auth.values.js';

/**
 * The client's routes (spec §2's route table). The server answers any other path with the app shell
 * and a 404 status, so the not-found page is also a not-found response.
 */
export const APP_ROUTES = {
  home: '/',
  paymentDemo: '/payment-demo',
  paymentSuccess: '/payment-success',
  mediaGallery: '/media-gallery',
  flightPlan: '/flight-plan',
  emergencyInfo: '/emergency-info',
  verifyEmail: '/verify-email',
  /** Touchdown: the visitor's bookings, and one booking's final receipt. */
  bookings: '/bookings',
  /** The trust pages (issue 27): what is kept and why, the rules, accessibility, how to reach us. */
  privacy: '/privacy',
  terms: '/terms',
  accessibility: '/accessibility',
  contact: '/contact',
  receipt: '/bookings/:bookingId/receipt',
  /** The public read-only page of a private share link (issue 7). */
  sharedMedia: '/shared/:token',
  /** The public read-only itinerary of a trip's link (issue 8, Share Itinerary). */
  sharedTrip: '/shared-trip/:token',
  /** Issue 27: the account (devices, sign-out), and the mailed sign-in link's page. */
  account: AUTH_PAGES.account,
  signInLink: AUTH_PAGES.signInLink,
} as const;

/** The receipt page of one booking. */
export function receiptPath(bookingId: string): string {
  return APP_ROUTES.receipt.replace(':bookingId', encodeURIComponent(bookingId));
}

/** The public page of one share link. */
export function sharedMediaPath(token: string): string {
  return APP_ROUTES.sharedMedia.replace(':token', encodeURIComponent(token));
}

/** The public itinerary of one trip link. */
export function sharedTripPath(token: string): string {
  return APP_ROUTES.sharedTrip.replace(':token', encodeURIComponent(token));
}

export type AppRoute = (typeof APP_ROUTES)[keyof typeof APP_ROUTES];

/** Routes with a parameter: one path segment stands for each, named as in the route. */
const PATTERNS = Object.values(APP_ROUTES)
  .filter((route) => route.includes('/:'))
  .map((route) => ({
    route,
    names: [...route.matchAll(/:([^/]+)/g)].map((match) => match[1]!),
    pattern: new RegExp(`^${route.replace(/:[^/]+/g, '([^/]+)')}$`),
  }));
const KNOWN_PATHS: ReadonlySet<string> = new Set(Object.values(APP_ROUTES));

/** A page of the app, and its parameters (decoded). */
export interface AppRouteMatch {
  route: AppRoute;
  params: Record<string, string>;
}

/** The page a path shows, or null when it is no page of the app. A trailing slash is ignored. */
export function matchAppRoute(pathname: string): AppRouteMatch | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (KNOWN_PATHS.has(trimmed)) return { route: trimmed as AppRoute, params: {} };
  for (const { route, names, pattern } of PATTERNS) {
    const match = pattern.exec(trimmed);
    if (!match) continue;
    try {
      const params = Object.fromEntries(
        names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]),
      );
      return { route, params };
    } catch {
      // A malformed escape (%E0%A4%A) names no record: still the route's page, with no parameters.
      return { route, params: {} };
    }
  }
  return null;
}

export function isAppRoute(pathname: string): boolean {
  return matchAppRoute(pathname) !== null;
}

/**
 * The build pre-renders every route without a parameter into a page of its own (scripts/
 * prerender.ts), and a not-found page; the server sends them. Here: that page's file, relative to
 * the client build, for a path the server is about to answer.
 */
export const PRERENDERED_DIR = '_pages';
export const PRERENDERED_NOT_FOUND = `${PRERENDERED_DIR}/not-found.html`;
/** index.html as Vite built it (an empty #root): the server renders pages with data into it. */
export const PAGE_TEMPLATE = `${PRERENDERED_DIR}/template.html`;
/** The server build of client/entry-prerender.tsx, beside the client build (vite.config.ts). */
export const SERVER_RENDER_ENTRY = '../render/entry-prerender.js';

export function prerenderedFile(route: string): string {
  const name = route === APP_ROUTES.home ? 'home' : route.slice(1).replaceAll('/', '-');
  return `${PRERENDERED_DIR}/${name}.html`;
}

/** The routes the build pre-renders: those without a parameter. */
export const PRERENDERED_ROUTES: readonly string[] = Object.values(APP_ROUTES).filter(
  (route) => !route.includes('/:'),
);
