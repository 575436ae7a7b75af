import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Passwordless accounts (docs/decisions/024-passwordless-accounts.md). An account owns one visitor
// id, whose rows in the features' tables are its things; its devices are sessions that name it.
// Sign-in codes keep only hashes. A session gets an id of its own, so a device list can name a
// session without showing its token's hash: sessions made before this have none, and are never
// an account's, so they are never listed.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Trimmed and lower-cased.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('visitor_id', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sign_in_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('link_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sign_in_codes_email_idx')
    .on('sign_in_codes')
    .column('email')
    .execute();
  await db.schema
    .createIndex('sign_in_codes_link_hash_idx')
    .on('sign_in_codes')
    .column('link_hash')
    .unique()
    .execute();
  await db.schema
    .createIndex('sign_in_codes_expires_at_idx')
    .on('sign_in_codes')
    .column('expires_at')
    .execute();

  await db.schema.alterTable('sessions').addColumn('id', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('account_id', 'text').execute();
  // A coarse label of the browser that signed in ("Firefox on Windows"), never the whole header.
  await db.schema.alterTable('sessions').addColumn('device_label', 'text').execute();
  await db.schema.createIndex('sessions_id_idx').on('sessions').column('id').unique().execute();
  await db.schema
    .createIndex('sessions_account_id_idx')
    .on('sessions')
    .column('account_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sessions_account_id_idx').execute();
  await db.schema.dropIndex('sessions_id_idx').execute();
  await db.schema.alterTable('sessions').dropColumn('device_label').execute();
  await db.schema.alterTable('sessions').dropColumn('account_id').execute();
  await db.schema.alterTable('sessions').dropColumn('id').execute();
  await db.schema.dropTable('sign_in_codes').execute();
  await db.schema.dropTable('accounts').execute();
}
