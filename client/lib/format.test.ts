import { describe, expect, it } from 'vitest';
import { cartPriceOf, formatDestinationPrice, formatPrice } from './format';

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

describe('formatDestinationPrice', () => {
  it('reads Free when there is nothing to pay', () => {
    expect(formatDestinationPrice(0, 'SGD')).toBe('Free');
    expect(formatDestinationPrice(35, 'USD')).toBe('$35');
  });
});
