import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../contracts/errors.js';
import {
  shareIdParamsSchema,
  shareMediaSchema,
  shareResultSchema,
  shareSchema,
  sharedFileParamsSchema,
  sharedPageSchema,
  shareTokenParamsSchema,
} from '../../../contracts/media.js';
import type { MediaStorage } from '../../adapters/storage/types.js';
import { limits, perHour, perMinute } from '../../plugins/limits.js';
import { binary, errors } from './route-schemas.js';
import { sendStored } from './send-stored.js';
import type { ShareService } from './shares.js';

/** A public file of a share link: limited per address. */
const sharedBinary = { ...binary, 410: errorBodySchema, 429: errorBodySchema };

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

/** The visitor's share links: made (and e-mailed), listed and revoked. */
export const shareRoutes: FastifyPluginAsyncZod<{ shares: ShareService }> = async (
  app,
  { shares },
) => {
  app.post(
    '/api/media/share',
    {
      schema: {
        tags: ['media'],
        summary:
          'A private, expiring link to a read-only page of chosen files, e-mailed (naming the sharer when senderName is given) or for social media',
        body: shareMediaSchema,
        response: { 200: shareResultSchema, ...errors },
      },
      config: {
        ...limits({
          visitor: perHour(SHARES_PER_HOUR),
          address: perHour(SHARES_PER_HOUR_PER_ADDRESS),
        }),
        // One link and one e-mail for a double click or a retry (docs/decisions/029).
        idempotent: true,
      },
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
};

/** A share link's public page and its files, for whoever holds the link (no session needed). */
export const sharedPageRoutes: FastifyPluginAsyncZod<{
  shares: ShareService;
  storage: MediaStorage;
}> = async (app, { shares, storage }) => {
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
      sendStored(reply, storage, await shares.content(request.params.token, request.params.id), {
        rangeHeader: request.headers.range,
        cache: 'public-share',
      }),
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
      sendStored(reply, storage, await shares.thumbnail(request.params.token, request.params.id), {
        cache: 'public-share',
      }),
  );
};
