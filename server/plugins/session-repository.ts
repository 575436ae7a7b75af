import type { Db } from '../db/database.js';

export interface SessionTable {
  tokenHash: string;
  visitorId: string;
  createdAt: string;
  /** The visitor's first visit on the day of their last visit: moved once a day at most. */
  lastSeenAt: string;
}

/** Midnight UTC of the day of `at`. */
export const startOfDay = (at: Date) => `${at.toISOString().slice(0, 10)}T00:00:00.000Z`;

export function createSessionRepository(db: Db) {
  const findVisitorId = async (tokenHash: string): Promise<string | undefined> =>
    (
      await db
        .selectFrom('sessions')
        .select('visitorId')
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst()
    )?.visitorId;

  return {
    /**
     * The visitor of a stored session, recording the visit: `last_seen_at` moves at most once a
     * day, so a returning visitor's requests stay reads; `firstToday` says whether this call moved
     * it. Undefined when there is no such session (never stored, or swept).
     */
    async visit(
      tokenHash: string,
      now: Date,
    ): Promise<{ visitorId: string; firstToday: boolean } | undefined> {
      const row = await db
        .selectFrom('sessions')
        .select(['visitorId', 'lastSeenAt'])
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      const today = startOfDay(now);
      if (row.lastSeenAt >= today) return { visitorId: row.visitorId, firstToday: false };
      const moved = await db
        .updateTable('sessions')
        .set({ lastSeenAt: now.toISOString() })
        .where('tokenHash', '=', tokenHash)
        .where('lastSeenAt', '<', today)
        .returning('visitorId')
        .executeTakeFirst();
      if (moved) return { visitorId: moved.visitorId, firstToday: true };
      // Nothing moved: another process recorded today's visit first, or the sweep removed the
      // session between the two statements (then the visitor is a newcomer again).
      const visitorId = await findVisitorId(tokenHash);
      return visitorId ? { visitorId, firstToday: false } : undefined;
    },

    /** Inserts the session unless a concurrent request already did; returns the stored visitor. */
    async insertOrGet(tokenHash: string, visitorId: string, now: string): Promise<string> {
      await db
        .insertInto('sessions')
        .values({ tokenHash, visitorId, createdAt: now, lastSeenAt: now })
        .onConflict((oc) => oc.column('tokenHash').doNothing())
        .execute();
      const stored = await findVisitorId(tokenHash);
      if (!stored) throw new Error('Session row missing right after insert');
      return stored;
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
