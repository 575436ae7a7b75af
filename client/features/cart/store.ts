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
}

const STORAGE_KEY = 'cart:v1';

function read(): CartItem[] {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as CartItem[]) : [];
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

export const cartTotal = (list: readonly CartItem[]) => list.reduce((sum, i) => sum + i.price, 0);

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
