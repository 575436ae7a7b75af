import { sql, type Insertable, type Selectable, type Transaction } from 'kysely';
import { SIGN_IN_CODE_ATTEMPTS } from '../../../contracts/auth.values.js';
import type { Database, Db } from '../../db/database.js';
import { VISITOR_TABLES } from '../retention/repository.js';
import type { AccountTable, SignInCodeTable } from './table.js';

export type AccountRow = Selectable<AccountTable>;

/**
 * How a signing-in visitor's rows in each table of VISITOR_TABLES become the account's (the
 * claim): `move` sets their `visitor_id` to the account's; `after` does too, and numbers them
 * after the account's own, for a table whose `(visitor_id, seq)` is unique (the chat: the
 * visitor's conversation goes on after the account's). Typed against VISITOR_TABLES, so a new
 * table of a visitor's things does not build until it is placed here; a test checks the schema.
 */
export const CLAIMS = {
  tripPlanners: 'move',
  calendarSubscriptions: 'move',
  tripShares: 'move',
  bookings: 'move',
  blockchainPayments: 'move',
  chatMessages: 'after',
  mediaUploads: 'move',
  mediaFiles: 'move',
  mediaMovies: 'move',
  mediaShares: 'move',
  // The link that lets the sign-up's own visitor hear "already registered" (decision 020): the
  // account is the same person, on any device.
  betaSignups: 'move',
} as const satisfies Record<(typeof VISITOR_TABLES)[number], 'move' | 'after'>;

/**
 * The tables of an account's records in its export: every table of VISITOR_TABLES, by its
 * `visitor_id`, and the rows that belong to one of those rows (a planner item, to its trip), so a
 * new table of a visitor's things is exported without a change here.
 */
export const EXPORTED_CHILDREN = {
  plannerItems: { parent: 'tripPlanners', column: 'plannerId' },
} as const satisfies Partial<
  Record<keyof Database, { parent: (typeof VISITOR_TABLES)[number]; column: string }>
>;
export type ExportedTable = (typeof VISITOR_TABLES)[number] | keyof typeof EXPORTED_CHILDREN;
export const EXPORTED_TABLES: readonly ExportedTable[] = [
  ...VISITOR_TABLES,
  ...(Object.keys(EXPORTED_CHILDREN) as (keyof typeof EXPORTED_CHILDREN)[]),
];

/** Which rows of `table` are the visitor's: by `visitor_id`, or by their parent's. */
function ownedBy(table: ExportedTable, visitorId: string) {
  if (table in EXPORTED_CHILDREN) {
    const { parent, column } = EXPORTED_CHILDREN[table as keyof typeof EXPORTED_CHILDREN];
    return sql<boolean>`${sql.ref(column)} in (select ${sql.ref('id')} from ${sql.table(parent)} where ${sql.ref('visitorId')} = ${visitorId})`;
  }
  return sql<boolean>`${sql.ref('visitorId')} = ${visitorId}`;
}

/** Moves every row of `from` to `to`, table by table, in the caller's transaction. */
async function moveVisitor(trx: Transaction<Database>, from: string, to: string): Promise<void> {
  for (const table of VISITOR_TABLES) {
    if (CLAIMS[table] === 'after') {
      const last = await trx
        .selectFrom('chatMessages')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where('visitorId', '=', to)
        .executeTakeFirst();
      const offset = Number(last?.seq ?? 0);
      await trx
        .updateTable('chatMessages')
        .set((eb) => ({ visitorId: to, seq: eb('seq', '+', offset) }))
        .where('visitorId', '=', from)
        .execute();
    } else {
      await trx.updateTable(table).set({ visitorId: to }).where('visitorId', '=', from).execute();
    }
  }
}

