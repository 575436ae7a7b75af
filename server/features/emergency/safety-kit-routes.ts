import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SAFETY_KIT_PATH, safetyKitQuerySchema } from '../../../contracts/emergency.js';
import { errorBodySchema } from '../../../contracts/errors.js';
import { limits, perMinute } from '../../plugins/limits.js';
import type { SafetyKitService } from './safety-kit-service.js';

/** Each kit is a few hundred milliseconds of work: plenty for people, little for a script. */
export const KITS_PER_MINUTE = 20;
/**
 * Three visitors' worth: a family or an office behind one address can each make their kits, while
 * fresh cookies no longer multiply one client's allowance (issue 25, docs/decisions/009).
 */
export const KITS_PER_MINUTE_PER_ADDRESS = 60;

export const safetyKitRoutes: FastifyPluginAsyncZod<{ service: SafetyKitService }> = async (
  app,
  { service },
) => {
  app.get(
    SAFETY_KIT_PATH,
    {
      schema: {
        tags: ['emergency'],
        summary:
          "The Travel Safety Kit as a PDF for up to 50 countries (ISO codes, comma-separated); without countries, the countries of the visitor's trips",
        querystring: safetyKitQuerySchema,
        response: {
          200: z.unknown().describe('A PDF file (application/pdf)'),
          400: errorBodySchema,
          429: errorBodySchema,
        },
      },
      config: limits({
        visitor: perMinute(KITS_PER_MINUTE),
        address: perMinute(KITS_PER_MINUTE_PER_ADDRESS),
      }),
    },
    async (request, reply) => {
      const { countries, paper } = request.query;
      // A visitor without a stored session has no trips: reading them stores none.
      const visitorId = countries ? undefined : ((await request.findVisitorId()) ?? undefined);
      const { pdf, fromTrips } = await service.create({ countries, paper, visitorId });
      return reply
        .headers({
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="travel-safety-kit.pdf"',
          'cache-control': fromTrips ? 'private, no-store' : 'no-store',
        })
        .send(pdf);
    },
  );
};
