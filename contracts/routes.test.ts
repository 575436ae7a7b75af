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
    ]) {
      expect(isAppRoute(path), path).toBe(true);
    }
    expect(isAppRoute('/nope')).toBe(false);
    expect(isAppRoute('/flight-plan/extra')).toBe(false);
  });
});
