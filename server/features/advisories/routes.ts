import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { advisoryListSchema } from '../../../contracts/advisories.js';
import type { AdvisoryService } from './service.js';

export const advisoryRoutes: FastifyPluginAsyncZod<{ service: AdvisoryService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/advisories',
    {
      schema: {
        tags: ['advisories'],
        summary: 'Travel advisory levels (1-4) by country, most serious first',
        response: { 200: advisoryListSchema },
      },
    },
    () => service.list(),
  );
};
