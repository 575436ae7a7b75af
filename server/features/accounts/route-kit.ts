import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { signedInAccountSchema } from '../../../contracts/auth.js';
import { errorBodySchema } from '../../../contracts/errors.js';
import { limits, perMinute } from '../../plugins/limits.js';
import { deviceLabel } from './device-label.js';
import type { AccountRow } from './repository.js';
import type { AccountsService } from './service.js';

/*
 * What the account's routes share: the limits of signing in and of the account's writes, and the
 * end of every sign-in (a new session, the account's summary).
 */

/** Sign-in tries per minute (codes, links, passkeys): one browser's, and one network's. */
const SIGN_INS_PER_MINUTE = 10;
const SIGN_INS_PER_MINUTE_PER_ADDRESS = 60;
/** The account page's writes: a person's clicks, and a few persons' behind one address. */
const ACCOUNT_WRITES_PER_MINUTE = 30;
const ACCOUNT_WRITES_PER_MINUTE_PER_ADDRESS = 300;

export const signInLimit = limits({
  visitor: perMinute(SIGN_INS_PER_MINUTE),
  address: perMinute(SIGN_INS_PER_MINUTE_PER_ADDRESS),
});
export const writeLimit = limits({
  visitor: perMinute(ACCOUNT_WRITES_PER_MINUTE),
  address: perMinute(ACCOUNT_WRITES_PER_MINUTE_PER_ADDRESS),
});

export const signedOut = z.null().describe('Signed out');
export const signInResponses = {
  200: signedInAccountSchema,
  400: errorBodySchema,
  429: errorBodySchema,
};

/** The browser signs in to `account`, on a new session; answers the account page's summary. */
export async function signedIn(
  request: FastifyRequest,
  service: AccountsService,
  account: AccountRow,
) {
  const sessionId = await request.signIn({
    accountId: account.id,
    visitorId: account.visitorId,
    deviceLabel: deviceLabel(request.headers['user-agent']),
  });
  return service.summary(account, sessionId);
}
