import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { SQLITE_FILE, type DatabaseHandle } from '../../server/db/database.js';

/**
 * Everything a request could have written: every table's rows (counted, and kept as canonical JSON
 * so a change names the row), and every file and folder under DATA_DIR.
 *
 * No column is left out. The one column that reads like it changes on a read, `sessions.last_seen_at`,
 * is written only when the session row is created (server/plugins/session-repository.ts); every
 * fuzz request carries an existing session, so a request never creates one. Reads that do write
 * (a pending card booking reconciled with Stripe on GET /api/bookings/:id) only do so on a 2xx,
 * after which the snapshot is taken again.
 */
export interface Snapshot {
  tables: Map<string, { count: number; hash: string; rows: string[] }>;
  files: Map<string, string>;
}

/** The SQLite database and its journal files change on every read transaction's checkpoint. */
const SQLITE_FILES = new Set([
  SQLITE_FILE,
  `${SQLITE_FILE}-wal`,
  `${SQLITE_FILE}-shm`,
  `${SQLITE_FILE}-journal`,
]);

/** JSON with sorted keys, so a row reads the same whatever order the driver gives its columns. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'bigint' ? `"${value}n"` : JSON.stringify(value);
  }
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Buffer.isBuffer(value)) return JSON.stringify(value.toString('base64'));
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

async function tableNames(database: DatabaseHandle): Promise<string[]> {
  if (database.kind === 'sqlite') {
    const result = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%'
    `.execute(database.db);
    return result.rows.map((r) => r.name).sort();
  }
  // The test server's own schema: the connection's search_path names it.
  const result = await sql<{ tableName: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
  `.execute(database.db);
  return result.rows.map((r) => r.tableName).sort();
}

async function listFiles(dir: string, root: string, into: Map<string, string>): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    const relative = path.relative(root, full);
    if (entry.isDirectory()) {
      into.set(`${relative}/`, 'directory');
      await listFiles(full, root, into);
    } else if (!(dir === root && SQLITE_FILES.has(entry.name))) {
      // Size, inode and modification time: any write or replacement changes one of them.
      const info = await stat(full).catch(() => null);
      into.set(
        relative,
        info ? `${info.size} bytes, inode ${info.ino}, modified ${info.mtimeMs}` : 'vanished',
      );
    }
  }
}

/** Every table's rows: one query per table on SQLite (in process), one round trip on PostgreSQL. */
async function allRows(database: DatabaseHandle): Promise<Map<string, unknown[]>> {
  const names = await tableNames(database);
  const rows = new Map<string, unknown[]>();
  if (database.kind === 'sqlite') {
    for (const name of names) {
      const result = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(
        database.db,
      );
      rows.set(name, result.rows);
    }
    return rows;
  }
  const result = await sql<{ name: string; rows: unknown[] }>`${sql.join(
    names.map(
      (name) =>
        sql`select ${name}::text as name, coalesce(json_agg(to_jsonb(t)), '[]'::json) as rows from ${sql.table(name)} t`,
    ),
    sql` union all `,
  )}`.execute(database.db);
  for (const row of result.rows) rows.set(row.name, row.rows);
  return rows;
}

export async function takeSnapshot(database: DatabaseHandle, dataDir: string): Promise<Snapshot> {
  const tables: Snapshot['tables'] = new Map();
  for (const [name, tableRows] of await allRows(database)) {
    const rows = tableRows.map(canonical).sort();
    tables.set(name, {
      count: rows.length,
      hash: createHash('sha256').update(rows.join('\n')).digest('hex'),
      rows,
    });
  }
  const files: Snapshot['files'] = new Map();
  await listFiles(dataDir, dataDir, files);
  return { tables, files };
}

/** A change between two snapshots, in words a failure message can show. */
export interface Change {
  table?: string;
  file?: string;
  what: 'added' | 'removed' | 'changed';
  detail: string;
}

const DETAIL_CHARS = 300;

export function changesBetween(before: Snapshot, after: Snapshot): Change[] {
  const changes: Change[] = [];
  const names = new Set([...before.tables.keys(), ...after.tables.keys()]);
  for (const name of names) {
    const a = before.tables.get(name);
    const b = after.tables.get(name);
    if (a?.hash === b?.hash && a?.count === b?.count) continue;
    const old = new Set(a?.rows ?? []);
    const now = new Set(b?.rows ?? []);
    for (const row of now) {
      if (!old.has(row)) {
        changes.push({ table: name, what: 'added', detail: row.slice(0, DETAIL_CHARS) });
      }
    }
    for (const row of old) {
      if (!now.has(row)) {
        changes.push({ table: name, what: 'removed', detail: row.slice(0, DETAIL_CHARS) });
      }
    }
  }
  const files = new Set([...before.files.keys(), ...after.files.keys()]);
  for (const file of files) {
    const a = before.files.get(file);
    const b = after.files.get(file);
    if (a === b) continue;
    changes.push({
      file,
      what: a === undefined ? 'added' : b === undefined ? 'removed' : 'changed',
      detail: `${a ?? 'none'} -> ${b ?? 'none'}`,
    });
  }
  return changes;
}
