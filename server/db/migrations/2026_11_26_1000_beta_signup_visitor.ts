import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code. A second sign-up with a registered
// e-mail answers "already registered" only to the visitor who signed up (who knows it already);
// anyone else gets the answer of a new sign-up, and the registrant a mail, at most one an hour.
// Sign-ups made before this change have no visitor: every repeat of theirs is answered as new.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('beta_signups').addColumn('visitor_id', 'text').execute();
  await db.schema.alterTable('beta_signups').addColumn('repeat_mailed_at', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('beta_signups').dropColumn('repeat_mailed_at').execute();
  await db.schema.alterTable('beta_signups').dropColumn('visitor_id').execute();
}
