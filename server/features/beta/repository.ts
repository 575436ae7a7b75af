import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { BetaSignupTable, BetaVerificationTokenTable } from './table.js';

export type SignupRow = Selectable<BetaSignupTable>;
export type TokenRow = Selectable<BetaVerificationTokenTable>;

/** A unique index said no: the e-mail (or, very rarely, the access code) is taken. */
export class UniqueViolation extends Error {
  constructor(readonly column: 'email' | 'accessCode') {
    super(`unique ${column}`);
  }
}

function uniqueColumn(error: unknown): 'email' | 'accessCode' | undefined {
  const text = `${(error as { message?: string }).message ?? ''} ${(error as { constraint?: string }).constraint ?? ''}`;
  if (/email_key/.test(text)) return 'email';
  if (/access_code/.test(text)) return 'accessCode';
  return undefined;
}

export function createBetaRepository(db: Db) {
  return {
    /** The sign-up and its first token, together or not at all. */
    async insert(
      signup: Insertable<BetaSignupTable>,
      token: Insertable<BetaVerificationTokenTable> | undefined,
    ): Promise<void> {
      try {
        await db.transaction().execute(async (trx) => {
          await trx.insertInto('betaSignups').values(signup).execute();
          if (token) await trx.insertInto('betaVerificationTokens').values(token).execute();
        });
      } catch (error) {
        const column = uniqueColumn(error);
        if (column) throw new UniqueViolation(column);
        throw error;
      }
    },

    async byEmailKey(emailKey: string): Promise<SignupRow | undefined> {
      return db
        .selectFrom('betaSignups')
        .selectAll()
        .where('emailKey', '=', emailKey)
        .executeTakeFirst();
    },

    async token(signupId: string): Promise<TokenRow | undefined> {
      return db
        .selectFrom('betaVerificationTokens')
        .selectAll()
        .where('signupId', '=', signupId)
        .executeTakeFirst();
    },

    /** A resend: the new token replaces the old one, which stops working. */
    async replaceToken(token: Insertable<BetaVerificationTokenTable>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('betaVerificationTokens')
          .where('signupId', '=', token.signupId)
          .execute();
        await trx.insertInto('betaVerificationTokens').values(token).execute();
      });
    },

    /**
     * Records a mail about a repeat sign-up, unless one went out after `since`: true when this
     * caller is to send it. One statement, so two repeats at once send one mail.
     */
    async claimRepeatMail(signupId: string, at: string, since: string): Promise<boolean> {
      const result = await db
        .updateTable('betaSignups')
        .set({ repeatMailedAt: at })
        .where('id', '=', signupId)
        .where((eb) => eb.or([eb('repeatMailedAt', 'is', null), eb('repeatMailedAt', '<=', since)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async markVerified(signupId: string, at: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('betaSignups')
          .set({ verifiedAt: at })
          .where('id', '=', signupId)
          .where('verifiedAt', 'is', null)
          .execute();
        await trx
          .updateTable('betaVerificationTokens')
          .set({ usedAt: at })
          .where('signupId', '=', signupId)
          .where('usedAt', 'is', null)
          .execute();
      });
    },

    /** Every sign-up, oldest first (the owner's export). */
    all(): Promise<SignupRow[]> {
      return db.selectFrom('betaSignups').selectAll().orderBy('createdAt').execute();
    },
  };
}
export type BetaRepository = ReturnType<typeof createBetaRepository>;
