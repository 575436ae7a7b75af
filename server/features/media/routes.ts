import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../contracts/errors.js';
import {
  createMovieSchema,
  mediaFileSchema,
  mediaIdParamsSchema,
  movieSchema,
  recordMediaSchema,
  shareIdParamsSchema,
  shareMediaSchema,
  shareResultSchema,
  shareSchema,
  sharedFileParamsSchema,
  sharedPageSchema,
  shareTokenParamsSchema,
  uploadRequestSchema,
  uploadTicketSchema,
} from '../../../contracts/media.js';
import { visitorRateKey } from '../../plugins/session.js';
import type { MovieService } from './movies.js';
import { sendStored } from './send-stored.js';
import type { MediaService } from './service.js';
import type { ShareService } from './shares.js';

const errors = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  410: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
};
/** Binary answers are described, not validated. */
const binary = { 200: z.any(), 206: z.any(), 404: errorBodySchema, 416: errorBodySchema };
const downloadQuery = z.object({ download: z.enum(['0', '1']).optional() });
const perVisitor = (max: number, timeWindow: string) => ({
  rateLimit: { max, timeWindow, keyGenerator: visitorRateKey },
});

export const mediaRoutes: FastifyPluginAsyncZod<{
  media: MediaService;
  movies: MovieService;
  shares: ShareService;
}> = async (app, { media, movies, shares }) => {
  app.post(
    '/api/media/upload',
    {
      schema: {
        tags: ['media'],
        summary: 'A signed, expiring URL for one PUT of one image or video (at most 100 MB)',
        body: uploadRequestSchema,
        response: {
          200: uploadTicketSchema,
          ...errors,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
      config: perVisitor(120, '1 minute'),
    },
    async (request) =>
      media.createUpload(await request.getVisitorId(), request.body ?? {}, request.ip),
  );

  app.put(
    '/api/media',
    {
      schema: {
        tags: ['media'],
        summary: 'Record a completed upload of this visitor',
        body: recordMediaSchema,
        response: { 201: mediaFileSchema, ...errors, 422: errorBodySchema, 503: errorBodySchema },
      },
      config: perVisitor(120, '1 minute'),
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await media.record(await request.getVisitorId(), request.body, request.ip)),
  );

  app.get(
    '/api/media',
    {
      schema: {
        tags: ['media'],
        summary: "The visitor's photos and videos, newest first",
        response: { 200: z.array(mediaFileSchema) },
      },
    },
    async (request) => media.list(await request.getVisitorId()),
  );

  app.get(
    '/api/media/:id/content',
    {
      schema: {
        tags: ['media'],
        summary: "One of the visitor's files, with Range support",
        params: mediaIdParamsSchema,
        querystring: downloadQuery,
        response: binary,
      },
    },
    async (request, reply) =>
      sendStored(
        reply,
        media.storage,
        await media.content(await request.getVisitorId(), request.params.id),
        {
          rangeHeader: request.headers.range,
          download: request.query.download === '1',
          cache: 'private',
        },
      ),
  );

  app.get(
    '/api/media/:id/thumbnail',
    {
      schema: {
        tags: ['media'],
        summary: 'A small JPEG of a photo, or a video poster frame',
        params: mediaIdParamsSchema,
        response: binary,
      },
    },
    async (request, reply) =>
      sendStored(
        reply,
        media.storage,
        await media.thumbnail(await request.getVisitorId(), request.params.id),
        { cache: 'private' },
      ),
  );

  app.delete(
    '/api/media/:id',
    {
      schema: {
        tags: ['media'],
        summary: "Delete one of the visitor's files",
        params: mediaIdParamsSchema,
        response: { 204: z.null(), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await media.remove(await request.getVisitorId(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/media/create-movie',
    {
      schema: {
        tags: ['media'],
        summary: 'Write a travel movie of chosen files and start rendering it',
        body: createMovieSchema,
        response: { 201: movieSchema, ...errors, 429: errorBodySchema, 503: errorBodySchema },
      },
      config: perVisitor(10, '1 minute'),
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
    async (request) => movies.list(await request.getVisitorId()),
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
    async (request) => movies.get(await request.getVisitorId(), request.params.id),
  );

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
        media.storage,
        await movies.content(
          await request.getVisitorId(),
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
        media.storage,
        await movies.content(await request.getVisitorId(), request.params.id, 'captions'),
        { cache: 'private' },
      ),
  );

  app.post(
    '/api/media/share',
    {
      schema: {
        tags: ['media'],
        summary: 'A private, expiring link to a read-only page of chosen files',
        body: shareMediaSchema,
        response: { 200: shareResultSchema, ...errors },
      },
      // E-mail goes to anyone's address: a small allowance per network address (a new cookie is
      // free, an address is not) keeps the site from being a spam relay.
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
    },
    async (request) => shares.share(await request.getVisitorId(), request.body),
  );

  app.get(
    '/api/media/shares',
    {
      schema: {
        tags: ['media'],
        summary: "The visitor's share links (their addresses are not kept)",
        response: { 200: z.array(shareSchema) },
      },
    },
    async (request) => shares.list(await request.getVisitorId()),
  );

  app.delete(
    '/api/media/shares/:id',
    {
      schema: {
        tags: ['media'],
        summary: 'Revoke a share link',
        params: shareIdParamsSchema,
        response: { 204: z.null(), 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      await shares.revoke(await request.getVisitorId(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  const publicLimit = { rateLimit: { max: 300, timeWindow: '1 minute' } };
  app.get(
    '/api/shared/:token',
    {
      schema: {
        tags: ['media'],
        summary: 'The public read-only page of a share link',
        params: shareTokenParamsSchema,
        response: { 200: sharedPageSchema, 404: errorBodySchema, 410: errorBodySchema },
      },
      config: publicLimit,
    },
    async (request, reply) => {
      reply.header('x-robots-tag', 'noindex, nofollow').header('cache-control', 'no-store');
      return shares.page(request.params.token);
    },
  );

  app.get(
    '/api/shared/:token/files/:id/content',
    {
      schema: {
        tags: ['media'],
        summary: 'A shared file, with Range support',
        params: sharedFileParamsSchema,
        response: { ...binary, 410: errorBodySchema },
      },
      config: publicLimit,
    },
    async (request, reply) =>
      sendStored(
        reply,
        media.storage,
        await shares.content(request.params.token, request.params.id),
        {
          rangeHeader: request.headers.range,
          cache: 'public-share',
        },
      ),
  );

  app.get(
    '/api/shared/:token/files/:id/thumbnail',
    {
      schema: {
        tags: ['media'],
        summary: "A shared file's thumbnail",
        params: sharedFileParamsSchema,
        response: { ...binary, 410: errorBodySchema },
      },
      config: publicLimit,
    },
    async (request, reply) =>
      sendStored(
        reply,
        media.storage,
        await shares.thumbnail(request.params.token, request.params.id),
        { cache: 'public-share' },
      ),
  );
};
