import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';

export interface SessionTable {
  tokenHash: string;
  visitorId: string;
  createdAt: string;
  /** The visitor's first visit on the day of their last visit: moved once a day at most. */
  lastSeenAt: string;
  /**
   * The session's own id, to name it in an account's device list without its token's hash. Null
   * for sessions stored before accounts (docs/decisions/024), which are never an account's.
   */
  id: string | null;
  /** The account signed in on this session, or null for an anonymous visitor. */
  accountId: string | null;
  /** A coarse label of the browser that signed in ("Firefox on Windows"). */
  deviceLabel: string | null;
}

/** What a stored session says about the request that presents it. */
export interface StoredSession {
  /** The session's own id (null for sessions stored before accounts). */
  id: string | null;
  visitorId: string;
  accountId: string | null;
}

/** Midnight UTC of the day of `at`. */
export const startOfDay = (at: Date) => `${at.toISOString().slice(0, 10)}T00:00:00.000Z`;

const STORED = ['id', 'visitorId', 'accountId'] as const;

export function createSessionRepository(db: Db) {
  const find = (tokenHash: string): Promise<StoredSession | undefined> =>
    db.selectFrom('sessions').select(STORED).where('tokenHash', '=', tokenHash).executeTakeFirst();

  return {
    /**
     * The stored session, recording the visit: `last_seen_at` moves at most once a day, so a
     * returning visitor's requests stay reads; `firstToday` says whether this call moved it.
     * Undefined when there is no such session (never stored, swept, or signed out).
     */
    async visit(
      tokenHash: string,
      now: Date,
    ): Promise<(StoredSession & { firstToday: boolean }) | undefined> {
      const row = await db
        .selectFrom('sessions')
        .select([...STORED, 'lastSeenAt'])
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      const { lastSeenAt, ...session } = row;
      const today = startOfDay(now);
      if (lastSeenAt >= today) return { ...session, firstToday: false };
      const moved = await db
        .updateTable('sessions')
        .set({ lastSeenAt: now.toISOString() })
        .where('tokenHash', '=', tokenHash)
        .where('lastSeenAt', '<', today)
        .returning(STORED)
        .executeTakeFirst();
      if (moved) return { ...moved, firstToday: true };
      // Nothing moved: another process recorded today's visit first, or the sweep removed the
      // session between the two statements (then the visitor is a newcomer again).
      const stored = await find(tokenHash);
      return stored ? { ...stored, firstToday: false } : undefined;
    },

    /** Inserts the session unless a concurrent request already did; returns the stored visitor. */
    async insertOrGet(tokenHash: string, visitorId: string, now: string): Promise<string> {
      await db
        .insertInto('sessions')
        .values({ tokenHash, visitorId, createdAt: now, lastSeenAt: now, id: randomUUID() })
        .onConflict((oc) => oc.column('tokenHash').doNothing())
        .execute();
      const stored = await find(tokenHash);
      if (!stored) throw new Error('Session row missing right after insert');
      return stored.visitorId;
    },

    /**
     * Signing in: the session presented (if stored) is deleted and a new one, on a new token,
     * names the account, in one transaction, so the old token never reaches the account.
     * Returns the new session's id.
     */
    async rotate(
      oldTokenHash: string | null,
      session: {
        tokenHash: string;
        visitorId: string;
        accountId: string;
        deviceLabel: string | null;
      },
      now: string,
    ): Promise<string> {
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        if (oldTokenHash) {
          await trx.deleteFrom('sessions').where('tokenHash', '=', oldTokenHash).execute();
        }
        await trx
          .insertInto('sessions')
          .values({ ...session, id, createdAt: now, lastSeenAt: now })
          .execute();
      });
      return id;
    },

    /** Signing out: the session is deleted. */
    async remove(tokenHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('tokenHash', '=', tokenHash).execute();
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
