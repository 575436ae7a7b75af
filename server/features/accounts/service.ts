import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  AUTH_MESSAGES,
  AUTH_PAGES,
  REAUTH_FRESH_MINUTES,
  SIGN_IN_CODE_DIGITS,
  SIGN_IN_CODE_VALID_MINUTES,
  normaliseEmail,
  type Account,
  type SignedInAccount,
} from '../../../contracts/auth.js';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Database } from '../../db/database.js';
import { BadRequest, NotFound, ReauthenticationRequired } from '../../errors.js';
import { contactPageUrl } from '../../lib/mail-layout.js';
import { hashToken, newToken, TOKEN_PATTERN } from '../../lib/tokens.js';
import type { StoredSession } from '../../plugins/session-repository.js';
import { signInMail } from './mail.js';
import { passkeyView } from './passkeys.js';
import type { PasskeysRepository } from './passkeys-repository.js';
import type { AccountRow, AccountsRepository } from './repository.js';

const CODE_VALID_MS = SIGN_IN_CODE_VALID_MINUTES * 60_000;
const CODE_VALUES = 10 ** SIGN_IN_CODE_DIGITS;
const FRESH_MS = REAUTH_FRESH_MINUTES * 60_000;

/** The one answer to a code that does not sign in, whatever the reason: wrong, used, expired. */
const codeRejected = () =>
  new BadRequest(AUTH_MESSAGES.codeRejected, [
    { path: 'code', message: AUTH_MESSAGES.codeRejected },
  ]);
const linkRejected = () =>
  new BadRequest(AUTH_MESSAGES.linkRejected, [
    { path: 'token', message: AUTH_MESSAGES.linkRejected },
  ]);

export interface AccountsServiceDeps {
  repository: AccountsRepository;
  passkeys: PasskeysRepository;
  mailer: Mailer;
  appUrl: string;
  /** The server's secret: a code's hash is an HMAC, so a copy of the table does not give codes. */
  secret: string;
  /** The access code of a beta sign-up whose verified address is `email`, if any (the beta feature). */
  betaAccessCode: (email: string) => Promise<string | null>;
  /**
   * Deletes every file, movie, row and session of a visitor, then runs `finish` in the same
   * transaction (the retention's `erase`).
   */
  eraseVisitor: (
    visitorId: string,
    finish: (trx: Transaction<Database>) => Promise<void>,
  ) => Promise<unknown>;
  now?: () => Date;
}

/**
 * Passwordless accounts (docs/decisions/024-passwordless-accounts.md): a code and a link by
 * e-mail, either of which signs in once; signing in claims what the browser made anonymously.
 * The routes rotate the session (`request.signIn`), so no function here sees a cookie.
 */
