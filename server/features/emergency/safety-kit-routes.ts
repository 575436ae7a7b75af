import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SAFETY_KIT_PATH, safetyKitQuerySchema } from '../../../contracts/emergency.js';
import { errorBodySchema } from '../../../contracts/errors.js';
import { visitorRateKey } from '../../plugins/session.js';
import type { SafetyKitService } from './safety-kit-service.js';

/** Each kit is a few hundred milliseconds of work: plenty for people, little for a script. */
const KITS_PER_MINUTE = 20;

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
      config: {
        rateLimit: { max: KITS_PER_MINUTE, timeWindow: '1 minute', keyGenerator: visitorRateKey },
      },
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
