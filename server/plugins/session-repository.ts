import type { Db } from '../db/database.js';

export interface SessionTable {
  tokenHash: string;
  visitorId: string;
  createdAt: string;
  lastSeenAt: string;
}

export function createSessionRepository(db: Db) {
  return {
    async findVisitorId(tokenHash: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('sessions')
        .select('visitorId')
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst();
      return row?.visitorId;
    },

    /** Inserts the session unless a concurrent request already did; returns the stored visitor. */
    async insertOrGet(tokenHash: string, visitorId: string, now: string): Promise<string> {
      await db
        .insertInto('sessions')
        .values({ tokenHash, visitorId, createdAt: now, lastSeenAt: now })
        .onConflict((oc) => oc.column('tokenHash').doNothing())
        .execute();
      const stored = await this.findVisitorId(tokenHash);
      if (!stored) throw new Error('Session row missing right after insert');
      return stored;
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
