import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_PATHS,
  passkeyParamsSchema,
  passkeySchema,
  passkeySignInSchema,
  registerPasskeySchema,
  renamePasskeySchema,
  webAuthnOptionsSchema,
} from '../../../contracts/auth.js';
import { errorBodySchema } from '../../../contracts/errors.js';
import { NotFound } from '../../errors.js';
import { deviceLabel } from './device-label.js';
import type { Passkeys } from './passkeys.js';
import { signedIn, signedOut, signInLimit, signInResponses, writeLimit } from './route-kit.js';
import type { AccountsService } from './service.js';

/** A passkey named by nobody: after the browser that made it, else this. */
const DEFAULT_PASSKEY_NAME = 'Passkey';
const freshResponses = { 403: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };

/**
 * Passkeys (docs/decisions/027): signing in with one, and the account's own (adding one needs a
 * fresh sign-in, like the other changes to how one signs in; renaming and removing, a sign-in).
 */
export function registerPasskeyRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  service: AccountsService,
  passkeys: Passkeys,
): void {
  registerPasskeySignIn(app, service, passkeys);
  registerAccountPasskeys(app, service, passkeys);
}

function registerPasskeySignIn(
  app: Parameters<FastifyPluginAsyncZod>[0],
  service: AccountsService,
  passkeys: Passkeys,
): void {
  app.post(
    AUTH_PATHS.passkeySignInOptions,
    {
      schema: {
        tags: ['accounts'],
        summary: 'The options of signing in with a passkey: a one-use challenge, no account named',
        response: { 200: webAuthnOptionsSchema, 429: errorBodySchema },
      },
      config: signInLimit,
    },
    async () => passkeys.signInOptions(),
  );

  app.post(
    AUTH_PATHS.passkeySignIn,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with a passkey; what this browser made becomes the account’s',
        body: passkeySignInSchema,
        response: signInResponses,
      },
      config: signInLimit,
    },
    async (request) => {
      const accountId = await passkeys.verifySignIn(request.body);
      const account = await service.signInToAccount(accountId, await request.findSession());
      return signedIn(request, service, account);
    },
  );
}

function registerAccountPasskeys(
  app: Parameters<FastifyPluginAsyncZod>[0],
  service: AccountsService,
  passkeys: Passkeys,
): void {
  app.post(
    AUTH_PATHS.passkeyRegisterOptions,
    {
      schema: {
        tags: ['accounts'],
        summary: 'The options of adding a passkey to the account (needs a fresh sign-in)',
        response: { 200: webAuthnOptionsSchema, ...freshResponses },
      },
      config: writeLimit,
    },
    async (request) =>
      passkeys.registrationOptions(await service.freshAccount(await request.findSession())),
  );

  app.post(
    AUTH_PATHS.passkeys,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Add the passkey the browser made to the account (needs a fresh sign-in)',
        body: registerPasskeySchema,
        response: { 201: passkeySchema, 400: errorBodySchema, ...freshResponses },
      },
      config: writeLimit,
    },
    async (request, reply) => {
      const account = await service.freshAccount(await request.findSession());
      const fallbackName = deviceLabel(request.headers['user-agent']) ?? DEFAULT_PASSKEY_NAME;
      return reply.code(201).send(await passkeys.register(account, request.body, fallbackName));
    },
  );

  app.patch(
    AUTH_PATHS.passkey,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Rename one of the account’s passkeys',
        params: passkeyParamsSchema,
        body: renamePasskeySchema,
        response: {
          204: signedOut,
          400: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
      config: writeLimit,
    },
    async (request, reply) => {
      await passkeys.rename(await signedInAccountId(request), request.params.id, request.body.name);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    AUTH_PATHS.passkey,
    {
      schema: {
        tags: ['accounts'],
        summary: 'Remove one of the account’s passkeys',
        params: passkeyParamsSchema,
        response: { 204: signedOut, 404: errorBodySchema, 429: errorBodySchema },
      },
      config: writeLimit,
    },
    async (request, reply) => {
      await passkeys.remove(await signedInAccountId(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}

/** The signed-in account's id; signed out, the passkey asked for is none of theirs (404). */
async function signedInAccountId(request: {
  findSession(): Promise<{ accountId?: string | null } | null>;
}): Promise<string> {
  const accountId = (await request.findSession())?.accountId;
  if (!accountId) throw new NotFound();
  return accountId;
}
