import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
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
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), plugins });
  return { db, kind: 'sqlite', close: () => db.destroy() };
}

/** SQLite has no boolean type; both dialects store flags as 0/1 integers. */
export const toFlag = (value: boolean): number => (value ? 1 : 0);
export const fromFlag = (value: number | boolean): boolean => value === 1 || value === true;
