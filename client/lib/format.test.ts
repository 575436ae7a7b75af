import { describe, expect, it } from 'vitest';
import { cartPriceOf, formatPrice } from './format';

describe('formatPrice', () => {
  it('uses $ for USD and the currency code otherwise', () => {
    expect(formatPrice(1450, 'USD')).toBe('$1,450');
    expect(formatPrice(687.5, 'USD')).toBe('$687.5');
    expect(formatPrice(750, 'EUR')).toBe('EUR 750');
    expect(formatPrice('From 99', 'GBP')).toBe('GBP From 99');
  });
});

describe('cartPriceOf', () => {
  it('is the digits of the price text, or 0 when there are none', () => {
    expect(cartPriceOf('$1,450')).toBe(1450);
    expect(cartPriceOf('Free')).toBe(0);
    expect(cartPriceOf(420)).toBe(420);
  });
});
