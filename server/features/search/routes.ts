import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../contracts/errors.js';
import {
  quickSearchRequestSchema,
  quickSearchResponseSchema,
  searchRequestSchema,
  searchResponseSchema,
} from '../../../contracts/search.js';
import type { SearchService } from './service.js';

const JSON_TYPE = 'application/json; charset=utf-8';

export const searchRoutes: FastifyPluginAsyncZod<{ service: SearchService }> = async (
  app,
  { service },
) => {
  app.post(
    '/api/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Search the catalogue by text and accessibility needs, best match first',
        // No body at all is the empty query too: the whole catalogue, never an error.
        body: searchRequestSchema.nullish(),
        response: { 200: searchResponseSchema, 400: errorBodySchema },
      },
    },
    // Sent as the JSON made once per query (a Buffer is sent as it is, without the response schema).
    async (request, reply) =>
      (reply as FastifyReply).type(JSON_TYPE).send(await service.search(request.body ?? {})),
  );

  app.post(
    '/api/search/quick',
    {
      schema: {
        tags: ['search'],
        summary: 'A No Frills Shortcut: flights, hotels, road trip or camping',
        body: quickSearchRequestSchema,
        response: { 200: quickSearchResponseSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) =>
      (reply as FastifyReply).type(JSON_TYPE).send(await service.quickSearch(request.body)),
  );
};
