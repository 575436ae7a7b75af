import { useSyncExternalStore } from 'react';
import type { Destination } from '../../../contracts/destinations';
import { cartPriceOf } from '../../lib/format';

/** Spec §3: a cart item; destinations carry "location, country - description". */
export interface CartItem {
  id: string;
  itemName: string;
  itemType: 'destination';
  itemDescription?: string;
  price: number;
  /** Not in the spec's cart item: prices in different currencies must not be added together. */
  currency: string;
  /** Not in the spec's cart item: checkout names the destinations and the server prices them. */
  destinationId: string;
}

// v2: items carry their destination id, which checkout needs; v1 carts were never bookable.
const STORAGE_KEY = 'cart:v2';

/**
 * The empty cart, one array: a hydrated page whose stored cart is empty keeps the pre-rendered
 * (empty) cart without rendering it again.
 */
const NO_ITEMS: CartItem[] = [];

function read(): CartItem[] {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return NO_ITEMS;
    const valid = (parsed as Partial<CartItem>[]).filter(
      (item): item is CartItem =>
        typeof item.id === 'string' &&
        typeof item.destinationId === 'string' &&
        typeof item.price === 'number' &&
        typeof item.currency === 'string',
    );
    return valid.length > 0 ? valid : NO_ITEMS;
  } catch {
    return NO_ITEMS;
  }
}

let items: CartItem[] = typeof window === 'undefined' ? NO_ITEMS : read();
const listeners = new Set<() => void>();

function commit(next: CartItem[]) {
  items = next;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full quota: the cart still works for this page.
  }
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  // Another tab changed the cart: show the same cart here.
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return;
    items = read();
    for (const listener of listeners) listener();
  });
}

export function cartItemFromDestination(d: Destination): CartItem {
  return {
    id: crypto.randomUUID(),
    itemName: d.name,
    itemType: 'destination',
    itemDescription: `${d.location}, ${d.country} - ${d.description}`,
    price: cartPriceOf(d.price),
    currency: d.currency,
    destinationId: d.id,
  };
}

export const cart = {
  /**
   * Adds the item unless its destination is in the cart already (answering false): a destination
   * is booked once per checkout, so a second press of Add to Cart (a double click) adds nothing.
   */
  add(item: CartItem): boolean {
    if (items.some((i) => i.destinationId === item.destinationId)) return false;
    commit([...items, item]);
    return true;
  },
  remove(id: string) {
    commit(items.filter((i) => i.id !== id));
  },
  removeMany(ids: readonly string[]) {
    commit(items.filter((i) => !ids.includes(i.id)));
  },
  clear() {
    commit(NO_ITEMS);
  },
};

/** The cart's items split by currency, in the order they were first added. */
export function itemsByCurrency(list: readonly CartItem[]): Map<string, CartItem[]> {
  const groups = new Map<string, CartItem[]>();
  for (const item of list) groups.set(item.currency, [...(groups.get(item.currency) ?? []), item]);
  return groups;
}

/** The sum of the item prices, one total per currency (an empty cart totals $0). */
export function cartTotals(list: readonly CartItem[]): { currency: string; total: number }[] {
  if (list.length === 0) return [{ currency: 'USD', total: 0 }];
  return [...itemsByCurrency(list)].map(([currency, group]) => ({
    currency,
    total: group.reduce((sum, item) => sum + item.price, 0),
  }));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useCartItems(): CartItem[] {
  // A pre-rendered page shows an empty cart; hydration starts from the same, then shows the items.
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => NO_ITEMS,
  );
}
