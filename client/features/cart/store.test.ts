import { describe, expect, it } from 'vitest';
import { cart, cartTotals, type CartItem } from './store';

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

describe('cart.add', () => {
  it('adds a destination once: a second press adds nothing until it is removed', () => {
    cart.clear();
    const first = { ...item(35, 'USD'), id: 'first' };
    expect(cart.add(first)).toBe(true);
    expect(cart.add({ ...first, id: 'second' })).toBe(false);
    expect(cart.add({ ...item(750, 'EUR'), id: 'other', destinationId: 'louvre-museum' })).toBe(
      true,
    );
    cart.remove('first');
    expect(cart.add({ ...first, id: 'third' })).toBe(true);
    cart.clear();
  });
});
