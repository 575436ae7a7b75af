import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type {
  AccountTable,
  PasskeyTable,
  SignInCodeTable,
  WebauthnChallengeTable,
} from '../features/accounts/table.js';
import type { BlockchainPaymentTable, BookingTable } from '../features/bookings/table.js';
import type { BetaSignupTable, BetaVerificationTokenTable } from '../features/beta/table.js';
import type { ChatMessageTable } from '../features/chat/table.js';
import type { DestinationTable } from '../features/destinations/table.js';
import type {
  MediaFileTable,
  MediaMovieTable,
  MediaShareTable,
  MediaUploadTable,
} from '../features/media/table.js';
import type {
  CalendarSubscriptionTable,
  PlannerItemTable,
  TripPlannerTable,
  TripShareTable,
} from '../features/planner/table.js';
import type { IdempotencyKeyTable } from '../plugins/idempotency-store.js';
import type { SessionTable } from '../plugins/session-repository.js';

/** Every table the application knows, in camelCase (the CamelCasePlugin maps to snake_case columns). */
export interface Database {
  sessions: SessionTable;
  destinations: DestinationTable;
  bookings: BookingTable;
  blockchainPayments: BlockchainPaymentTable;
  chatMessages: ChatMessageTable;
  tripPlanners: TripPlannerTable;
  plannerItems: PlannerItemTable;
  calendarSubscriptions: CalendarSubscriptionTable;
  tripShares: TripShareTable;
  betaSignups: BetaSignupTable;
  betaVerificationTokens: BetaVerificationTokenTable;
  mediaUploads: MediaUploadTable;
  mediaFiles: MediaFileTable;
  mediaMovies: MediaMovieTable;
  mediaShares: MediaShareTable;
  accounts: AccountTable;
  signInCodes: SignInCodeTable;
  passkeys: PasskeyTable;
  webauthnChallenges: WebauthnChallengeTable;
  idempotencyKeys: IdempotencyKeyTable;
}

export type Db = Kysely<Database>;
export type DbKind = 'sqlite' | 'postgres';

export const SQLITE_FILE = 'app.sqlite';
const SQLITE_BUSY_TIMEOUT_MS = 5000;

export interface DatabaseHandle {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
}

/**
 * A SQLite database's own connection, for the prepared reads that every request makes
 * (prepared.ts): run on it directly, a read skips Kysely's executor (its connection mutex, plugins
 * and the promises between them), which cost more than SQLite's answer.
 */
export interface DirectSqlite {
  /** The statement for this SQL, from the same cache Kysely's queries use. */
  statement(sql: string): SQLite.Statement;
  /**
   * Whether a transaction is open on the connection: a read run then would see its uncommitted
   * writes, so it waits its turn through Kysely instead.
   */
  inTransaction(): boolean;
  /** A row as Kysely answers it: snake_case columns named in camelCase. */
  mapRow(row: Record<string, unknown>): Record<string, unknown>;
}
const directConnections = new WeakMap<Db, DirectSqlite>();

/** Kysely's camelCase plugin, its row mapping also used by the direct reads. */
class CamelCase extends CamelCasePlugin {
  mapResultRow(row: Record<string, unknown>): Record<string, unknown> {
    return this.mapRow(row);
  }
}

/** The SQLite connection behind the root `db` of createDatabase(); undefined for PostgreSQL or a transaction. */
export const directSqliteOf = (db: Db): DirectSqlite | undefined => directConnections.get(db);

export function createDatabase(options: { databaseUrl?: string; dataDir: string }): DatabaseHandle {
  const camelCase = new CamelCase();
  const plugins = [camelCase];
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(options.dataDir, SQLITE_FILE));
  // WAL with full sync: an answered write survives a crash or a SIGKILL (ARCHITECTURE.md §6).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: statements }),
    plugins,
  });
  directConnections.set(db, {
    statement: (sql) => statements.prepare(sql),
    inTransaction: () => sqlite.inTransaction,
    mapRow: (row) => camelCase.mapResultRow(row),
  });
  return { db, kind: 'sqlite', close: () => db.destroy() };
}

/** Distinct statements kept prepared; the app has a few hundred. */
const PREPARED_STATEMENTS_KEPT = 1000;

/**
 * Kysely's SQLite driver prepares every query's SQL again on each run; compiling the same SQL
 * was a twentieth of a planner read's time. Statements are kept by their SQL text and reused: the
 * driver runs one query at a time per connection and reads every result at once (`all`, `run`;
 * nothing streams), so a statement is never in use twice.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const prepared = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      let statement = prepared.get(sql);
      if (!statement) {
        if (prepared.size >= PREPARED_STATEMENTS_KEPT) {
          prepared.delete(prepared.keys().next().value!);
        }
        statement = sqlite.prepare(sql);
        prepared.set(sql, statement);
      }
      return statement;
    },
    close() {
      prepared.clear();
      sqlite.close();
    },
  };
}

/** SQLite has no boolean type; both dialects store flags as 0/1 integers. */
export const toFlag = (value: boolean): number => (value ? 1 : 0);
export const fromFlag = (value: number | boolean): boolean => value === 1 || value === true;
