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
} as const;

const KNOWN_PATHS: ReadonlySet<string> = new Set(Object.values(APP_ROUTES));

export function isAppRoute(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return KNOWN_PATHS.has(trimmed);
}
