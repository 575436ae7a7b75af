import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_FILES,
  MEDIA_TYPE_PATTERN,
} from '../../../contracts/media.js';
import { errorBodySchema } from '../../../contracts/errors.js';
import {
  LOCAL_UPLOAD_PATH,
  UploadExpired,
  UploadTooLarge,
  type LocalStorage,
} from '../../adapters/storage/local.js';
import { AppError } from '../../errors.js';
import { fileWriteLimits } from './routes.js';
import { UnsupportedMediaType, type MediaService } from './service.js';

const TOO_LARGE = 'Files can be at most 100 MB';

/**
 * The local adapter's upload URLs: our own server takes the PUT, streams it to a temporary file
 * (never the whole file in memory), stops at the limit, checks the first bytes, and only then moves
 * the file into place. Only registered when media is stored on local disk.
 */
export const localUploadRoutes: FastifyPluginAsyncZod<{
  service: MediaService;
  storage: LocalStorage;
}> = async (app, { service, storage }) => {
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
      // A refused upload is answered at once, and the connection closed rather than drained.
      const refuse = (error: AppError) => {
        reply.header('connection', 'close');
        throw error;
      };
      const visitorId = await request.getVisitorId();
      const claims = storage.verifyUpload(request.params.uploadId, request.query, visitorId);
      if (claims === 'invalid') return refuse(new AppError(403, 'This upload link is not valid'));
      if (claims === 'expired') return refuse(new AppError(403, 'This upload link has expired'));
      const ticket = await service.findTicket(claims.ticketId);
      if (ticket?.status === 'superseded') {
        return refuse(
          new AppError(
            403,
            `This upload link was replaced by newer ones: at most ${MAX_UPLOAD_FILES} files upload at once`,
          ),
        );
      }
      if (
        !ticket ||
        ticket.visitorId !== visitorId ||
        ticket.objectKey !== claims.key ||
        ticket.status !== 'pending'
      ) {
        return refuse(new AppError(403, 'This upload link has already been used'));
      }

      const contentType = (request.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      if (!MEDIA_TYPE_PATTERN.test(contentType)) {
        await service.refuseUpload(ticket.id);
        return refuse(new UnsupportedMediaType('Only images and videos can be uploaded'));
      }
      if (claims.contentType && claims.contentType !== contentType) {
        return refuse(
          new AppError(403, `This upload link is for a file of type ${claims.contentType}`),
        );
      }
      const limit = Math.min(claims.maxBytes, MAX_UPLOAD_BYTES);
      const declaredLength = Number(request.headers['content-length'] ?? Number.NaN);
      if (Number.isFinite(declaredLength) && declaredLength > limit) {
        await service.refuseUpload(ticket.id);
        return refuse(new AppError(413, TOO_LARGE));
      }
      if (
        claims.size !== null &&
        Number.isFinite(declaredLength) &&
        declaredLength !== claims.size
      ) {
        return refuse(new AppError(403, `This upload link is for a file of ${claims.size} bytes`));
      }

      // Other uploads may have filled the disk since the URL was handed out.
      const expected = claims.size ?? (Number.isFinite(declaredLength) ? declaredLength : limit);
      try {
        await service.assertDiskRoom(expected);
      } catch (error) {
        return refuse(error as AppError);
      }

      let received;
      try {
        received = await storage.receive(request.raw, claims.size ?? limit, claims.expiresAt);
      } catch (error) {
        if (error instanceof UploadExpired) {
          await service.refuseUpload(ticket.id);
          return refuse(new AppError(403, 'This upload link has expired'));
        }
        if (error instanceof UploadTooLarge) {
          await service.refuseUpload(ticket.id);
          return refuse(
            claims.size !== null && claims.size < limit
              ? new AppError(403, `This upload link is for a file of ${claims.size} bytes`)
              : new AppError(413, TOO_LARGE),
          );
        }
        if (request.raw.destroyed || request.raw.readableAborted) {
          // The uploader went away mid-file; the ticket stays usable for its retry.
          return refuse(new AppError(400, 'The upload was interrupted; try again'));
        }
        throw error;
      }
      if (claims.size !== null && received.size !== claims.size) {
        await received.discard();
        return refuse(new AppError(403, `This upload link is for a file of ${claims.size} bytes`));
      }
      await service.acceptLocalUpload(ticket.id, contentType, received, claims.key);
      return reply.send({ key: claims.key, size: received.size });
    },
  );
};
