import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../contracts/errors.js';
import { mediaFileSchema, mediaIdParamsSchema } from '../../../contracts/media.js';
import type { MediaStorage } from '../../adapters/storage/types.js';
import type { GalleryService } from './gallery.js';
import { binary, downloadQuery } from './route-schemas.js';
import { sendStored } from './send-stored.js';
import { fileWriteLimits } from './uploads/routes.js';

/** The visitor's files: listed, sent (with their thumbnails) and deleted. */
export const galleryRoutes: FastifyPluginAsyncZod<{
  gallery: GalleryService;
  storage: MediaStorage;
}> = async (app, { gallery, storage }) => {
  app.get(
    '/api/media',
    {
      schema: {
        tags: ['media'],
        summary: "The visitor's photos and videos, newest first",
        response: { 200: z.array(mediaFileSchema) },
      },
    },
    async (request) => gallery.list(await request.findVisitorId()),
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
        storage,
        await gallery.content(await request.findVisitorId(), request.params.id),
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
        storage,
        await gallery.thumbnail(await request.findVisitorId(), request.params.id),
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
      await gallery.remove(await request.getVisitorId(), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
