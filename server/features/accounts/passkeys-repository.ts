import type { Insertable, Selectable, Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import type { PasskeyTable, WebauthnChallengeTable } from './table.js';

export type PasskeyRow = Selectable<PasskeyTable>;

/** The account's passkeys and the one-use challenges of WebAuthn (docs/decisions/027). */
export function createPasskeysRepository(db: Db) {
  return {
    /** Keeps a new challenge; every expired one goes (each request tidies the table). */
    async keepChallenge(row: Insertable<WebauthnChallengeTable>, now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('webauthnChallenges').where('expiresAt', '<=', now).execute();
        await trx.insertInto('webauthnChallenges').values(row).execute();
      });
    },

    /**
     * Uses a live challenge of `purpose` (and of `accountId`, for a registration) once: true for
     * the one caller that did. A challenge that is unknown, used, expired or another's: false.
     */
    async takeChallenge(
      challenge: string,
      purpose: WebauthnChallengeTable['purpose'],
      accountId: string | null,
      now: string,
    ): Promise<boolean> {
      const taken = await db
        .deleteFrom('webauthnChallenges')
        .where('challenge', '=', challenge)
        .where('purpose', '=', purpose)
        .where('accountId', accountId === null ? 'is' : '=', accountId)
        .where('expiresAt', '>', now)
        .returning('challenge')
        .executeTakeFirst();
      return taken !== undefined;
    },

    /** The account's passkeys, the oldest first. */
    ofAccount: (accountId: string) =>
      db
        .selectFrom('passkeys')
        .selectAll()
        .where('accountId', '=', accountId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute(),

    byCredential: (credentialId: string) =>
      db
        .selectFrom('passkeys')
        .selectAll()
        .where('credentialId', '=', credentialId)
        .executeTakeFirst(),

    /** Stores a passkey: false when its credential is stored already (for any account). */
    async insert(row: Insertable<PasskeyTable>): Promise<boolean> {
      const inserted = await db
        .insertInto('passkeys')
        .values(row)
        .onConflict((oc) => oc.column('credentialId').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** A sign-in with the passkey: its counter moves on and its use is dated. */
    async used(id: string, counter: number, at: string): Promise<void> {
      await db
        .updateTable('passkeys')
        .set({ counter, lastUsedAt: at })
        .where('id', '=', id)
        .execute();
    },

    /** Renames one of the account's passkeys: false when it is none of the account's. */
    async rename(accountId: string, id: string, name: string): Promise<boolean> {
      const result = await db
        .updateTable('passkeys')
        .set({ name })
        .where('accountId', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Removes one of the account's passkeys: false when it is none of the account's. */
    async remove(accountId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('passkeys')
        .where('accountId', '=', accountId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Every passkey and challenge of the account, in the deletion's transaction. */
    async removeAll(trx: Transaction<Database>, accountId: string): Promise<void> {
      await trx.deleteFrom('passkeys').where('accountId', '=', accountId).execute();
      await trx.deleteFrom('webauthnChallenges').where('accountId', '=', accountId).execute();
    },
  };
}
export type PasskeysRepository = ReturnType<typeof createPasskeysRepository>;
