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
import { VerificationFailed, type BetaService } from './service.js';

/** Issue 5: sign-ups per address, resends per e-mail address. */
const SIGNUPS_PER_HOUR = 10;
const RESENDS_PER_HOUR = 3;

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
      config: {
        rateLimit: {
          max: SIGNUPS_PER_HOUR,
          timeWindow: '1 hour',
          keyGenerator: (request) => request.ip,
        },
      },
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
        },
      },
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
      config: {
        rateLimit: {
          max: RESENDS_PER_HOUR,
          timeWindow: '1 hour',
          // Per e-mail address, so the body must be parsed first.
          hook: 'preHandler',
          keyGenerator: (request) => {
            const email = (request.body as { email?: unknown } | undefined)?.email;
            return typeof email === 'string'
              ? `email:${email.trim().toLowerCase()}`
              : `ip:${request.ip}`;
          },
        },
      },
    },
    async (request) => service.resend(request.body.email),
  );
};
