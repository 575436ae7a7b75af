import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_PATHS,
  accountSchema,
  accountSessionParamsSchema,
  normaliseEmail,
  requestSignInResponseSchema,
  requestSignInSchema,
  signedInAccountSchema,
  signInWithCodeSchema,
  signInWithLinkSchema,
} from '../../../contracts/auth.js';
import { errorBodySchema } from '../../../contracts/errors.js';
import { keyedLimiter, limits, perHour, perMinute } from '../../plugins/limits.js';
import { deviceLabel } from './device-label.js';
import type { AccountRow } from './repository.js';
import type { AccountsService } from './service.js';

/**
 * Mails of codes to one address an hour, counted in the shared store: past it a request gets the
 * same answer and nothing is sent, so the limit says nothing about the address either.
 */
export const SIGN_IN_MAILS_PER_HOUR_PER_EMAIL = 5;
/** Sign-in mails from one network an hour: a household's or an office's, asking more than once. */
export const SIGN_IN_MAILS_PER_HOUR_PER_ADDRESS = 30;
/** Codes and links tried per minute: one browser's, and one network's. */
const SIGN_INS_PER_MINUTE = 10;
const SIGN_INS_PER_MINUTE_PER_ADDRESS = 60;
/** Signing out and the device list: a person's clicks, and a few persons' behind one address. */
const ACCOUNT_WRITES_PER_MINUTE = 30;
const ACCOUNT_WRITES_PER_MINUTE_PER_ADDRESS = 300;

const signInLimit = limits({
  visitor: perMinute(SIGN_INS_PER_MINUTE),
  address: perMinute(SIGN_INS_PER_MINUTE_PER_ADDRESS),
});
const writeLimit = limits({
  visitor: perMinute(ACCOUNT_WRITES_PER_MINUTE),
  address: perMinute(ACCOUNT_WRITES_PER_MINUTE_PER_ADDRESS),
});
const signedOut = z.null().describe('Signed out');
const signInResponses = { 200: signedInAccountSchema, 400: errorBodySchema, 429: errorBodySchema };

export const accountRoutes: FastifyPluginAsyncZod<{ service: AccountsService }> = async (
  app,
  { service },
) => {
  const mailsToEmail = keyedLimiter(
    app,
    { method: 'POST', url: AUTH_PATHS.requestEmail },
    perHour(SIGN_IN_MAILS_PER_HOUR_PER_EMAIL),
    (request) => `email:${normaliseEmail((request.body as { email: string }).email)}`,
  );

  /** The browser signs in to `account`, on a new session; answers the account page's summary. */
  async function signedIn(request: FastifyRequest, account: AccountRow) {
    const sessionId = await request.signIn({
      accountId: account.id,
      visitorId: account.visitorId,
      deviceLabel: deviceLabel(request.headers['user-agent']),
    });
    return service.summary(account, sessionId);
  }

  app.post(
    AUTH_PATHS.requestEmail,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Mail a sign-in code and link; the same answer for every address',
        body: requestSignInSchema,
        response: { 202: requestSignInResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
      config: limits({ address: perHour(SIGN_IN_MAILS_PER_HOUR_PER_ADDRESS) }),
    },
    async (request, reply) => {
      const allowed = (await mailsToEmail(request)) === 0;
      return reply.code(202).send(await service.requestSignIn(request.body.email, allowed));
    },
  );

  app.post(
    AUTH_PATHS.emailCode,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with the mailed code; what this browser made becomes the account’s',
        body: signInWithCodeSchema,
        response: signInResponses,
      },
      config: signInLimit,
    },
    async (request) => {
      const { email, code } = request.body;
      return signedIn(
        request,
        await service.signInWithCode(email, code, await request.findSession()),
      );
    },
  );

  app.post(
    AUTH_PATHS.emailLink,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with the mailed link’s token (POSTed by the link’s page, never a GET)',
        body: signInWithLinkSchema,
        response: signInResponses,
      },
      config: signInLimit,
    },
    async (request) =>
      signedIn(
        request,
        await service.signInWithLink(request.body.token, await request.findSession()),
      ),
  );

  registerAccountRoutes(app, service);
};

/** The account page's reads and the sign-outs. */
function registerAccountRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  service: AccountsService,
): void {
  app.get(
    AUTH_PATHS.account,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Who is signed in on this browser, and on which devices (never a 401)',
        response: { 200: accountSchema },
      },
    },
    async (request) => service.account(await request.findSession()),
  );

  app.delete(
    '/api/account/sessions/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign one of the account’s devices out',
        params: accountSessionParamsSchema,
        response: { 204: signedOut, 404: errorBodySchema, 429: errorBodySchema },
      },
      config: writeLimit,
    },
    async (request, reply) => {
      const session = await request.findSession();
      await service.signOutDevice(session?.accountId ?? null, request.params.id);
      if (session?.id === request.params.id) await request.signOut();
      return reply.code(204).send(null);
    },
  );

  app.post(
    AUTH_PATHS.signOut,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign this browser out; what it made stays with the account (anonymous: nothing)',
        response: { 204: signedOut, 429: errorBodySchema },
      },
      config: writeLimit,
    },
    async (request, reply) => {
      // Only a signed-in browser: an anonymous visitor's session is the only key to their things.
      if ((await request.findSession())?.accountId) await request.signOut();
      return reply.code(204).send(null);
    },
  );

  app.post(
    AUTH_PATHS.signOutEverywhere,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign every device of the account out, this one too',
        response: { 204: signedOut, 429: errorBodySchema },
      },
      config: writeLimit,
    },
    async (request, reply) => {
      const session = await request.findSession();
      if (session?.accountId) {
        await service.signOutEverywhere(session.accountId);
        await request.signOut();
      }
      return reply.code(204).send(null);
    },
  );
}
