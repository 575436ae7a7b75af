import type { Db } from '../db/database.js';

/** A kept answer to a request sent with an Idempotency-Key (docs/decisions/029). */
export interface IdempotencyKeyTable {
  /** HMAC of the visitor, the route and the key. */
  id: string;
  /** HMAC of the visitor alone: the cap on the keys one visitor holds. */
  visitorHash: string;
  /** HMAC of the request's parameters, query and body. */
  fingerprint: string;
  /** The answer's status; null while the first request runs. */
  statusCode: number | null;
  /** The answer, encrypted (idempotency.ts); null while the first request runs. */
  response: string | null;
  startedAt: string;
  expiresAt: string;
}

export interface IdempotencyEntry {
  id: string;
  visitorHash: string;
  fingerprint: string;
}

/** What a key's first use found. */
export type IdempotencyBegin =
  /** The key is new (or its request was abandoned): this request runs, and its answer is kept. */
  | { kind: 'started' }
  /** The key's request has been answered: replay the answer. */
  | { kind: 'done'; statusCode: number; response: string }
  /** The key was used for another request. */
  | { kind: 'mismatch' }
  /** The key's first request is still running. */
  | { kind: 'running' };

export interface IdempotencyStoreOptions {
  /** How long an answer is kept (the draft suggests a day). */
  ttlMs: number;
  /** A request still "running" this long after it started was lost (a crash): another takes over. */
  abandonedAfterMs: number;
  /** Keys one visitor holds at most; past it, their oldest go. */
  maxPerVisitor: number;
}

/**
 * A day, as the draft suggests and Stripe keeps them; a request lost for a minute is taken over
 * (every idempotent route answers in well under that); 1,000 keys a visitor, far above what
 * the routes' limits let one make in a day of normal use, and so bounded.
 */
export const IDEMPOTENCY_RULES: IdempotencyStoreOptions = {
  ttlMs: 24 * 60 * 60 * 1000,
  abandonedAfterMs: 60 * 1000,
  maxPerVisitor: 1000,
};

/** How often one process deletes everyone's expired keys. */
const SWEEP_EVERY_MS = 60 * 1000;

/**
 * The idempotency keys' rows, in the database so that every process agrees: a key is claimed by
 * one INSERT … ON CONFLICT DO NOTHING (on SQLite and PostgreSQL alike), so of two requests
 * racing with one key exactly one runs.
 */
export function createIdempotencyStore(db: Db, options: IdempotencyStoreOptions) {
  let lastSweep = 0;

  async function sweep(now: Date) {
    if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now.getTime();
    await db.deleteFrom('idempotencyKeys').where('expiresAt', '<=', now.toISOString()).execute();
  }

  /** Keeps the visitor's newest `maxPerVisitor` keys. */
  async function cap(visitorHash: string) {
    const { count } = await db
      .selectFrom('idempotencyKeys')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
      .where('visitorHash', '=', visitorHash)
      .executeTakeFirstOrThrow();
    const excess = Number(count) - options.maxPerVisitor;
    if (excess <= 0) return;
    await db
      .deleteFrom('idempotencyKeys')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('idempotencyKeys')
          .select('id')
          .where('visitorHash', '=', visitorHash)
          .orderBy('startedAt', 'asc')
          .orderBy('id', 'asc')
          .limit(excess),
      )
      .execute();
  }

  async function claim(entry: IdempotencyEntry, now: Date): Promise<boolean> {
    const at = now.toISOString();
    // A key past its day is a new key.
    await db
      .deleteFrom('idempotencyKeys')
      .where('id', '=', entry.id)
      .where('expiresAt', '<=', at)
      .execute();
    const result = await db
      .insertInto('idempotencyKeys')
      .values({
        ...entry,
        statusCode: null,
        response: null,
        startedAt: at,
        expiresAt: new Date(now.getTime() + options.ttlMs).toISOString(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  return {
    /** Claims the key for this request, or says what its first use left. */
    async begin(entry: IdempotencyEntry, now = new Date()): Promise<IdempotencyBegin> {
      await sweep(now);
      // Twice at most: a row that went (its answer failed, or it expired) between the INSERT and
      // the SELECT is claimed again.
      for (let attempt = 0; attempt < 2; attempt++) {
        if (await claim(entry, now)) {
          await cap(entry.visitorHash);
          return { kind: 'started' };
        }
        const row = await db
          .selectFrom('idempotencyKeys')
          .select(['fingerprint', 'statusCode', 'response', 'startedAt'])
          .where('id', '=', entry.id)
          .executeTakeFirst();
        if (!row) continue;
        if (row.fingerprint !== entry.fingerprint) return { kind: 'mismatch' };
        if (row.statusCode !== null && row.response !== null) {
          return { kind: 'done', statusCode: row.statusCode, response: row.response };
        }
        const abandoned = new Date(now.getTime() - options.abandonedAfterMs).toISOString();
        if (row.startedAt < abandoned) {
          // Taken over by one request only: the one whose UPDATE still sees the old start.
          const taken = await db
            .updateTable('idempotencyKeys')
            .set({ startedAt: now.toISOString() })
            .where('id', '=', entry.id)
            .where('statusCode', 'is', null)
            .where('startedAt', '=', row.startedAt)
            .executeTakeFirst();
          if (Number(taken.numUpdatedRows) > 0) return { kind: 'started' };
        }
        return { kind: 'running' };
      }
      return { kind: 'running' };
    },

    /** Keeps the answer of the request that claimed the key. */
    async finish(id: string, statusCode: number, response: string): Promise<void> {
      await db
        .updateTable('idempotencyKeys')
        .set({ statusCode, response })
        .where('id', '=', id)
        .where('statusCode', 'is', null)
        .execute();
    },

    /** Frees a key whose request failed, so that a retry with it runs again. */
    async release(id: string): Promise<void> {
      await db
        .deleteFrom('idempotencyKeys')
        .where('id', '=', id)
        .where('statusCode', 'is', null)
        .execute();
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
