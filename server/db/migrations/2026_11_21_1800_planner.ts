import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code. Prices are whole cents in an integer
// column and flags are 0/1 integers, so the schema behaves the same on SQLite and PostgreSQL.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('trip_planners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text')
    .addColumn('end_date', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('trip_planners_visitor_id_idx')
    .on('trip_planners')
    .columns(['visitor_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('planner_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('planner_id', 'text', (c) =>
      c.notNull().references('trip_planners.id').onDelete('cascade'),
    )
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_name', 'text', (c) => c.notNull())
    .addColumn('item_description', 'text')
    .addColumn('scheduled_date', 'text', (c) => c.notNull())
    .addColumn('scheduled_time', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('is_booked', 'integer', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A month of a large trip is one range scan of this index.
  await db.schema
    .createIndex('planner_items_planner_date_idx')
    .on('planner_items')
    .columns(['planner_id', 'scheduled_date'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('planner_items').execute();
  await db.schema.dropTable('trip_planners').execute();
}
