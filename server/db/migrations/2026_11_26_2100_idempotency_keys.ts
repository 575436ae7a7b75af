import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Idempotency keys (docs/decisions/029-idempotency-keys.md): the first answer to a writing
// request sent with an `Idempotency-Key` header, kept for a day so that a repeat of it (a double
// click, a retry after a lost answer) is answered the same without being done again. Nothing here
// names a visitor or a key as they are: the id is a hash of both, and the answer is encrypted with
// a key derived from the idempotency key, which only the client holds.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    // SHA-256 (hex) of the visitor, the route and the key: one row per key per visitor per route.
    .addColumn('id', 'text', (c) => c.primaryKey())
    // SHA-256 (hex) of the visitor alone: how many keys one visitor holds (a cap, oldest first out).
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    // SHA-256 (hex) of the request (its path's parameters, query and body): a key reused for
    // another request is refused.
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    // The answer's status, null while the first request is still running.
    .addColumn('status_code', 'integer')
    // The answer's headers and body, AES-256-GCM (base64), null while running.
    .addColumn('response', 'text')
    // When the running request started (or took over an abandoned one), ISO 8601 UTC.
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idempotency_keys_visitor_hash_idx')
    .on('idempotency_keys')
    .columns(['visitor_hash', 'started_at'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_expires_at_idx')
    .on('idempotency_keys')
    .column('expires_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
