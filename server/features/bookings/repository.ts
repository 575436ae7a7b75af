import type { Insertable, Selectable } from 'kysely';
import {
  BOOKING_STATUSES,
  PAYMENT_STATUSES,
  bookingDetailsSchema,
  type Booking,
} from '../../../contracts/bookings.js';
import type { Db } from '../../db/database.js';
import type { BookingTable } from './table.js';

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

function toBooking(row: Selectable<BookingTable>): Booking {
  return {
    id: row.id,
    bookingType: row.bookingType,
    totalAmount: row.totalAmount,
    currency: row.currency,
    bookingDetails: bookingDetailsSchema.parse(JSON.parse(row.bookingDetails)),
    status: oneOf(BOOKING_STATUSES, row.status, 'pending'),
    paymentStatus: oneOf(PAYMENT_STATUSES, row.paymentStatus, 'pending'),
    confirmationCode: row.confirmationCode,
    createdAt: row.createdAt,
  };
}

export function createBookingRepository(db: Db) {
  return {
    async insert(row: Insertable<BookingTable>): Promise<Booking> {
      const stored = await db
        .insertInto('bookings')
        .values(row)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toBooking(stored);
    },

    /** A booking of this visitor, or undefined (also for another visitor's booking). */
    async findForVisitor(id: string, visitorId: string): Promise<Booking | undefined> {
      const row = await db
        .selectFrom('bookings')
        .selectAll()
        .where('id', '=', id)
        .where('visitorId', '=', visitorId)
        .executeTakeFirst();
      return row ? toBooking(row) : undefined;
    },
  };
}
export type BookingRepository = ReturnType<typeof createBookingRepository>;
