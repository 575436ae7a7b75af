import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../contracts/errors.js';
import {
  calendarSubscriptionSchema,
  calendarTokenParamsSchema,
  tripIdParamsSchema,
} from '../../../contracts/planner.js';
import { sendEncoded } from '../../encoded-body.js';
import { limits, perMinute } from '../../plugins/limits.js';
import type { CalendarFile, CalendarService } from './calendar-service.js';

const ICS_TYPE = 'text/calendar; charset=utf-8';
const icsBody = z.string().describe('An iCalendar file (RFC 5545)');
const deleted = z.null().describe('Revoked');

/**
 * Calendar applications poll a subscription every few minutes to hours, without a cookie: 60 a
 * minute from one address is an office's worth of subscriptions, and bounds what a client that
 * asks again and again for a large trip's calendar can cost.
 */
const FEEDS_PER_MINUTE_PER_ADDRESS = 60;
/** A visitor downloads a trip's calendar now and then; three visitors' worth per address. */
const DOWNLOADS_PER_MINUTE = 60;
const DOWNLOADS_PER_MINUTE_PER_ADDRESS = 180;
/** Making or revoking a trip's calendar address; three visitors' worth per address. */
const SUBSCRIPTION_WRITES_PER_MINUTE = 30;
const SUBSCRIPTION_WRITES_PER_MINUTE_PER_ADDRESS = 90;
const subscriptionLimits = limits({
  visitor: perMinute(SUBSCRIPTION_WRITES_PER_MINUTE),
  address: perMinute(SUBSCRIPTION_WRITES_PER_MINUTE_PER_ADDRESS),
});

/** The file as it was made once, gzipped for a client that accepts it (most calendar apps). */
const sendCalendar = (request: FastifyRequest, reply: FastifyReply, file: CalendarFile) =>
  sendEncoded(request, reply.header('content-disposition', file.disposition), file.body, ICS_TYPE);

/**
 * Calendar export: the visitor downloads a trip as .ics, and makes or revokes a private address
 * calendar apps can follow.
 */
export const calendarRoutes: FastifyPluginAsyncZod<{ service: CalendarService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/trip-planners/:id/calendar.ics',
    {
      schema: {
        tags: ['planner'],
        summary: "One of the visitor's trips as an iCalendar file: the trip and one event per item",
        params: tripIdParamsSchema,
        response: { 200: icsBody, 404: errorBodySchema, 429: errorBodySchema },
      },
      config: limits({
        visitor: perMinute(DOWNLOADS_PER_MINUTE),
        address: perMinute(DOWNLOADS_PER_MINUTE_PER_ADDRESS),
      }),
    },
    async (request, reply) => {
      const file = await service.download(await request.findVisitorId(), request.params.id);
      return sendCalendar(request, reply.header('cache-control', 'no-store'), file);
    },
  );

  app.post(
    '/api/trip-planners/:id/calendar-subscription',
    {
      schema: {
        tags: ['planner'],
        summary:
          "A private calendar address (https and webcal) for one of the visitor's trips; the trip's previous address stops working",
        params: tripIdParamsSchema,
        response: {
          201: calendarSubscriptionSchema,
          403: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
      config: subscriptionLimits,
    },
    async (request, reply) => {
      const subscription = await service.subscribe(await request.getVisitorId(), request.params.id);
      return reply.code(201).header('cache-control', 'no-store').send(subscription);
    },
  );

  app.delete(
    '/api/trip-planners/:id/calendar-subscription',
    {
      schema: {
        tags: ['planner'],
        summary: "Revoke the trip's private calendar address",
        params: tripIdParamsSchema,
        response: {
          204: deleted,
          403: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
      config: subscriptionLimits,
    },
    async (request, reply) => {
      await service.unsubscribe(await request.getVisitorId(), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

/** A trip's private calendar address, as calendar applications follow it (no session). */
export const calendarFeedRoutes: FastifyPluginAsyncZod<{ service: CalendarService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/calendar/:token.ics',
    {
      schema: {
        tags: ['planner'],
        summary:
          'The public, private-address calendar of a trip as it is now (for calendar applications)',
        params: calendarTokenParamsSchema,
        response: { 200: icsBody, 404: errorBodySchema, 429: errorBodySchema },
      },
      config: limits({ address: perMinute(FEEDS_PER_MINUTE_PER_ADDRESS) }),
    },
    async (request, reply) => {
      reply.header('x-robots-tag', 'noindex, nofollow').header('cache-control', 'no-cache');
      const file = await service.feed(request.params.token);
      return sendCalendar(request, reply, file);
    },
  );
};
