import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../contracts/errors.js';
import {
  createTripShareSchema,
  sharedTripSchema,
  tripIdParamsSchema,
  tripShareIdParamsSchema,
  tripShareListSchema,
  tripShareSchema,
  tripShareTokenParamsSchema,
} from '../../../contracts/planner.js';
import { JSON_TYPE, sendEncoded } from '../../encoded-body.js';
import { limits, perHour, perMinute } from '../../plugins/limits.js';
import type { TripShareService } from './share-service.js';

const errors = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  429: errorBodySchema,
};
/**
 * E-mail goes to anyone's address: a small allowance per network address (a new cookie is free,
 * an address is not) keeps the site from being a spam relay. Only two visitors' worth: sharing is
 * occasional, and mail to strangers must stay scarce.
 */
const SHARES_PER_HOUR = 20;
const SHARES_PER_HOUR_PER_ADDRESS = 40;
/** Listing and revoking links: clicks of a visitor, three visitors' worth per address. */
const LISTS_PER_MINUTE = 120;
const LISTS_PER_MINUTE_PER_ADDRESS = 360;
const REVOKES_PER_MINUTE = 60;
const REVOKES_PER_MINUTE_PER_ADDRESS = 180;
/** Whoever opens a link has no session: the public itinerary is limited per address. */
const SHARED_READS_PER_MINUTE_PER_ADDRESS = 300;

/**
 * Share Itinerary: the visitor's read-only links to a trip, revocable and optionally expiring,
 * e-mailable.
 */
export const tripShareRoutes: FastifyPluginAsyncZod<{ service: TripShareService }> = async (
  app,
  { service },
) => {
  app.post(
    '/api/trip-planners/:id/shares',
    {
      schema: {
        tags: ['planner'],
        summary:
          "A read-only link to one of the visitor's trips (optionally expiring, prices optionally hidden), e-mailed when an address is given (naming the sharer when senderName is)",
        params: tripIdParamsSchema,
        body: createTripShareSchema,
        response: { 201: tripShareSchema, ...errors },
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
    async (request, reply) => {
      const share = await service.create(
        await request.getVisitorId(),
        request.params.id,
        request.body,
      );
      return reply.code(201).header('cache-control', 'no-store').send(share);
    },
  );

  app.get(
    '/api/trip-planners/:id/shares',
    {
      schema: {
        tags: ['planner'],
        summary: "The trip's itinerary links (their addresses are not kept)",
        params: tripIdParamsSchema,
        response: { 200: tripShareListSchema, ...errors },
      },
      config: limits({
        visitor: perMinute(LISTS_PER_MINUTE),
        address: perMinute(LISTS_PER_MINUTE_PER_ADDRESS),
      }),
    },
    async (request) => service.list(await request.findVisitorId(), request.params.id),
  );

  app.delete(
    '/api/trip-planners/:id/shares/:shareId',
    {
      schema: {
        tags: ['planner'],
        summary: 'Revoke an itinerary link',
        params: tripShareIdParamsSchema,
        response: { 204: z.null().describe('Revoked'), ...errors },
      },
      config: limits({
        visitor: perMinute(REVOKES_PER_MINUTE),
        address: perMinute(REVOKES_PER_MINUTE_PER_ADDRESS),
      }),
    },
    async (request, reply) => {
      await service.revoke(await request.getVisitorId(), request.params.id, request.params.shareId);
      return reply.code(204).send(null);
    },
  );
};

/** A link's public itinerary, for whoever holds the link (no session needed). */
export const sharedTripRoutes: FastifyPluginAsyncZod<{ service: TripShareService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/shared-trips/:token',
    {
      schema: {
        tags: ['planner'],
        summary: 'The public, read-only itinerary of a link',
        params: tripShareTokenParamsSchema,
        response: {
          200: sharedTripSchema,
          404: errorBodySchema,
          410: errorBodySchema,
          429: errorBodySchema,
        },
      },
      config: limits({ address: perMinute(SHARED_READS_PER_MINUTE_PER_ADDRESS) }),
    },
    async (request, reply) => {
      const itinerary = await service.page(request.params.token);
      // Already JSON, made once per trip version from the repository's own rows: sent as bytes,
      // past the response schema (a trip at its item cap is megabytes to check and serialise).
      reply.header('cache-control', 'no-store');
      return sendEncoded(request, reply as FastifyReply, itinerary, JSON_TYPE);
    },
  );
};
