import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { up } from './2026_11_26_2300_quick_add_hints.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as the migration sees the database
let db: Kysely<any>;

afterEach(async () => {
  await db?.destroy();
});

describe('the quick-add hints migration', () => {
  it('clears descriptions that are exactly a hint, keeps the owners’ words, and bumps those trips', async () => {
    db = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    await db.schema
      .createTable('trip_planners')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('items_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('planner_items')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('planner_id', 'text', (c) => c.notNull())
      .addColumn('item_description', 'text')
      .execute();
    await db
      .insertInto('trip_planners')
      .values([
        { id: 'hinted', items_version: 3 },
        { id: 'written', items_version: 3 },
      ])
      .execute();
    const written =
      'Add the airline, flight number and any assistance you have requested: TAP 1234';
    await db
      .insertInto('planner_items')
      .values([
        {
          id: 'a',
          planner_id: 'hinted',
          item_description: 'Add the airline, flight number and any assistance you have requested',
        },
        {
          id: 'b',
          planner_id: 'hinted',
          item_description: 'Check step-free access and quiet times before you go',
        },
        { id: 'c', planner_id: 'written', item_description: written },
        { id: 'd', planner_id: 'written', item_description: null },
      ])
      .execute();

    await up(db);

    const items = await db
      .selectFrom('planner_items')
      .select(['id', 'item_description'])
      .orderBy('id')
      .execute();
    expect(items).toEqual([
      { id: 'a', item_description: null },
      { id: 'b', item_description: null },
      { id: 'c', item_description: written },
      { id: 'd', item_description: null },
    ]);
    const trips = await db
      .selectFrom('trip_planners')
      .select(['id', 'items_version'])
      .orderBy('id')
      .execute();
    expect(trips).toEqual([
      { id: 'hinted', items_version: 4 },
      { id: 'written', items_version: 3 },
    ]);
  });
});
