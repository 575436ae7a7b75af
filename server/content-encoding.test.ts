import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './content-encoding.js';

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['GZIP', true],
    ['br;q=1.0, gzip;q=0.5', true],
    [' gzip ; q=0.001', true],
    ['gzip;q=0', false],
    ['gzip;q=0.000, br', false],
    ['deflate, br', false],
    ['x-gzip', false],
    ['', false],
    [undefined, false],
  ])('%j: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
    // The second answer comes from what was remembered of the first.
    expect(acceptsGzip(header)).toBe(expected);
  });

  it('answers the same after more distinct values than it remembers', () => {
    for (let i = 0; i < 200; i++) {
      expect(acceptsGzip(`br;q=0.${i % 10}, gzip;q=${i % 2}`)).toBe(i % 2 === 1);
    }
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip')).toBe(true);
  });
});
