import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
} from 'kysely';
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

export function createDatabase(options: { databaseUrl?: string; dataDir: string }): DatabaseHandle {
  const plugins = [new CamelCasePlugin()];
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
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins,
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
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
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
