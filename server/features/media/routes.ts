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
import { limits, perHour, perMinute } from '../../plugins/limits.js';
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
  429: errorBodySchema,
};
/** Binary answers are described, not validated. */
const binary = { 200: z.any(), 206: z.any(), 404: errorBodySchema, 416: errorBodySchema };
/** A public file of a share link: limited per address. */
const sharedBinary = { ...binary, 410: errorBodySchema, 429: errorBodySchema };
const downloadQuery = z.object({ download: z.enum(['0', '1']).optional() });

/** Upload links, recorded uploads and deletions: an uploader sends many files at once. */
const FILE_WRITES_PER_MINUTE = 120;
/**
 * Three visitors' worth, for a family or an office behind one address; the bytes an address may
 * upload are bounded by the hour besides (MEDIA_HOURLY_BYTES_PER_ADDRESS).
 */
const FILE_WRITES_PER_MINUTE_PER_ADDRESS = 360;
export const fileWriteLimits = limits({
  visitor: perMinute(FILE_WRITES_PER_MINUTE),
  address: perMinute(FILE_WRITES_PER_MINUTE_PER_ADDRESS),
});
const MOVIES_PER_MINUTE = 10;
/**
 * Counted by the hour: a render holds the shared render queue for minutes, so what matters is how
 * many one address can queue (issue 25: 11 throw-away visitors held it for 15 minutes). Twenty an
 * hour is a family each making a few and trying again.
 */
export const MOVIES_PER_HOUR_PER_ADDRESS = 20;
/**
 * E-mail goes to anyone's address: a small allowance per network address (a new cookie is free,
 * an address is not) keeps the site from being a spam relay. Only two visitors' worth: sharing is
 * occasional, and mail to strangers must stay scarce.
 */
const SHARES_PER_HOUR = 20;
const SHARES_PER_HOUR_PER_ADDRESS = 40;
/** Revoking links: a few clicks, several people behind one address. */
const REVOKES_PER_MINUTE = 60;
const REVOKES_PER_MINUTE_PER_ADDRESS = 180;
/**
 * The public pages of share links and their files, per address: a gallery shows many thumbnails,
 * and whoever opens a link has no session.
 */
const SHARED_READS_PER_MINUTE_PER_ADDRESS = 300;

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
        response: { 200: uploadTicketSchema, ...errors, 503: errorBodySchema },
      },
      config: fileWriteLimits,
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
      config: fileWriteLimits,
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
    async (request) => media.list(await request.findVisitorId()),
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
        await media.content(await request.findVisitorId(), request.params.id),
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
        await media.thumbnail(await request.findVisitorId(), request.params.id),
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
        response: { 204: z.null(), 404: errorBodySchema, 429: errorBodySchema },
      },
      config: fileWriteLimits,
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
      config: limits({
        visitor: perMinute(MOVIES_PER_MINUTE),
        address: perHour(MOVIES_PER_HOUR_PER_ADDRESS),
      }),
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
        media.storage,
        await movies.content(await request.findVisitorId(), request.params.id, 'captions'),
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
      config: limits({
        visitor: perHour(SHARES_PER_HOUR),
        address: perHour(SHARES_PER_HOUR_PER_ADDRESS),
      }),
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
    async (request) => shares.list(await request.findVisitorId()),
  );

  app.delete(
    '/api/media/shares/:id',
    {
      schema: {
        tags: ['media'],
        summary: 'Revoke a share link',
        params: shareIdParamsSchema,
        response: { 204: z.null(), 404: errorBodySchema, 429: errorBodySchema },
      },
      config: limits({
        visitor: perMinute(REVOKES_PER_MINUTE),
        address: perMinute(REVOKES_PER_MINUTE_PER_ADDRESS),
      }),
    },
    async (request, reply) => {
      await shares.revoke(await request.getVisitorId(), request.params.id);
      return reply.code(204).send(null);
    },
  );

  const publicLimit = limits({ address: perMinute(SHARED_READS_PER_MINUTE_PER_ADDRESS) });
  app.get(
    '/api/shared/:token',
    {
      schema: {
        tags: ['media'],
        summary: 'The public read-only page of a share link',
        params: shareTokenParamsSchema,
        response: {
          200: sharedPageSchema,
          404: errorBodySchema,
          410: errorBodySchema,
          429: errorBodySchema,
        },
      },
      config: publicLimit,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
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
        response: sharedBinary,
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
        response: sharedBinary,
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
