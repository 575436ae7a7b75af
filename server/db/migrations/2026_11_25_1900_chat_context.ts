import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code. What an assistant reply was about
// (JSON: the destinations it named, its countries, its trip), so a follow-up question ("is that
// one accessible?") can point back at it; null for the visitor's own messages.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_messages').addColumn('context', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_messages').dropColumn('context').execute();
}
