import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('beta_signups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    // E.164, e.g. +14155550123, with the country it was read for.
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text', (c) => c.notNull())
    // As given, and lower-cased for the one-sign-up-per-address rule; null when none was given.
    .addColumn('email', 'text')
    .addColumn('email_key', 'text')
    // JSON: preferences, interests, needs, frequency, budget, notifications, agreements, referral.
    .addColumn('profile', 'text', (c) => c.notNull())
    .addColumn('access_code', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('beta_signups_email_key_idx')
    .on('beta_signups')
    .column('email_key')
    .unique()
    .execute();
  await db.schema
    .createIndex('beta_signups_access_code_idx')
    .on('beta_signups')
    .column('access_code')
    .unique()
    .execute();

  // One live verification token per sign-up: a resend replaces it. Only its hash is stored.
  await db.schema
    .createTable('beta_verification_tokens')
    .addColumn('signup_id', 'text', (c) =>
      c.primaryKey().references('beta_signups.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('beta_verification_tokens').execute();
  await db.schema.dropTable('beta_signups').execute();
}
