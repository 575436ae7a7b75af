import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../contracts/errors.js';
import { createMovieSchema, mediaIdParamsSchema, movieSchema } from '../../../contracts/media.js';
import type { MediaStorage } from '../../adapters/storage/types.js';
import { limits, perHour, perMinute } from '../../plugins/limits.js';
import type { MovieService } from './movies.js';
import { binary, downloadQuery, errors } from './route-schemas.js';
import { sendStored } from './send-stored.js';

const MOVIES_PER_MINUTE = 10;
/**
 * Counted by the hour: a render holds the shared render queue for minutes, so what matters is how
 * many one address can queue (issue 25: one address's throw-away visitors held it for a long while,
 * docs/decisions/009). Twenty an hour is a family each making a few and trying again.
 */
export const MOVIES_PER_HOUR_PER_ADDRESS = 20;

/** Travel movies: written (then rendered in the background), listed, and how each stands. */
export const movieRoutes: FastifyPluginAsyncZod<{ movies: MovieService }> = async (
  app,
  { movies },
) => {
  app.post(
    '/api/media/create-movie',
    {
      schema: {
        tags: ['media'],
        summary: 'Write a travel movie of chosen files and start rendering it',
        body: createMovieSchema,
        response: { 201: movieSchema, ...errors, 429: errorBodySchema, 503: errorBodySchema },
      },
      config: {
        ...limits({
          visitor: perMinute(MOVIES_PER_MINUTE),
          address: perHour(MOVIES_PER_HOUR_PER_ADDRESS),
        }),
        // One movie and one render for a double click or a retry (docs/decisions/029).
        idempotent: true,
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await movies.create(await request.getVisitorId(), request.body, request.ip)),
  );

  app.get(
    '/api/media/movies',
    {
      schema: {
        tags: ['media'],
        summary: "The visitor's travel movies, newest first",
        response: { 200: z.array(movieSchema) },
      },
    },
    async (request) => movies.list(await request.findVisitorId()),
  );

  app.get(
    '/api/media/movies/:id',
    {
      schema: {
        tags: ['media'],
        summary: 'One travel movie, with how its rendering stands',
        params: mediaIdParamsSchema,
        response: { 200: movieSchema, 404: errorBodySchema },
      },
    },
    async (request) => movies.get(await request.findVisitorId(), request.params.id),
  );
};

/** A rendered movie's files: its two videos and its captions. */
export const movieFileRoutes: FastifyPluginAsyncZod<{
  movies: MovieService;
  storage: MediaStorage;
}> = async (app, { movies, storage }) => {
  app.get(
    '/api/media/movies/:id/video',
    {
      schema: {
        tags: ['media'],
        summary: 'The rendered MP4 (variant=calm: without zoom motion), with Range support',
        params: mediaIdParamsSchema,
        querystring: downloadQuery.extend({ variant: z.enum(['main', 'calm']).optional() }),
        response: binary,
      },
    },
    async (request, reply) =>
      sendStored(
        reply,
        storage,
        await movies.content(
          await request.findVisitorId(),
          request.params.id,
          request.query.variant === 'calm' ? 'calm' : 'main',
        ),
        {
          rangeHeader: request.headers.range,
          download: request.query.download === '1',
          cache: 'private',
        },
      ),
  );

  app.get(
    '/api/media/movies/:id/captions.vtt',
    {
      schema: {
        tags: ['media'],
        summary: "The movie's captions (WebVTT)",
        params: mediaIdParamsSchema,
        response: binary,
      },
    },
    async (request, reply) =>
      sendStored(
        reply,
        storage,
        await movies.content(await request.findVisitorId(), request.params.id, 'captions'),
        { cache: 'private' },
      ),
  );
};
