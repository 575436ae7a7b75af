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
}

const STORAGE_KEY = 'cart:v1';

function read(): CartItem[] {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return [];
    // Items saved before currencies were kept are USD, the booking default (spec §9).
    return (parsed as CartItem[]).map((item) => ({ ...item, currency: item.currency ?? 'USD' }));
  } catch {
    return [];
  }
}

let items: CartItem[] = typeof window === 'undefined' ? [] : read();
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
  };
}

export const cart = {
  add(item: CartItem) {
    commit([...items, item]);
  },
  remove(id: string) {
    commit(items.filter((i) => i.id !== id));
  },
  clear() {
    commit([]);
  },
};

/** The sum of the item prices, one total per currency (an empty cart totals $0). */
export function cartTotals(list: readonly CartItem[]): { currency: string; total: number }[] {
  if (list.length === 0) return [{ currency: 'USD', total: 0 }];
  const totals = new Map<string, number>();
  for (const item of list) totals.set(item.currency, (totals.get(item.currency) ?? 0) + item.price);
  return [...totals].map(([currency, total]) => ({ currency, total }));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useCartItems(): CartItem[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
}
