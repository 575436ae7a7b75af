import { describe, expect, it } from 'vitest';
import { isAppRoute } from './routes.js';

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
