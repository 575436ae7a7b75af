import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function up(db: Kysely<any>): Promise<void> {
  // How a booking was paid: card or crypto; stripe, chain or simulated; the PaymentIntent id or the
  // transaction hash; the paying wallet; when. All null until paid.
  for (const column of [
    'payment_method',
    'payment_verification',
    'payment_reference',
    'payment_payer',
    'paid_at',
    // The booking's one PaymentIntent, reused when the card step is opened again.
    'stripe_payment_intent_id',
  ]) {
    await db.schema.alterTable('bookings').addColumn(column, 'text').execute();
  }
  await db.schema
    .createIndex('bookings_confirmation_code_idx')
    .on('bookings')
    .column('confirmation_code')
    .unique()
    .execute();
  await db.schema
    .createIndex('bookings_stripe_payment_intent_id_idx')
    .on('bookings')
    .column('stripe_payment_intent_id')
    .unique()
    .execute();

  await db.schema
    .createTable('blockchain_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) =>
      c.notNull().references('bookings.id').onDelete('cascade'),
    )
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('wallet_address', 'text', (c) => c.notNull())
    .addColumn('payment_address', 'text', (c) => c.notNull())
    .addColumn('amount', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    // The quote in wei, as a decimal string (it does not fit a 64-bit integer).
    .addColumn('value_wei', 'text', (c) => c.notNull())
    .addColumn('chain_id', 'integer', (c) => c.notNull())
    .addColumn('verification', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('transaction_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .execute();
  // One transaction pays one payment, ever.
  await db.schema
    .createIndex('blockchain_payments_transaction_hash_idx')
    .on('blockchain_payments')
    .column('transaction_hash')
    .unique()
    .execute();
  await db.schema
    .createIndex('blockchain_payments_booking_id_idx')
    .on('blockchain_payments')
    .column('booking_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('blockchain_payments').execute();
  await db.schema.dropIndex('bookings_stripe_payment_intent_id_idx').execute();
  await db.schema.dropIndex('bookings_confirmation_code_idx').execute();
  for (const column of [
    'stripe_payment_intent_id',
    'paid_at',
    'payment_payer',
    'payment_reference',
    'payment_verification',
    'payment_method',
  ]) {
    await db.schema.alterTable('bookings').dropColumn(column).execute();
  }
}
