import { useMutation } from '@tanstack/react-query';
import type { Booking, CreateBookingRequest } from '../../../contracts/bookings';
import { BOOKINGS_PATH } from '../../../contracts/bookings.values';
import { postOnce, useIntentKeys } from '../../lib/intent-keys';
import { cart, itemsByCurrency, type CartItem } from './store';

function bookingRequest(items: CartItem[], currency: string): CreateBookingRequest {
  const total = items.reduce((sum, item) => sum + item.price, 0);
  return {
    bookingType: 'destinations',
    totalAmount: String(total),
    currency,
    bookingDetails: {
      title: items.length === 1 ? items[0]!.itemName : `${items.length} destinations`,
      description: 'Booked from the cart',
      details: items.map((item) => item.itemName),
      accessibility: [],
    },
    // The server sets both to pending whatever is sent (ARCHITECTURE.md §5).
    status: 'pending',
    paymentStatus: 'pending',
    items: items.map((item) => ({ destinationId: item.destinationId })),
  };
}

/**
 * Checkout: one booking per currency in the cart (amounts in different currencies are never
 * added). Each booked group leaves the cart as soon as its booking exists, so a failure part-way
 * leaves exactly the unbooked items in the cart.
 */
export function useCheckout() {
  // Each currency's booking goes with its own Idempotency-Key, the same when the checkout is
  // tried again after a failure: a repeat never books a group twice.
  const keys = useIntentKeys();
  return useMutation({
    mutationFn: async (items: CartItem[]): Promise<CheckoutResult> => {
      const bookings: Booking[] = [];
      for (const [currency, group] of itemsByCurrency(items)) {
        try {
          bookings.push(
            await postOnce<Booking>(keys, BOOKINGS_PATH, bookingRequest(group, currency)),
          );
        } catch (error) {
          if (bookings.length === 0) throw error;
          return { bookings, failure: error };
        }
        cart.removeMany(group.map((item) => item.id));
      }
      return { bookings };
    },
  });
}

export interface CheckoutResult {
  bookings: Booking[];
  /** Set when a later currency group failed after earlier ones were booked. */
  failure?: unknown;
}
