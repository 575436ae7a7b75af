import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../../contracts/errors.js';
import {
  quickSearchRequestSchema,
  quickSearchResponseSchema,
  searchRequestSchema,
  searchResponseSchema,
} from '../../../contracts/search.js';
import { limits, perMinute } from '../../plugins/limits.js';
import type { SearchService } from './service.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A search is a read sent as a POST (its filters are a body), answered from a cache per query:
 * two a second per visitor is more than typing and clicking filters asks for, five visitors'
 * worth per address.
 */
const SEARCHES_PER_MINUTE = 120;
const SEARCHES_PER_MINUTE_PER_ADDRESS = 600;
const searchLimits = limits({
  visitor: perMinute(SEARCHES_PER_MINUTE),
  address: perMinute(SEARCHES_PER_MINUTE_PER_ADDRESS),
});

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
        response: { 200: searchResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
      config: searchLimits,
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
        response: { 200: quickSearchResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
      config: searchLimits,
    },
    async (request, reply) =>
      (reply as FastifyReply).type(JSON_TYPE).send(await service.quickSearch(request.body)),
  );
};
