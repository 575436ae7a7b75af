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
  receipt: '/bookings/:bookingId/receipt',
} as const;

/** The receipt page of one booking. */
export function receiptPath(bookingId: string): string {
  return APP_ROUTES.receipt.replace(':bookingId', encodeURIComponent(bookingId));
}

const KNOWN_PATHS: ReadonlySet<string> = new Set(Object.values(APP_ROUTES));
/** Routes with a parameter: one path segment stands for it. */
const PATTERNS = Object.values(APP_ROUTES)
  .filter((route) => route.includes('/:'))
  .map((route) => new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+')}$`));

export function isAppRoute(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return KNOWN_PATHS.has(trimmed) || PATTERNS.some((pattern) => pattern.test(trimmed));
}
