/**
 * Signing in by mailed code (docs/decisions/024-passwordless-accounts.md), as the sign-in dialog
 * does it, for API tests whose server sends its mail to a receiver of `startSmtpReceiver`: ask
 * for a mail, read its code (and link) off the receiver, post the code. The visitor's cookie jar
 * keeps the signed-in session.
 */
import { expect } from 'vitest';
import { signedInAccountSchema, type SignedInAccount } from '../../contracts/auth.js';
import type { Visitor } from './server.js';
import { decoded, type SmtpReceiver } from './smtp.js';

/** Asks for a sign-in mail to `email`. */
export const askForSignInMail = (who: Visitor, email: string) =>
  who.request('POST', '/api/auth/email', { body: { email } });

/** Posts a mailed code for `email`. */
export const postSignInCode = (who: Visitor, email: string, code: string) =>
  who.request('POST', '/api/auth/email/code', { body: { email, code } });

/** Posts a mailed link's token. */
export const postSignInLink = (who: Visitor, token: string) =>
  who.request('POST', '/api/auth/email/link', { body: { token } });

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The code, the link's token and the text of the latest sign-in mail among the first `count`
 * mails to `email` (others may be beta mails), waiting for them. `site` is the server's APP_URL:
 * the link must be on it.
 */
export async function readSignInMail(
  smtp: SmtpReceiver,
  email: string,
  { site, count = 1 }: { site: string; count?: number },
) {
  const mails = await smtp.mailFor(email, count);
  const text = mails
    .map(decoded)
    .filter((body) => body.includes('sign-in code'))
    .at(-1)!;
  const code = /sign-in code for Accessible Journeys: (\d{6})/.exec(text)?.[1];
  const token = new RegExp(`${escaped(site)}/sign-in/link\\?token=([\\w-]+)`).exec(text)?.[1];
  expect(code).toBeDefined();
  expect(token).toBeDefined();
  return { code: code!, token: token!, text };
}

/** Signs `who` in with the code of a new mail to `email`: the `count`th mail to it. */
export async function signInByMail(
  smtp: SmtpReceiver,
  who: Visitor,
  email: string,
  { site, count = 1 }: { site: string; count?: number },
): Promise<SignedInAccount> {
  expect((await askForSignInMail(who, email)).status).toBe(202);
  const { code } = await readSignInMail(smtp, email, { site, count });
  const response = await postSignInCode(who, email, code);
  expect(response.status).toBe(200);
  return signedInAccountSchema.parse(await response.json());
}
