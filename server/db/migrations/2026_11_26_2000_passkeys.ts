import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Passkeys (docs/decisions/027-passkeys.md): an account's WebAuthn credentials, each named by its
// owner, and the one-use challenges of registering one and of signing in with one. A public key
// is no secret; nothing here signs in without the authenticator that holds its private key.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    // The credential's id as the browser gives it (base64url): how a sign-in names its passkey.
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    // The COSE public key, base64url.
    .addColumn('public_key', 'text', (c) => c.notNull())
    // The authenticator's signature counter: an unsigned 32-bit number, past PostgreSQL's integer.
    .addColumn('counter', 'bigint', (c) => c.notNull())
    // JSON array of the transports the browser named (usb, internal, hybrid…), or null.
    .addColumn('transports', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema
    .createIndex('passkeys_account_id_idx')
    .on('passkeys')
    .column('account_id')
    .execute();

  await db.schema
    .createTable('webauthn_challenges')
    // The challenge itself (base64url, random): used once, then deleted.
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    // 'register' (bound to an account) or 'sign-in' (bound to nobody: the passkey names its account).
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webauthn_challenges_expires_at_idx')
    .on('webauthn_challenges')
    .column('expires_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
}
