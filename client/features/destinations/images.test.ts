import { describe, expect, it } from 'vitest';
import { destinationImageSrc } from './images';

describe('destinationImageSrc', () => {
  const known = { Banff: '/images/destinations/banff.webp' };

  it('prefers a known photo matched by a word of the name, in any case', () => {
    expect(destinationImageSrc({ name: 'BANFF National Park', imageUrl: '/x.jpg' }, known)).toBe(
      '/images/destinations/banff.webp',
    );
  });

  it("falls back to the destination's own image, then to none (the placeholder)", () => {
    expect(destinationImageSrc({ name: 'Timberline Lodge', imageUrl: '/t.jpg' }, known)).toBe(
      '/t.jpg',
    );
    expect(destinationImageSrc({ name: 'Timberline Lodge', imageUrl: null }, known)).toBeNull();
  });
});
