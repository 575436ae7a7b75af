import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseHandle } from '../../server/db/database.js';

/**
 * When TEST_DATABASE_URL is set, each test server gets its own PostgreSQL schema, so test files can
 * run in parallel on one database and leave nothing behind.
 */
export async function createTestDatabaseUrl(): Promise<
  { url: string; drop: () => Promise<void> } | undefined
> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      // The job queue's own schema (server/jobs.ts).
      await client.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
      await client.end();
    },
  };
}

/**
 * The tables of a test server's own database that have `column`, by their names in the database
 * (snake_case), sorted. On PostgreSQL, its own schema's only: other test servers share the
 * database.
 */
export async function tablesWithColumn(
  database: DatabaseHandle,
  column: string,
): Promise<string[]> {
  const schema =
    database.kind === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db))
          .rows[0]!.schema
      : undefined;
  const tables = await database.db.introspection.getTables();
  return tables
    .filter((t) => t.schema === schema && t.columns.some((c) => c.name === column))
    .map((t) => t.name)
    .sort();
}

/** A table's name in the database (snake_case) for its name in Kysely (camelCase). */
export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
