/*
 * The bookings contract's kinds, states, demo bookings and labels. Without zod: the browser's pages
 * import these at first render, and evaluating zod and every schema costs a phone's main thread
 * noticeably (docs/decisions/013). The schemas and their types are in bookings.ts, which re-exports
 * all of this.
 */
import type { BookingDetails } from './bookings.js';

/**
 * Kinds of booking: the payment demo's three (spec §3) and `destinations`, a checkout of the landing
 * page's cart. The server prices every kind itself: demo bookings from `DEMO_BOOKINGS`, cart items
 * from the catalogue.
 */
export const DEMO_BOOKING_TYPES = ['flight', 'hotel', 'car_rental'] as const;
export const BOOKING_TYPES = [...DEMO_BOOKING_TYPES, 'destinations'] as const;
export type BookingType = (typeof BOOKING_TYPES)[number];
export type DemoBookingType = (typeof DEMO_BOOKING_TYPES)[number];

export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled'] as const;
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed'] as const;
export const PAYMENT_METHODS = ['card', 'crypto'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * How a payment was checked: by Stripe (signed webhook or the API), on the chain at CHAIN_RPC_URL, or
 * simulated because no chain is configured (spec §7: the demo's confirmation is simulated).
 */
export const PAYMENT_VERIFICATIONS = ['stripe', 'chain', 'simulated'] as const;

/**
 * The short reference a booking is known by wherever it is shown (cart, payment step, history,
 * receipt): the first eight hexadecimal digits of its id, in capitals. It names the booking to a
 * person; the id stays what the API looks bookings up by.
 */
export const bookingReference = (id: string) => id.replace(/-/g, '').slice(0, 8).toUpperCase();

/** A cart holds at most this many items; more is not a trip anyone books in one go. */
export const MAX_BOOKING_ITEMS = 50;

export interface DemoBooking {
  bookingType: DemoBookingType;
  /** Two decimals, as every amount on the wire. */
  totalAmount: string;
  currency: 'USD';
  bookingDetails: BookingDetails;
}

/** Spec §3: the three demo bookings (flight 687.50, hotel 1450, car rental 420, all USD). */
export const DEMO_BOOKINGS: readonly DemoBooking[] = [
  {
    bookingType: 'flight',
    totalAmount: '687.50',
    currency: 'USD',
    bookingDetails: {
      title: 'Round-trip flight: Denver to Calgary',
      description: 'Economy round trip for one traveller, 3 to 10 December, one checked bag.',
      details: [
        'Outbound: Denver (DEN) to Calgary (YYC), 3 December, 08:15 to 10:32',
        'Return: Calgary (YYC) to Denver (DEN), 10 December, 17:05 to 19:20',
        'Economy, aisle seat 12C',
        'One checked bag and one carry-on included',
      ],
      accessibility: [
        'Wheelchair assistance from check-in to the gate and at arrival',
        'Aisle wheelchair on board, and a seat with a lifting armrest',
        'Own wheelchair or mobility aid carried free of charge',
        'Pre-boarding for travellers who need more time',
      ],
    },
  },
  {
    bookingType: 'hotel',
    totalAmount: '1450.00',
    currency: 'USD',
    bookingDetails: {
      title: 'Accessible king room: Banff, 7 nights',
      description: 'Seven nights, 3 to 10 December, breakfast included, free cancellation.',
      details: [
        'Check-in 3 December from 15:00, check-out 10 December by 11:00',
        'Accessible king room on the ground floor',
        'Breakfast included',
        'Free cancellation until 1 December',
      ],
      accessibility: [
        'Roll-in shower with a fold-down seat and grab bars',
        'Step-free entrance and lift to every floor',
        'Visual fire alarm and vibrating alert for the door',
        'Quiet room away from the lift and the bar',
      ],
    },
  },
  {
    bookingType: 'car_rental',
    totalAmount: '420.00',
    currency: 'USD',
    bookingDetails: {
      title: 'Car rental with hand controls: 7 days',
      description: 'Mid-size automatic car, collected and returned at Calgary airport.',
      details: [
        'Pick-up: Calgary airport, 3 December, 11:30',
        'Return: Calgary airport, 10 December, 15:00',
        'Mid-size automatic, unlimited kilometres',
        'Collision damage waiver included',
      ],
      accessibility: [
        'Hand controls fitted free of charge (ask 48 hours ahead)',
        'Spinner knob on the steering wheel',
        'Accessible parking permit accepted at the return lot',
        'Staff meet you at the kerb on request',
      ],
    },
  },
];

/** Plain-language names of the booking kinds, for headings and lists. */
export const BOOKING_TYPE_LABELS: Record<BookingType, string> = {
  flight: 'Flight',
  hotel: 'Hotel',
  car_rental: 'Car rental',
  destinations: 'Destinations',
};

/** Confirmation codes: `AJ-` and eight characters nobody misreads (no 0/O, 1/I/L). */
export const CONFIRMATION_CODE_PATTERN = /^AJ-[2-9A-HJKMNP-Z]{8}$/;

/** GET one booking (the receipt page's read; the server names it in that page's answer too). */
export const bookingApiPath = (id: string) => `/api/bookings/${encodeURIComponent(id)}`;

/** GET the visitor's bookings, newest first; POST makes one. */
export const BOOKINGS_PATH = '/api/bookings';
