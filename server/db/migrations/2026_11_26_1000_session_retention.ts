import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Sessions are now swept by when they were last seen (docs/decisions/011-session-retention.md):
// an index for that, and one on `visitor_id` for each table of a visitor's things that had none, so
// "does this visitor hold anything" is a handful of index probes.

const VISITOR_INDEXES = [
  ['blockchain_payments', 'blockchain_payments_visitor_id_idx'],
  ['calendar_subscriptions', 'calendar_subscriptions_visitor_id_idx'],
  ['trip_shares', 'trip_shares_visitor_id_idx'],
  ['media_uploads', 'media_uploads_visitor_id_idx'],
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function up(db: Kysely<any>): Promise<void> {
  // `last_seen_at` was written once, at creation, and never moved: it says nothing about the last
  // visit. Nothing may be deleted on its word, so every session counts as seen now, at the upgrade.
  await db.updateTable('sessions').set({ last_seen_at: new Date().toISOString() }).execute();
  await db.schema
    .createIndex('sessions_last_seen_at_idx')
    .on('sessions')
    .column('last_seen_at')
    .execute();
  for (const [table, index] of VISITOR_INDEXES) {
    await db.schema.createIndex(index).on(table).column('visitor_id').execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function down(db: Kysely<any>): Promise<void> {
  for (const [, index] of VISITOR_INDEXES) await db.schema.dropIndex(index).execute();
  await db.schema.dropIndex('sessions_last_seen_at_idx').execute();
}
