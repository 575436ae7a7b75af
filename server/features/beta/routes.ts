import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  betaSignupResponseSchema,
  betaSignupSchema,
  resendVerificationResponseSchema,
  resendVerificationSchema,
  verificationResultSchema,
  verifyEmailQuerySchema,
} from '../../../contracts/beta.js';
import { errorBodySchema } from '../../../contracts/errors.js';
import { limits, perHour, perMinute } from '../../plugins/limits.js';
import { VerificationFailed, type BetaService } from './service.js';

/**
 * Issue 5: sign-ups per address (an IPv6 client by its /64: one subscriber), resends per e-mail
 * address. A sign-up needs no session, so it is counted per address only.
 */
export const SIGNUPS_PER_HOUR = 10;
const RESENDS_PER_HOUR = 3;
/** Resends of ten addresses an hour from one network: a household's or an office's sign-ups. */
const RESENDS_PER_HOUR_PER_ADDRESS = 30;
/** Verification links are opened once or twice each; the link's token is what protects it. */
const VERIFICATIONS_PER_MINUTE_PER_ADDRESS = 60;

/** A resend is counted per e-mail address: in a preHandler, once the body has been validated. */
function resendKey(request: FastifyRequest): string {
  const { email } = request.body as z.infer<typeof resendVerificationSchema>;
  return `email:${email.trim().toLowerCase()}`;
}

export const betaRoutes: FastifyPluginAsyncZod<{ service: BetaService }> = async (
  app,
  { service },
) => {
  app.post(
    '/api/beta/signup',
    {
      schema: {
        tags: ['beta'],
        summary: 'Join the beta programme; a verification e-mail follows when an address is given',
        body: betaSignupSchema,
        response: {
          201: betaSignupResponseSchema,
          400: errorBodySchema,
          // Only to the visitor who signed up with the address: anyone else gets a 201.
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
      config: limits({ address: perHour(SIGNUPS_PER_HOUR) }),
    },
    async (request, reply) =>
      reply.code(201).send(await service.signup(request.body, await request.getVisitorId())),
  );

  app.get(
    '/api/beta/verify-email',
    {
      schema: {
        tags: ['beta'],
        summary: 'Confirm an e-mail address with the link that was mailed',
        querystring: verifyEmailQuerySchema,
        response: {
          200: verificationResultSchema,
          // A query the schema refuses (a token past 200 characters) gets the usual error body.
          400: z.union([verificationResultSchema, errorBodySchema]),
          410: verificationResultSchema,
          429: errorBodySchema,
        },
      },
      config: limits({ address: perMinute(VERIFICATIONS_PER_MINUTE_PER_ADDRESS) }),
    },
    async (request, reply) => {
      try {
        return await service.verify(request.query.token, request.query.email);
      } catch (error) {
        if (error instanceof VerificationFailed) {
          return reply.code(error.statusCode).send(error.result);
        }
        throw error;
      }
    },
  );

  app.post(
    '/api/beta/resend-verification',
    {
      schema: {
        tags: ['beta'],
        summary: 'Mail a new verification link; the answer is the same for unknown addresses',
        body: resendVerificationSchema,
        response: {
          200: resendVerificationResponseSchema,
          400: errorBodySchema,
          429: errorBodySchema,
        },
      },
      config: limits({
        visitor: { ...perHour(RESENDS_PER_HOUR), key: resendKey, hook: 'preHandler' },
        address: perHour(RESENDS_PER_HOUR_PER_ADDRESS),
      }),
    },
    async (request) => service.resend(request.body.email),
  );
};