export function createAccountsRepository(db: Db) {
  const byEmail = (email: string) =>
    db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();

  return {
    byEmail,

    byId: (id: string) =>
      db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst(),

    /**
     * The account of `account.email`, stored now unless it was already (by this request or one
     * running alongside it): the stored one wins.
     */
    async insertOrGet(account: Insertable<AccountTable>): Promise<AccountRow> {
      await db
        .insertInto('accounts')
        .values(account)
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
      const stored = await byEmail(account.email);
      if (!stored) throw new Error('Account row missing right after insert');
      return stored;
    },

    /**
     * The claim: everything `from` holds becomes `to`'s, in one transaction, and the account's
     * last sign-in is recorded.
     */
    async claim(accountId: string, from: string | null, to: string, at: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (from && from !== to) await moveVisitor(trx, from, to);
        await trx
          .updateTable('accounts')
          .set({ lastSignInAt: at })
          .where('id', '=', accountId)
          .execute();
      });
    },

    /**
     * A new code and link for an address: the earlier ones of that address stop working, and
     * every expired code goes (each request tidies the table).
     */
    async replaceCode(row: Insertable<SignInCodeTable>, now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('signInCodes')
          .where((eb) => eb.or([eb('email', '=', row.email), eb('expiresAt', '<=', now)]))
          .execute();
        await trx.insertInto('signInCodes').values(row).execute();
      });
    },

    /**
     * Takes one try at the live codes of an address (normally one), before the code is compared,
     * so tries running at once cannot exceed SIGN_IN_CODE_ATTEMPTS between them. Returns the codes
     * that had a try left.
     */
    async takeAttempt(email: string, now: string): Promise<{ id: string; codeHash: string }[]> {
      return db
        .updateTable('signInCodes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('email', '=', email)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', now)
        .where('attempts', '<', SIGN_IN_CODE_ATTEMPTS)
        .returning(['id', 'codeHash'])
        .execute();
    },

    /** Uses a code once: true for the one caller that did. */
    async useCode(id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('signInCodes')
        .set({ usedAt: now })
        .where('id', '=', id)
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Uses a live link once: its address, for the one caller that did. */
    async useLink(linkHash: string, now: string): Promise<string | undefined> {
      const row = await db
        .updateTable('signInCodes')
        .set({ usedAt: now })
        .where('linkHash', '=', linkHash)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', now)
        .returning('email')
        .executeTakeFirst();
      return row?.email;
    },

    /** The account's signed-in devices, the latest seen first. */
    sessions: (accountId: string) =>
      db
        .selectFrom('sessions')
        .select(['id', 'createdAt', 'lastSeenAt', 'deviceLabel'])
        .where('accountId', '=', accountId)
        .orderBy('lastSeenAt', 'desc')
        .orderBy('createdAt', 'desc')
        .execute(),

    /** Signs one device of the account out: false when it is no session of the account. */
    async removeSession(accountId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('sessions')
        .where('accountId', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Signs every device of the account out. */
    async removeSessions(accountId: string): Promise<void> {
      await db.deleteFrom('sessions').where('accountId', '=', accountId).execute();
    },

    /** When the account's session `id` signed in (its row is made by signing in), if it is one. */
    async signedInAt(accountId: string, id: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('sessions')
        .select('createdAt')
        .where('accountId', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.createdAt;
    },

    /**
     * Up to `limit` of the visitor's rows in `table` whose id is after `afterId`, by id: the
     * export reads a table in batches, so a large one never sits in memory whole.
     */
    async exportBatch(
      table: ExportedTable,
      visitorId: string,
      afterId: string,
      limit: number,
    ): Promise<Record<string, unknown>[]> {
      const result = await sql<
        Record<string, unknown>
      >`select * from ${sql.table(table)} where ${ownedBy(table, visitorId)} and ${sql.ref('id')} > ${afterId} order by ${sql.ref('id')} limit ${limit}`.execute(
        db,
      );
      return result.rows;
    },

    /** The visitor's photos and videos, and their movies, whose stored bytes the export holds. */
    async mediaOf(visitorId: string) {
      const [files, movies] = await Promise.all([
        db
          .selectFrom('mediaFiles')
          .select(['id', 'objectKey', 'fileName', 'fileSize'])
          .where('visitorId', '=', visitorId)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('mediaMovies')
          .select(['id', 'videoKey', 'calmVideoKey', 'captionsKey'])
          .where('visitorId', '=', visitorId)
          .orderBy('id')
          .execute(),
      ]);
      return { files, movies };
    },

    /**
     * The account's own rows, in the caller's transaction (the deletion, after its visitor's
     * things): its sessions, the sign-in codes of its address, and the account.
     */
    async deleteAccount(trx: Transaction<Database>, account: AccountRow): Promise<void> {
      await trx.deleteFrom('sessions').where('accountId', '=', account.id).execute();
      await trx.deleteFrom('signInCodes').where('email', '=', account.email).execute();
      await trx.deleteFrom('accounts').where('id', '=', account.id).execute();
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
