import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emergencyContactListSchema,
  emergencyContactQuerySchema,
} from '../../../contracts/emergency.js';
import { errorBodySchema } from '../../../contracts/errors.js';
import type { EmergencyService } from './service.js';

export const emergencyRoutes: FastifyPluginAsyncZod<{ service: EmergencyService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/emergency-contacts',
    {
      schema: {
        tags: ['emergency'],
        summary:
          'Emergency numbers by country, sorted by country; ?country= takes a name or ISO code (an unknown country gives an empty list)',
        querystring: emergencyContactQuerySchema,
        response: { 200: emergencyContactListSchema, 400: errorBodySchema },
      },
    },
    (request) => service.list(request.query),
  );
};
