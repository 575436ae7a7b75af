import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
//
// Issue 29: edits made offline reach the server later, maybe after the same trip or item was
// changed elsewhere. Each trip and each item gets a version, 1 when it is made and raised by one
// with every change to that row, so a change sent with the version it was made against (If-Match)
// can be refused when the row has moved on (docs/decisions/032). A trip's version counts changes
// to its own fields only; items_version (2026_11_21_2320) goes on counting its items' changes.
// The rows made before this start at 1 too.

// The Migrator runs each migration in a transaction where the database allows it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['trip_planners', 'planner_items']) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['planner_items', 'trip_planners']) {
    await db.schema.alterTable(table).dropColumn('version').execute();
  }
}
