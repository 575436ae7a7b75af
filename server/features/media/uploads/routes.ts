import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../../contracts/errors.js';
import {
  MAX_UPLOAD_BYTES,
  mediaFileSchema,
  recordMediaSchema,
  uploadRequestSchema,
  uploadTicketSchema,
} from '../../../../contracts/media.js';
import { LOCAL_UPLOAD_PATH } from '../../../adapters/storage/local.js';
import { limits, perMinute } from '../../../plugins/limits.js';
import { errors } from '../route-schemas.js';
import { PutRefused, UnsupportedMediaType } from './errors.js';
import type { UploadService } from './service.js';

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

/** Asking for an upload URL, and recording the upload once its PUT is done. */
export const uploadRoutes: FastifyPluginAsyncZod<{ uploads: UploadService }> = async (
  app,
  { uploads },
) => {
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
    async (request) => uploads.ask(await request.getVisitorId(), request.body ?? {}, request.ip),
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
        .send(await uploads.record(await request.getVisitorId(), request.body, request.ip)),
  );
};

/**
 * The local adapter's upload URLs (uploads/local-put.ts): our own server takes the PUT. Only
 * registered when media is stored on local disk.
 */
export const localUploadRoutes: FastifyPluginAsyncZod<{ uploads: UploadService }> = async (
  app,
  { uploads },
) => {
  // Image and video bodies are left unread for the handler to stream. Every other type (JSON
  // included) is refused unread: this route's body limit is 100 MB, far past the JSON one.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(/^(image|video)\//, (_request, _payload, done) => done(null));
  app.addContentTypeParser('*', (_request, _payload, done) =>
    done(new UnsupportedMediaType('Only images and videos can be uploaded')),
  );

  app.put(
    `${LOCAL_UPLOAD_PATH}/:uploadId`,
    {
      schema: {
        tags: ['media'],
        summary: 'Receive one upload (local storage): the signed URL from POST /api/media/upload',
        params: z.object({ uploadId: z.string().max(100) }),
        querystring: z.record(z.string(), z.string()),
        response: {
          200: z.object({ key: z.string(), size: z.number().int() }),
          403: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
      bodyLimit: MAX_UPLOAD_BYTES,
      // As many bodies as upload links: refused before a byte of the body is read.
      config: fileWriteLimits,
    },
    async (request, reply) => {
      const visitorId = await request.getVisitorId();
      const contentType = (request.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      try {
        const stored = await uploads.receiveLocal({
          uploadId: request.params.uploadId,
          query: request.query,
          visitorId,
          contentType,
          declaredLength: Number(request.headers['content-length'] ?? Number.NaN),
          body: request.raw,
        });
        return reply.send(stored);
      } catch (error) {
        if (!(error instanceof PutRefused)) throw error;
        // A refused upload is answered at once, and the connection closed rather than drained.
        reply.header('connection', 'close');
        throw error.reason;
      }
    },
  );
};
