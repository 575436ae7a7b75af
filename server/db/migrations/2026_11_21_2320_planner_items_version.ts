import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code. A trip's items version: raised in the
// same transaction as every change to the trip or its items, so a server process can tell from one
// indexed read of the trip whether a listing it answered before is still current.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('trip_planners')
    .addColumn('items_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('trip_planners').dropColumn('items_version').execute();
}
