import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_EXPORT,
  AUTH_PATHS,
  accountSchema,
  deleteAccountSchema,
  accountSessionParamsSchema,
  normaliseEmail,
  requestSignInResponseSchema,
  requestSignInSchema,
  signInWithCodeSchema,
  signInWithLinkSchema,
} from '../../../contracts/auth.js';
import { errorBodySchema } from '../../../contracts/errors.js';
import { Forbidden, TooManyRequests } from '../../errors.js';
import { keyedLimiter, limits, perHour, waitInWords } from '../../plugins/limits.js';
import type { AccountExport } from './export.js';
import { registerPasskeyRoutes } from './passkey-routes.js';
import type { Passkeys } from './passkeys.js';
import { signedIn, signedOut, signInLimit, signInResponses, writeLimit } from './route-kit.js';
import type { AccountsService } from './service.js';

/**
 * Mails of codes to one address an hour, counted in the shared store: past it a request gets the
 * same answer and nothing is sent, so the limit says nothing about the address either.
 */
export const SIGN_IN_MAILS_PER_HOUR_PER_EMAIL = 5;
/** Sign-in mails from one network an hour: a household's or an office's, asking more than once. */
export const SIGN_IN_MAILS_PER_HOUR_PER_ADDRESS = 30;
/**
 * Downloads of one account's data an hour (each reads every row and file it holds), and of one
 * network's: a few people's, each trying more than once.
 */
export const EXPORTS_PER_HOUR_PER_ACCOUNT = ACCOUNT_EXPORT.perHour;
const EXPORTS_PER_HOUR_PER_ADDRESS = 20;
/** `Sec-Fetch-Site` values of a request another site started (absent: an old browser, a script). */
const CROSS_SITE_FETCHES = new Set(['cross-site', 'same-site']);

export const accountRoutes: FastifyPluginAsyncZod<{
  service: AccountsService;
  exporter: AccountExport;
  passkeys: Passkeys;
}> = async (app, { service, exporter, passkeys }) => {
  const mailsToEmail = keyedLimiter(
    app,
    { method: 'POST', url: AUTH_PATHS.requestEmail },
    perHour(SIGN_IN_MAILS_PER_HOUR_PER_EMAIL),
    (request) => `email:${normaliseEmail((request.body as { email: string }).email)}`,
  );

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
        service,
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
        service,
        await service.signInWithLink(request.body.token, await request.findSession()),
      ),
  );

  registerAccountRoutes(app, service);
  registerAccountDataRoutes(app, service, exporter);
  registerPasskeyRoutes(app, service, passkeys);
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

/** The download of everything the account holds, and its deletion: both after a fresh sign-in. */
function registerAccountDataRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  service: AccountsService,
  exporter: AccountExport,
): void {
  // Counted per account once the sign-in is known to be fresh: a refused try costs nothing.
  const exportsOfAccount = keyedLimiter(
    app,
    { method: 'GET', url: AUTH_PATHS.accountExport },
    perHour(EXPORTS_PER_HOUR_PER_ACCOUNT),
    async (request) => `account:${(await request.findSession())?.accountId}`,
  );

  app.get(
    AUTH_PATHS.accountExport,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Download everything the account holds: one ZIP of its records and files',
        description:
          'Needs a sign-in within the last minutes (403 with reauthenticate: true otherwise). The ZIP holds account.json and each photo, video and movie file; see docs/features/account-data.md.',
        response: {
          200: z.unknown().describe('A ZIP archive (application/zip)'),
          403: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
      config: limits({ address: perHour(EXPORTS_PER_HOUR_PER_ADDRESS) }),
    },
    async (request, reply) => {
      // A GET carries the cookie on a link from another site: that site could start downloads
      // (and spend the hour's allowance). Browsers say where a request comes from.
      if (CROSS_SITE_FETCHES.has(String(request.headers['sec-fetch-site']))) {
        throw new Forbidden('Cross-site request refused');
      }
      const account = await service.freshAccount(await request.findSession());
      reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${ACCOUNT_EXPORT.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      // Fastify answers HEAD with this handler and reads the body to the end: not an archive.
      if (request.method === 'HEAD') return reply.send();
      const wait = await exportsOfAccount(request);
      if (wait > 0) {
        throw new TooManyRequests(
          `You downloaded your data ${EXPORTS_PER_HOUR_PER_ACCOUNT} times this hour. Please try again in ${waitInWords(wait)}.`,
          wait,
        );
      }
      return reply.send(await exporter.archive(account));
    },
  );

  app.delete(
    AUTH_PATHS.account,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Delete the account and everything in it, files too; this browser starts anew',
        description:
          'Needs a sign-in within the last minutes (403 with reauthenticate: true otherwise) and the account’s e-mail address as `confirm`.',
        body: deleteAccountSchema,
        response: {
          204: signedOut,
          400: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
      // The fresh sign-in is the real gate; the limit bounds tries at the confirmation.
      config: writeLimit,
    },
    async (request, reply) => {
      const account = await service.freshAccount(await request.findSession());
      await service.deleteAccount(account, request.body.confirm);
      // The session is gone with the account: the browser goes on as a newcomer.
      await request.signOut();
      return reply.code(204).send(null);
    },
  );
}
