import { JSON_TYPE, sendEncoded } from '../../encoded-body.js';
import { limits, perMinute } from '../../plugins/limits.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../contracts/errors.js';
import {
  createPlannerItemSchema,
  createTripSchema,
  plannerItemConflictSchema,
  plannerItemIdParamsSchema,
  plannerItemListSchema,
  plannerItemSchema,
  plannerItemsQuerySchema,
  tripConflictSchema,
  tripIdParamsSchema,
  tripListSchema,
  tripSchema,
  updatePlannerItemSchema,
  updateTripSchema,
} from '../../../contracts/planner.js';
import { IF_MATCH_DESCRIPTION, ifMatchVersion, withVersionTag } from '../../lib/if-match.js';
import type { ItemListing, PlannerService } from './service.js';

/** Generous: a visitor building a trip clicks fast, and the assistant adds several items at once. */
const PLANNER_WRITES_PER_MINUTE = 120;
/** Five visitors' worth: a family or an office planning trips at once behind one address. */
const PLANNER_WRITES_PER_MINUTE_PER_ADDRESS = 600;

/** Every write of the planner, per route: per visitor (the session; the address without one) and per address. */
const writeLimit = limits({
  visitor: perMinute(PLANNER_WRITES_PER_MINUTE),
  address: perMinute(PLANNER_WRITES_PER_MINUTE_PER_ADDRESS),
});
/** A create that a double click or a retry can repeat makes one record (docs/decisions/029). */
const createLimit = { ...writeLimit, idempotent: true };

const deleted = z.null().describe('Deleted');

/**
 * The refusals of a change that honours If-Match (docs/decisions/032): the usual ones, and 412
 * with the trip or item as it is now.
 */
const versionedChangeErrors = (conflict: z.ZodType) => ({
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  412: conflict,
  429: errorBodySchema,
});
const notModified = z.null().describe('Not modified: the ETag given in If-None-Match still holds');

/** A trip's items as listed (its ETag, and 304 while the browser's copy still holds). */
async function sendListing(request: FastifyRequest, reply: FastifyReply, listing: ItemListing) {
  // Private: the answer is the visitor's; no-cache: a browser asks again, and gets a 304.
  reply
    .header('etag', listing.etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], listing.etag)) {
    return reply.code(304).send();
  }
  // A month of a large trip is hundreds of KB of JSON (far less gzipped), made once per version.
  return sendEncoded(request, reply, await listing.body(), JSON_TYPE);
}

