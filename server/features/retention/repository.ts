import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.js';

/**
 * Every table that holds a visitor's things, by its `visitor_id` (a planner item belongs to its
 * trip). A new table with a `visitor_id` belongs here, or its rows would neither keep a session
 * nor go with it; tests/api/session-retention.test.ts checks the schema against this list.
 */
export const VISITOR_TABLES = [
  'tripPlanners',
  'calendarSubscriptions',
  'tripShares',
  'bookings',
  'blockchainPayments',
  'chatMessages',
  'mediaUploads',
  'mediaFiles',
  'mediaMovies',
  'mediaShares',
  // Only a link (the sign-up's own visitor is told "already registered"): cleared, not deleted,
  // when the visitor is forgotten; the sign-up is the beta programme's record.
  'betaSignups',
] as const satisfies readonly (keyof Database)[];

/**
 * Rows the sweep deletes itself when a visitor is forgotten, children before parents. Media files,
 * movies and upload tickets are not among them: the media services delete those, with their
 * stored objects, first.
 */
const FORGOTTEN_ROWS = [
  'calendarSubscriptions',
  'tripShares',
  'blockchainPayments',
  'bookings',
  'chatMessages',
  'mediaShares',
] as const satisfies readonly (typeof VISITOR_TABLES)[number][];

/** Whether the visitor in `visitorRef` has a row in any of VISITOR_TABLES. */
function holdsAnything(visitorRef: string) {
  return sql<boolean>`(${sql.join(
    VISITOR_TABLES.map(
      (table) =>
        sql`exists (select 1 from ${sql.table(table)} where ${sql.ref(`${table}.visitorId`)} = ${sql.ref(visitorRef)})`,
    ),
    sql` or `,
  )})`;
}

/**
 * Deletes every row of the visitor's things, in the caller's transaction: planner items with
 * their trips, the other tables of FORGOTTEN_ROWS, and the beta sign-up's link (cleared, not
 * deleted). Their media files, movies and upload tickets must be gone already (removed with their
 * objects); were any left, this throws, so the transaction changes nothing rather than leave
 * objects nothing points to.
 */
async function deleteVisitorRows(trx: Transaction<Database>, visitorId: string): Promise<void> {
  for (const table of ['mediaFiles', 'mediaMovies', 'mediaUploads'] as const) {
    const kept = await trx
      .selectFrom(table)
      .select('id')
      .where('visitorId', '=', visitorId)
      .executeTakeFirst();
    if (kept) throw new Error(`${table} of a forgotten visitor still hold rows`);
  }
  await trx
    .deleteFrom('plannerItems')
    .where('plannerId', 'in', (eb) =>
      eb.selectFrom('tripPlanners').select('id').where('visitorId', '=', visitorId),
    )
    .execute();
  for (const table of FORGOTTEN_ROWS) {
    await trx.deleteFrom(table).where('visitorId', '=', visitorId).execute();
  }
  await trx.deleteFrom('tripPlanners').where('visitorId', '=', visitorId).execute();
  await trx
    .updateTable('betaSignups')
    .set({ visitorId: null })
    .where('visitorId', '=', visitorId)
    .execute();
}

/** The queries of the session sweep: sessions, and every visitor's rows across the features. */
export function createRetentionRepository(db: Db) {
  return {
    /**
     * Deletes up to `limit` sessions last seen before `before` whose visitor holds nothing, and
     * returns how many went. The outer `last_seen_at` test is checked again against a row that a
     * visit moved meanwhile (PostgreSQL re-reads a row changed under a DELETE), so a visitor who
     * comes back as it runs keeps the session, and their first write goes into it.
     */
    async deleteEmptySessions(before: string, limit: number): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where('lastSeenAt', '<', before)
        .where('tokenHash', 'in', (eb) =>
          eb
            .selectFrom('sessions as idle')
            .select('idle.tokenHash')
            .where('idle.lastSeenAt', '<', before)
            // A signed-in session holds its account: it lapses by the longer rule only.
            .where('idle.accountId', 'is', null)
            .where(sql<boolean>`not ${holdsAnything('idle.visitorId')}`)
            .limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Up to `limit` visitors with a session last seen before `before`. */
    async visitorsUnseenSince(before: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('sessions')
        .select('visitorId')
        .distinct()
        .where('lastSeenAt', '<', before)
        .limit(limit)
        .execute();
      return rows.map((row) => row.visitorId);
    },

    /** Whether the visitor's things are an account's, kept while the account exists. */
    async ownedByAccount(visitorId: string): Promise<boolean> {
      const row = await db
        .selectFrom('accounts')
        .select('id')
        .where('visitorId', '=', visitorId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether any session of the visitor was seen at `since` or later. */
    async seenSince(visitorId: string, since: string): Promise<boolean> {
      const row = await db
        .selectFrom('sessions')
        .select('tokenHash')
        .where('visitorId', '=', visitorId)
        .where('lastSeenAt', '>=', since)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Deletes the visitor's sessions last seen before `before`, and, when none of theirs is left,
     * their rows: in one transaction, so a visit that comes in between keeps everything this
     * deletes. Returns whether the visitor was forgotten. An account's visitor never is: only
     * its unused sessions go (docs/decisions/024); deleting the account is `erase`. Their media
     * must be gone already (deleteVisitorRows).
     */
    async forget(visitorId: string, before: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('sessions')
          .where('visitorId', '=', visitorId)
          .where('lastSeenAt', '<', before)
          .execute();
        const left = await trx
          .selectFrom('sessions')
          .select('tokenHash')
          .where('visitorId', '=', visitorId)
          .executeTakeFirst();
        if (left) return false;
        const account = await trx
          .selectFrom('accounts')
          .select('id')
          .where('visitorId', '=', visitorId)
          .executeTakeFirst();
        if (account) return false;
        await deleteVisitorRows(trx, visitorId);
        return true;
      });
    },

    /**
     * Deletes every row of the visitor and every session of theirs now, whoever they are (an
     * account being deleted), and runs `finish` in the same transaction (the account's own rows).
     * Their media must be gone already, as for `forget`.
     */
    async erase(
      visitorId: string,
      finish: (trx: Transaction<Database>) => Promise<void>,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('sessions').where('visitorId', '=', visitorId).execute();
        await deleteVisitorRows(trx, visitorId);
        await finish(trx);
      });
    },
  };
}
export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
