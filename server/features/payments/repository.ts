import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { markPaidIn, type PaidWith } from '../bookings/repository.js';
import type { BlockchainPaymentTable } from '../bookings/table.js';

export type BlockchainPaymentRow = Selectable<BlockchainPaymentTable>;

/** Outcomes of confirming a wallet payment in the database. */
export type ConfirmOutcome = 'confirmed' | 'payment-taken' | 'booking-paid' | 'hash-used';

/** The unique index on the transaction hash said no (SQLite and PostgreSQL both name the column). */
const isHashTaken = (error: unknown) =>
  /transaction_hash/.test(
    `${(error as { message?: string }).message ?? ''} ${(error as { constraint?: string }).constraint ?? ''}`,
  );

export function createBlockchainPaymentRepository(db: Db) {
  return {
    async insert(row: Insertable<BlockchainPaymentTable>): Promise<BlockchainPaymentRow> {
      return db
        .insertInto('blockchainPayments')
        .values(row)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async findForVisitor(id: string, visitorId: string) {
      return db
        .selectFrom('blockchainPayments')
        .selectAll()
        .where('id', '=', id)
        .where('visitorId', '=', visitorId)
        .executeTakeFirst();
    },

    async findByHash(hash: string) {
      return db
        .selectFrom('blockchainPayments')
        .selectAll()
        .where('transactionHash', '=', hash)
        .executeTakeFirst();
    },

    /**
     * The payment takes the transaction and the booking becomes paid, together or not at all. Each
     * step is a conditional update, so a second confirmation racing this one changes nothing.
     */
    async confirm(
      payment: BlockchainPaymentRow,
      hash: string,
      paid: PaidWith,
    ): Promise<ConfirmOutcome> {
      try {
        return await db.transaction().execute(async (trx) => {
          const claimed = await trx
            .updateTable('blockchainPayments')
            .set({ status: 'confirmed', transactionHash: hash, confirmedAt: paid.paidAt })
            .where('id', '=', payment.id)
            .where('status', '=', 'pending')
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) !== 1) return 'payment-taken';
          if (!(await markPaidIn(trx, payment.bookingId, paid))) {
            throw new BookingAlreadyPaid();
          }
          return 'confirmed';
        });
      } catch (error) {
        if (error instanceof BookingAlreadyPaid) return 'booking-paid';
        if (isHashTaken(error)) return 'hash-used';
        throw error;
      }
    },
  };
}
export type BlockchainPaymentRepository = ReturnType<typeof createBlockchainPaymentRepository>;

/** Rolls the transaction back when the booking was paid some other way meanwhile. */
class BookingAlreadyPaid extends Error {}
