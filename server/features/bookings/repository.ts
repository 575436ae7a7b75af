import type { Insertable, Selectable, Transaction } from 'kysely';
import {
  BOOKING_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PAYMENT_VERIFICATIONS,
  bookingDetailsSchema,
  bookingReference,
  type Booking,
  type BookingPayment,
} from '../../../contracts/bookings.js';
import type { Database, Db } from '../../db/database.js';
import { oneOf } from '../../lib/one-of.js';
import type { BookingTable } from './table.js';

export type BookingRow = Selectable<BookingTable>;

function paymentOf(row: BookingRow): BookingPayment | null {
  if (!row.paymentMethod || !row.paymentReference || !row.paidAt) return null;
  return {
    method: oneOf(PAYMENT_METHODS, row.paymentMethod, 'card'),
    verification: oneOf(PAYMENT_VERIFICATIONS, row.paymentVerification ?? '', 'simulated'),
    reference: row.paymentReference,
    payer: row.paymentPayer,
    paidAt: row.paidAt,
  };
}

export function toBooking(row: BookingRow): Booking {
  return {
    id: row.id,
    reference: bookingReference(row.id),
    bookingType: row.bookingType,
    totalAmount: row.totalAmount,
    currency: row.currency,
    bookingDetails: bookingDetailsSchema.parse(JSON.parse(row.bookingDetails)),
    status: oneOf(BOOKING_STATUSES, row.status, 'pending'),
    paymentStatus: oneOf(PAYMENT_STATUSES, row.paymentStatus, 'pending'),
    confirmationCode: row.confirmationCode,
    payment: paymentOf(row),
    cardPaymentStarted: row.stripePaymentIntentId !== null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** What marks a booking paid: confirmed, with its code and how it was paid. */
export interface PaidWith {
  method: BookingPayment['method'];
  verification: BookingPayment['verification'];
  reference: string;
  payer: string | null;
  confirmationCode: string;
  paidAt: string;
}

type Executor = Db | Transaction<Database>;

/** Marks a booking paid unless it already is; false when it was (the first payment stands). */
export async function markPaidIn(db: Executor, id: string, paid: PaidWith): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({
      status: 'confirmed',
      paymentStatus: 'paid',
      confirmationCode: paid.confirmationCode,
      paymentMethod: paid.method,
      paymentVerification: paid.verification,
      paymentReference: paid.reference,
      paymentPayer: paid.payer,
      paidAt: paid.paidAt,
      updatedAt: paid.paidAt,
    })
    .where('id', '=', id)
    .where('paymentStatus', '!=', 'paid')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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
    async findForVisitor(id: string, visitorId: string): Promise<BookingRow | undefined> {
      return db
        .selectFrom('bookings')
        .selectAll()
        .where('id', '=', id)
        .where('visitorId', '=', visitorId)
        .executeTakeFirst();
    },

    /** Any visitor's booking: only for callers that prove who they are otherwise (Stripe's webhook). */
    async findById(id: string): Promise<BookingRow | undefined> {
      return db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The visitor's bookings, newest first. */
    async listForVisitor(visitorId: string): Promise<Booking[]> {
      const rows = await db
        .selectFrom('bookings')
        .selectAll()
        .where('visitorId', '=', visitorId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toBooking);
    },

    /** Records the booking's PaymentIntent, unless it has one; returns the one it has now. */
    async attachPaymentIntent(id: string, intentId: string): Promise<string> {
      await db
        .updateTable('bookings')
        .set({ stripePaymentIntentId: intentId })
        .where('id', '=', id)
        .where('stripePaymentIntentId', 'is', null)
        .execute();
      const row = await db
        .selectFrom('bookings')
        .select('stripePaymentIntentId')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return row.stripePaymentIntentId ?? intentId;
    },

    markPaid: (id: string, paid: PaidWith) => markPaidIn(db, id, paid),

    /**
     * The visitor's open booking of exactly this (same kind, amount, currency and details, not
     * paid, not cancelled): going back and choosing it again continues it instead of adding another.
     */
    async findOpenTwin(
      visitorId: string,
      twin: Pick<BookingRow, 'bookingType' | 'totalAmount' | 'currency' | 'bookingDetails'>,
    ): Promise<BookingRow | undefined> {
      return db
        .selectFrom('bookings')
        .selectAll()
        .where('visitorId', '=', visitorId)
        .where('bookingType', '=', twin.bookingType)
        .where('totalAmount', '=', twin.totalAmount)
        .where('currency', '=', twin.currency)
        .where('bookingDetails', '=', twin.bookingDetails)
        .where('status', '=', 'pending')
        .where('paymentStatus', '!=', 'paid')
        .orderBy('createdAt', 'desc')
        .executeTakeFirst();
    },

    /** Cancels an unpaid booking; false when it is paid or was cancelled already. */
    async cancel(id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('bookings')
        .set({ status: 'cancelled', updatedAt: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('paymentStatus', '!=', 'paid')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A declined card leaves the booking pending with paymentStatus failed; it can be paid again. */
    async markPaymentFailed(id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('bookings')
        .set({ paymentStatus: 'failed', updatedAt: now })
        .where('id', '=', id)
        .where('paymentStatus', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type BookingRepository = ReturnType<typeof createBookingRepository>;