export function createAccountsService(deps: AccountsServiceDeps) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());
  const codeHash = (id: string, code: string) =>
    createHmac('sha256', deps.secret).update(`sign-in-code:${id}:${code}`).digest('base64url');
  const sameHash = (a: string, b: string) =>
    a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  /**
   * Every way of signing in ends here (a code, a link, a passkey): the claim. When the browser is
   * an anonymous visitor, what it made becomes the account's; a browser signed in to another
   * account brings nothing.
   */
  async function signInTo(account: AccountRow, current: StoredSession | null): Promise<AccountRow> {
    const anonymous = current && !current.accountId ? current.visitorId : null;
    await repository.claim(account.id, anonymous, account.visitorId, now().toISOString());
    return account;
  }

  /** A sign-in by address (a code or a link): the account is made on the address's first one. */
  async function signIn(email: string, current: StoredSession | null): Promise<AccountRow> {
    const at = now().toISOString();
    const account = await repository.insertOrGet({
      id: randomUUID(),
      email,
      visitorId: randomUUID(),
      createdAt: at,
      lastSignInAt: at,
    });
    return signInTo(account, current);
  }

  return {
    signIn,

    /** A sign-in with a passkey, whose account is known: the same claim as by address. */
    async signInToAccount(accountId: string, current: StoredSession | null): Promise<AccountRow> {
      const account = await repository.byId(accountId);
      // The passkey outlived its account only if a deletion is running right now.
      if (!account) throw new BadRequest(AUTH_MESSAGES.passkeyRejected);
      return signInTo(account, current);
    },

    /**
     * Mails a code and a link to the address, unless `allowed` is false (the address's hourly
     * allowance is spent): the answer is the same either way, and the same for every address,
     * so it tells nobody whether an account exists. No account is made here.
     */
    async requestSignIn(typed: string, allowed: boolean): Promise<{ message: string }> {
      const answer = { message: AUTH_MESSAGES.mailSent };
      if (!allowed) return answer;
      const email = normaliseEmail(typed);
      const id = randomUUID();
      const code = String(randomInt(CODE_VALUES)).padStart(SIGN_IN_CODE_DIGITS, '0');
      const token = newToken();
      const at = now();
      await repository.replaceCode(
        {
          id,
          email,
          codeHash: codeHash(id, code),
          linkHash: hashToken(token),
          expiresAt: new Date(at.getTime() + CODE_VALID_MS).toISOString(),
          attempts: 0,
          usedAt: null,
          createdAt: at.toISOString(),
        },
        at.toISOString(),
      );
      const link = `${deps.appUrl}${AUTH_PAGES.signInLink}?${new URLSearchParams({ token })}`;
      await deps.mailer.send({ to: email, ...signInMail(code, link, contactPageUrl(deps.appUrl)) });
      return answer;
    },

    /**
     * Signs in with a mailed code. Every try counts, taken before the comparison; a code dies
     * after SIGN_IN_CODE_ATTEMPTS. Wrong, used, dead, expired or never sent: one answer.
     */
    async signInWithCode(
      typed: string,
      code: string,
      current: StoredSession | null,
    ): Promise<AccountRow> {
      const email = normaliseEmail(typed);
      const at = now().toISOString();
      const live = await repository.takeAttempt(email, at);
      // About the same work for an address with no live code as for one with a code.
      if (live.length === 0) codeHash(email, code);
      const match = live.find((row) => sameHash(row.codeHash, codeHash(row.id, code)));
      if (!match || !(await repository.useCode(match.id, at))) throw codeRejected();
      return signIn(email, current);
    },

    /** Signs in with a mailed link's token, once. */
    async signInWithLink(token: string, current: StoredSession | null): Promise<AccountRow> {
      if (!TOKEN_PATTERN.test(token)) throw linkRejected();
      const email = await repository.useLink(hashToken(token), now().toISOString());
      if (!email) throw linkRejected();
      return signIn(email, current);
    },

    /** The account page's reading of a session: who is signed in, and on which devices. */
    async account(current: StoredSession | null): Promise<Account> {
      const account = current?.accountId ? await repository.byId(current.accountId) : undefined;
      if (!account) return { signedIn: false };
      return summary(account, current!.id);
    },

    summary,

    /** Signs one of the account's devices out; 404 for any session not the account's. */
    async signOutDevice(accountId: string | null, sessionId: string): Promise<void> {
      if (!accountId || !(await repository.removeSession(accountId, sessionId))) {
        throw new NotFound(AUTH_MESSAGES.sessionNotFound);
      }
    },

    /** Signs every device of the account out. */
    signOutEverywhere: (accountId: string) => repository.removeSessions(accountId),

    /**
     * The account of a session signed in within REAUTH_FRESH_MINUTES, for the export and the
     * deletion; else a 403 that asks for a new sign-in. A session's row is made when it signs in
     * (`request.signIn` rotates it), so its `created_at` is the sign-in's time.
     */
    async freshAccount(current: StoredSession | null): Promise<AccountRow> {
      const account = current?.accountId ? await repository.byId(current.accountId) : undefined;
      if (!account || !current?.id) throw new ReauthenticationRequired(AUTH_MESSAGES.signInFirst);
      const signedInAt = await repository.signedInAt(account.id, current.id);
      if (!signedInAt) throw new ReauthenticationRequired(AUTH_MESSAGES.signInFirst);
      if (now().getTime() - Date.parse(signedInAt) > FRESH_MS) {
        throw new ReauthenticationRequired(AUTH_MESSAGES.reauthenticate);
      }
      return account;
    },

    /**
     * Deletes the account and everything in it, once `confirm` is its address. Every device is
     * signed out first, so none adds anything meanwhile; then the visitor's files and movies with
     * their stored objects, and in one transaction every row of theirs, the account's sessions,
     * the sign-in codes of its address and the account. A failure part-way leaves the account,
     * so signing in again and deleting again finishes the work.
     */
    async deleteAccount(account: AccountRow, confirm: string): Promise<void> {
      if (normaliseEmail(confirm) !== account.email) {
        throw new BadRequest(AUTH_MESSAGES.deleteConfirm, [
          { path: 'confirm', message: AUTH_MESSAGES.deleteConfirm },
        ]);
      }
      await repository.removeSessions(account.id);
      await deps.eraseVisitor(account.visitorId, async (trx) => {
        await deps.passkeys.removeAll(trx, account.id);
        await repository.deleteAccount(trx, account);
      });
    },
  };

  async function summary(account: AccountRow, currentId: string | null): Promise<SignedInAccount> {
    const [sessions, betaAccessCode, passkeys] = await Promise.all([
      repository.sessions(account.id),
      deps.betaAccessCode(account.email),
      deps.passkeys.ofAccount(account.id),
    ]);
    return {
      signedIn: true,
      email: account.email,
      createdAt: account.createdAt,
      betaAccessCode,
      sessions: sessions.map((session) => ({
        id: session.id!,
        createdAt: session.createdAt,
        lastSeenAt: session.lastSeenAt,
        label: session.deviceLabel,
        current: session.id === currentId,
      })),
      passkeys: passkeys.map(passkeyView),
    };
  }
}
export type AccountsService = ReturnType<typeof createAccountsService>;
