import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  destinationListSchema,
  populateDestinationsBodySchema,
  populateDestinationsResponseSchema,
} from '../../../contracts/destinations.js';
import { errorBodySchema } from '../../../contracts/errors.js';
import type { DestinationService } from './service.js';

export const destinationRoutes: FastifyPluginAsyncZod<{ service: DestinationService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/destinations',
    {
      schema: {
        tags: ['destinations'],
        summary: 'The curated destinations',
        response: { 200: destinationListSchema },
      },
    },
    () => service.list(),
  );

  app.post(
    '/api/destinations/populate',
    {
      schema: {
        tags: ['destinations'],
        summary: 'Add the curated catalogue (idempotent)',
        body: populateDestinationsBodySchema.optional(),
        response: { 200: populateDestinationsResponseSchema, 403: errorBodySchema },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    () => service.populate(),
  );
};
