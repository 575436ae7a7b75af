import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import * as foundation from './migrations/2026_11_21_1400_foundation.js';
import * as bookings from './migrations/2026_11_21_1600_bookings.js';
import * as chat from './migrations/2026_11_21_1700_chat.js';
import * as planner from './migrations/2026_11_21_1800_planner.js';
import * as chatProposals from './migrations/2026_11_21_1900_chat_proposals.js';
import * as beta from './migrations/2026_11_21_2000_beta.js';
import * as payments from './migrations/2026_11_21_2100_payments.js';
import * as media from './migrations/2026_11_21_2200_media.js';
import * as calendarSubscriptions from './migrations/2026_11_21_2300_calendar_subscriptions.js';
import * as tripShares from './migrations/2026_11_21_2310_trip_shares.js';
import * as plannerItemsVersion from './migrations/2026_11_21_2320_planner_items_version.js';
import * as chatContext from './migrations/2026_11_25_1900_chat_context.js';
import * as mediaDescribed from './migrations/2026_11_26_0900_media_described.js';
import * as betaSignupVisitor from './migrations/2026_11_26_1000_beta_signup_visitor.js';
import * as sessionRetention from './migrations/2026_11_26_1000_session_retention.js';
import * as movieAddress from './migrations/2026_11_26_1500_movie_address.js';
import * as accounts from './migrations/2026_11_26_1600_accounts.js';
import * as passkeys from './migrations/2026_11_26_2000_passkeys.js';
import * as idempotencyKeys from './migrations/2026_11_26_2100_idempotency_keys.js';
import * as quickAddHints from './migrations/2026_11_26_2300_quick_add_hints.js';
import * as rowVersions from './migrations/2026_11_27_0300_row_versions.js';

/**
 * Migrations are listed here rather than read from the folder, so they work the same under tsx,
 * a bundler or compiled output. Names sort by date; never rename or edit one that has shipped.
 */
const MIGRATIONS: Record<string, Migration> = {
  '2026_11_21_1400_foundation': foundation,
  '2026_11_21_1600_bookings': bookings,
  '2026_11_21_1700_chat': chat,
  '2026_11_21_1800_planner': planner,
  '2026_11_21_1900_chat_proposals': chatProposals,
  '2026_11_21_2000_beta': beta,
  '2026_11_21_2100_payments': payments,
  '2026_11_21_2200_media': media,
  '2026_11_21_2300_calendar_subscriptions': calendarSubscriptions,
  '2026_11_21_2310_trip_shares': tripShares,
  '2026_11_21_2320_planner_items_version': plannerItemsVersion,
  '2026_11_25_1900_chat_context': chatContext,
  '2026_11_26_0900_media_described': mediaDescribed,
  '2026_11_26_1000_beta_signup_visitor': betaSignupVisitor,
  '2026_11_26_1000_session_retention': sessionRetention,
  '2026_11_26_1500_movie_address': movieAddress,
  '2026_11_26_1600_accounts': accounts,
  '2026_11_26_2000_passkeys': passkeys,
  '2026_11_26_2100_idempotency_keys': idempotencyKeys,
  '2026_11_26_2300_quick_add_hints': quickAddHints,
  '2026_11_27_0300_row_versions': rowVersions,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

/**
 * Tries at migrating before a start fails (see migrateToLatest): with the waits between them, some
 * seconds, for a loaded machine where the other process's migration holds the file that long. A
 * real failure fails every attempt, a few seconds later.
 */
const MIGRATION_ATTEMPTS = 8;

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/**
 * Brings the schema up to date. Kysely runs the pending migrations in one transaction and takes a
 * lock, so two processes starting together on one PostgreSQL do not both migrate.
 */
export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against Kysely<any>
  db: Kysely<any>,
  kind: 'sqlite' | 'postgres',
): Promise<string[]> {
  // Kysely looks for its bookkeeping table in every schema; on PostgreSQL, pin it to the schema this
  // connection works in, so databases with several schemas (tests, tenants) keep separate histories.
  const migrationTableSchema =
    kind === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
          ?.schema
      : undefined;
  const migrator = new Migrator({ db, provider, migrationTableSchema });
  // On SQLite, two processes starting together on a new file can both try to create Kysely's
  // bookkeeping tables and lock row, and the loser fails. Its migration transaction rolled back, so
  // trying again (the tables then exist) is safe; a real failure fails every attempt.
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) {
      return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    }
    if (attempt >= MIGRATION_ATTEMPTS) {
      throw new MigrationError('Database migration failed', { cause: error });
    }
    await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
  }
}
