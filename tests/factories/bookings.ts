/**
 * Bookings for API tests: `buildBooking` returns a valid request body, the first demo booking
 * (contracts/bookings.ts) with no details; `createBooking` makes one through the API as the given
 * visitor and returns it parsed.
 */
import { expect } from 'vitest';
import { bookingSchema, DEMO_BOOKINGS, type Booking } from '../../contracts/bookings.js';
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
