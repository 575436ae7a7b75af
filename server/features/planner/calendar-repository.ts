import type { Db } from '../../db/database.js';

export interface CalendarSubscriptionRow {
  id: string;
  plannerId: string;
  visitorId: string;
  tokenHash: string;
  createdAt: string;
  revokedAt: string | null;
}

/** A trip's private calendar addresses. Deleting the trip deletes them (foreign key, cascade). */
function calendarQueries(db: Db) {
  return {
    /**
     * True when the trip is this visitor's. Inside a transaction it also locks the trip's row
     * (PostgreSQL; SQLite runs one writer at a time), so two resets of one trip cannot both leave
     * an address open.
     */
    async lockTrip(plannerId: string, visitorId: string): Promise<boolean> {
      const result = await db
        .updateTable('tripPlanners')
        .set({ visitorId })
        .where('id', '=', plannerId)
        .where('visitorId', '=', visitorId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Closes the trip's open address, if any. */
    async revokeOpen(plannerId: string, visitorId: string, now: string): Promise<number> {
      const result = await db
        .updateTable('calendarSubscriptions')
        .set({ revokedAt: now })
        .where('plannerId', '=', plannerId)
        .where('visitorId', '=', visitorId)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async insert(row: CalendarSubscriptionRow): Promise<void> {
      await db.insertInto('calendarSubscriptions').values(row).execute();
    },

    /** The trip (and its owner) of an open address whose trip still exists, or undefined. */
    async findOpenByTokenHash(
      tokenHash: string,
    ): Promise<{ plannerId: string; visitorId: string } | undefined> {
      return db
        .selectFrom('calendarSubscriptions')
        .innerJoin('tripPlanners', 'tripPlanners.id', 'calendarSubscriptions.plannerId')
        .select(['calendarSubscriptions.plannerId', 'tripPlanners.visitorId'])
        .where('calendarSubscriptions.tokenHash', '=', tokenHash)
        .where('calendarSubscriptions.revokedAt', 'is', null)
        .whereRef('calendarSubscriptions.visitorId', '=', 'tripPlanners.visitorId')
        .executeTakeFirst();
    },
  };
}
export type CalendarQueries = ReturnType<typeof calendarQueries>;

export function createCalendarRepository(db: Db) {
  return {
    ...calendarQueries(db),
    /** Runs `work` in one transaction: it commits when `work` resolves and rolls back when it throws. */
    transaction<T>(work: (queries: CalendarQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(calendarQueries(trx)));
    },
  };
}
export type CalendarRepository = ReturnType<typeof createCalendarRepository>;
