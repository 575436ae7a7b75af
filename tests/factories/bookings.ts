/**
 * Bookings for API tests: `buildBooking` returns a valid request body, the first demo booking
 * (contracts/bookings.ts) with no details; `createBooking` makes one through the API as the given
 * visitor and returns it parsed; `cartBooking` is a cart checkout's body for catalogue destinations,
 * claiming a paid status the server must ignore.
 */
import { expect } from 'vitest';
import {
  bookingSchema,
  DEMO_BOOKINGS,
  type Booking,
  type CreateBookingRequest,
} from '../../contracts/bookings.js';
import type { DESTINATIONS } from '../../server/catalogue/destinations.js';
import type { Visitor } from '../helpers/server.js';

const [DEMO] = DEMO_BOOKINGS;
if (!DEMO) throw new Error('No demo bookings');

export const buildBooking = ({ title = DEMO.bookingDetails.title }: { title?: string } = {}) => ({
  bookingType: DEMO.bookingType,
  totalAmount: DEMO.totalAmount,
  currency: DEMO.currency,
  bookingDetails: { title, details: [], accessibility: [] },
});

export async function createBooking(
  visitor: Visitor,
  overrides: { title?: string } = {},
): Promise<Booking> {
  const response = await visitor.request('POST', '/api/bookings', {
    body: buildBooking(overrides),
  });
  expect(response.status).toBe(201);
  return bookingSchema.parse(await response.json());
}

export function cartBooking(
  items: typeof DESTINATIONS,
  overrides: Partial<CreateBookingRequest> = {},
): CreateBookingRequest {
  const total = items.reduce((sum, d) => sum + d.price, 0);
  return {
    bookingType: 'destinations',
    totalAmount: String(total),
    currency: items[0]!.currency,
    bookingDetails: {
      title: 'My trip',
      description: 'From the cart',
      details: [],
      accessibility: [],
    },
    status: 'confirmed',
    paymentStatus: 'paid',
    items: items.map((d) => ({ destinationId: d.id })),
    ...overrides,
  };
}
