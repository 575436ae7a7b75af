import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code. A trip's read-only itinerary links:
// only the SHA-256 of a link's token is kept, and deleting the trip deletes its links.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('trip_shares')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('planner_id', 'text', (c) =>
      c.notNull().references('trip_planners.id').onDelete('cascade'),
    )
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('hide_prices', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('trip_shares_planner_id_idx')
    .on('trip_shares')
    .column('planner_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('trip_shares').execute();
}
