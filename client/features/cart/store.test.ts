import { describe, expect, it } from 'vitest';
import { cartTotals, type CartItem } from './store';

const item = (price: number, currency: string): CartItem => ({
  id: `${currency}-${price}`,
  itemName: 'x',
  itemType: 'destination',
  price,
  currency,
  destinationId: 'banff-national-park',
});

describe('cartTotals', () => {
  it('is $0 for an empty cart', () => {
    expect(cartTotals([])).toEqual([{ currency: 'USD', total: 0 }]);
  });

  it('sums integer prices, never adding different currencies together', () => {
    expect(cartTotals([item(35, 'USD'), item(750, 'EUR'), item(420, 'USD')])).toEqual([
      { currency: 'USD', total: 455 },
      { currency: 'EUR', total: 750 },
    ]);
  });
});
