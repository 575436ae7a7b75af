import { describe, expect, it } from 'vitest';
import { APP_ROUTES, isAppRoute, matchAppRoute } from './routes.js';

describe('isAppRoute', () => {
  it('knows the routes of the specification, with or without a trailing slash', () => {
    for (const path of [
      '/',
      '/flight-plan',
      '/flight-plan/',
      '/verify-email',
      '/payment-success',
      '/bookings',
      '/bookings/0b6d4c1e-7f5c-4a43-9d55-2f1c9b1a8e11/receipt',
      '/shared-trip/abc_DEF-123',
    ]) {
      expect(isAppRoute(path), path).toBe(true);
    }
    expect(isAppRoute('/nope')).toBe(false);
    expect(isAppRoute('/flight-plan/extra')).toBe(false);
    expect(isAppRoute('/bookings/a/b/receipt')).toBe(false);
    expect(isAppRoute('/shared-trip/a/b')).toBe(false);
  });
});

describe('matchAppRoute', () => {
  it('names the route and its decoded parameters', () => {
    expect(matchAppRoute('/media-gallery/')).toEqual({
      route: APP_ROUTES.mediaGallery,
      params: {},
    });
    expect(matchAppRoute('/shared/a%2Fb_C-1')).toEqual({
      route: APP_ROUTES.sharedMedia,
      params: { token: 'a/b_C-1' },
    });
    expect(matchAppRoute('/bookings/42/receipt')).toEqual({
      route: APP_ROUTES.receipt,
      params: { bookingId: '42' },
    });
  });

  it('keeps a parameter that cannot be decoded out, and knows no other path', () => {
    expect(matchAppRoute('/shared/%E0%A4%A')).toEqual({
      route: APP_ROUTES.sharedMedia,
      params: {},
    });
    expect(matchAppRoute('/shared')).toBeNull();
    expect(matchAppRoute('/shared/a/b')).toBeNull();
  });
});
