import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code. A trip's private calendar address:
// only the SHA-256 of its token is kept, and deleting the trip deletes its subscriptions.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calendar_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('planner_id', 'text', (c) =>
      c.notNull().references('trip_planners.id').onDelete('cascade'),
    )
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('calendar_subscriptions_planner_id_idx')
    .on('calendar_subscriptions')
    .column('planner_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_subscriptions').execute();
}
