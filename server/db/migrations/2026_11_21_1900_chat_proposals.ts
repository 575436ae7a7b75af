import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function up(db: Kysely<any>): Promise<void> {
  // JSON of a trip-item proposal of an assistant reply; null for most messages.
  await db.schema.alterTable('chat_messages').addColumn('proposal', 'text').execute();
  // proposed, applied or discarded, beside the proposal so a decision is one conditional update.
  await db.schema.alterTable('chat_messages').addColumn('proposal_status', 'text').execute();
  // 'built-in' or 'model' for a reply; null for the visitor's own messages.
  await db.schema.alterTable('chat_messages').addColumn('answered_by', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_messages').dropColumn('answered_by').execute();
  await db.schema.alterTable('chat_messages').dropColumn('proposal_status').execute();
  await db.schema.alterTable('chat_messages').dropColumn('proposal').execute();
}
