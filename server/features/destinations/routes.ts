import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  destinationListSchema,
  populateDestinationsBodySchema,
  populateDestinationsResponseSchema,
} from '../../../contracts/destinations.js';
import { errorBodySchema } from '../../../contracts/errors.js';
import { acceptsGzip } from '../../content-encoding.js';
import { limits, perMinute } from '../../plugins/limits.js';
import type { DestinationService } from './service.js';

/**
 * Adding the catalogue is idempotent and the same for every visitor, so it is limited per address
 * only: a per-visitor limit would add nothing.
 */
const POPULATES_PER_MINUTE_PER_ADDRESS = 10;

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
    async (request, reply) => {
      // Sent as the JSON made once (a Buffer is sent as it is, without the response schema).
      const { json, gzipped } = await service.listBody();
      const gzip = acceptsGzip(request.headers['accept-encoding']);
      const untyped = (reply as FastifyReply).header('vary', 'accept-encoding');
      if (gzip) untyped.header('content-encoding', 'gzip');
      return untyped.type('application/json; charset=utf-8').send(gzip ? gzipped : json);
    },
  );

  app.post(
    '/api/destinations/populate',
    {
      schema: {
        tags: ['destinations'],
        summary: 'Add the curated catalogue (idempotent)',
        body: populateDestinationsBodySchema.optional(),
        response: {
          200: populateDestinationsResponseSchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
      config: limits({ address: perMinute(POPULATES_PER_MINUTE_PER_ADDRESS) }),
    },
    () => service.populate(),
  );
};