/** Whether an If-None-Match header names this entity tag (weak comparison, RFC 9110 §13.1.2). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** The visitor's trips. */
export const tripRoutes: FastifyPluginAsyncZod<{ service: PlannerService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/trip-planners',
    {
      schema: {
        tags: ['planner'],
        summary: "The visitor's trips, newest first",
        response: { 200: tripListSchema },
      },
    },
    async (request) => service.listTrips(await request.findVisitorId()),
  );

  app.post(
    '/api/trip-planners',
    {
      schema: {
        tags: ['planner'],
        summary: 'Create a trip; it starts in planning whatever status the client sends',
        body: createTripSchema,
        response: {
          201: tripSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
      config: createLimit,
    },
    async (request, reply) => {
      const trip = await service.createTrip(await request.getVisitorId(), request.body);
      return reply.code(201).send(withVersionTag(reply, trip));
    },
  );

  app.get(
    '/api/trip-planners/:id',
    {
      schema: {
        tags: ['planner'],
        summary: "One of the visitor's trips, its version as the ETag",
        params: tripIdParamsSchema,
        response: { 200: tripSchema, 404: errorBodySchema },
      },
    },
    async (request, reply) =>
      withVersionTag(
        reply,
        await service.getTrip(await request.findVisitorId(), request.params.id),
      ),
  );

  app.patch(
    '/api/trip-planners/:id',
    {
      schema: {
        tags: ['planner'],
        summary: "Change a trip's title, destination, dates or status; its version goes up by one",
        description: IF_MATCH_DESCRIPTION,
        params: tripIdParamsSchema,
        body: updateTripSchema,
        response: { 200: tripSchema, ...versionedChangeErrors(tripConflictSchema) },
      },
      config: writeLimit,
    },
    async (request, reply) => {
      const ifVersion = ifMatchVersion(request);
      const trip = await service.updateTrip(
        await request.getVisitorId(),
        request.params.id,
        request.body,
        ifVersion,
      );
      return withVersionTag(reply, trip);
    },
  );

  app.delete(
    '/api/trip-planners/:id',
    {
      schema: {
        tags: ['planner'],
        summary: 'Delete a trip and all its items',
        description: IF_MATCH_DESCRIPTION,
        params: tripIdParamsSchema,
        response: { 204: deleted, ...versionedChangeErrors(tripConflictSchema) },
      },
      config: writeLimit,
    },
    async (request, reply) => {
      const ifVersion = ifMatchVersion(request);
      await service.deleteTrip(await request.getVisitorId(), request.params.id, ifVersion);
      return reply.code(204).send(null);
    },
  );
};

/** The items of a visitor's trips, listed by day (with an ETag), added, changed and deleted. */
export const plannerItemRoutes: FastifyPluginAsyncZod<{ service: PlannerService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/planner-items',
    {
      schema: {
        tags: ['planner'],
        summary:
          "A trip's items by day, time slot, priority and creation; from and to (YYYY-MM-DD, inclusive) narrow it to a range of days",
        querystring: plannerItemsQuerySchema,
        response: {
          200: plannerItemListSchema,
          304: notModified,
          400: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { plannerId, from, to } = request.query;
      const listing = await service.itemListing(await request.findVisitorId(), plannerId, {
        from,
        to,
      });
      // Neither answer goes through the response schema: a 304 has no body, and the body is
      // already JSON, made by the service from the repository's own rows (validating and
      // serialising it again would be milliseconds of work per answer for a month of a large
      // trip). Sent as a Buffer, it is sent as it is.
      return sendListing(request, reply as FastifyReply, listing);
    },
  );

  app.post(
    '/api/planner-items',
    {
      schema: {
        tags: ['planner'],
        summary:
          "Add an item to one of the visitor's trips; it starts not booked. A plannerId that is not the visitor's trip is a 404 naming plannerId",
        body: createPlannerItemSchema,
        response: {
          201: plannerItemSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
      config: createLimit,
    },
    async (request, reply) => {
      const item = await service.createItem(await request.getVisitorId(), request.body);
      return reply.code(201).send(withVersionTag(reply, item));
    },
  );

  app.patch(
    '/api/planner-items/:id',
    {
      schema: {
        tags: ['planner'],
        summary: 'Change any fields of an item except its trip; its version goes up by one',
        description: IF_MATCH_DESCRIPTION,
        params: plannerItemIdParamsSchema,
        body: updatePlannerItemSchema,
        response: { 200: plannerItemSchema, ...versionedChangeErrors(plannerItemConflictSchema) },
      },
      config: writeLimit,
    },
    async (request, reply) => {
      const ifVersion = ifMatchVersion(request);
      const item = await service.updateItem(
        await request.getVisitorId(),
        request.params.id,
        request.body,
        ifVersion,
      );
      return withVersionTag(reply, item);
    },
  );

  app.delete(
    '/api/planner-items/:id',
    {
      schema: {
        tags: ['planner'],
        summary: 'Delete an item',
        description: IF_MATCH_DESCRIPTION,
        params: plannerItemIdParamsSchema,
        response: { 204: deleted, ...versionedChangeErrors(plannerItemConflictSchema) },
      },
      config: writeLimit,
    },
    async (request, reply) => {
      const ifVersion = ifMatchVersion(request);
      await service.deleteItem(await request.getVisitorId(), request.params.id, ifVersion);
      return reply.code(204).send(null);
    },
  );
};
