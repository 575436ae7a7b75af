import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limits, perMinute } from '../../plugins/limits.js';
import {
  bookingIdParamsSchema,
  bookingSchema,
  createBookingSchema,
} from '../../../contracts/bookings.js';
import { errorBodySchema } from '../../../contracts/errors.js';
import type { BookingService } from './service.js';

/** Bookings made: retries and a few trips' worth; three visitors' worth per address. */
const BOOKINGS_PER_MINUTE = 60;
const BOOKINGS_PER_MINUTE_PER_ADDRESS = 180;
/** Reading a pending card booking asks Stripe; the payment-status page polls every 2 s. */
const BOOKING_READS_PER_MINUTE = 120;
const BOOKING_READS_PER_MINUTE_PER_ADDRESS = 360;

export const bookingRoutes: FastifyPluginAsyncZod<{ service: BookingService }> = async (
  app,
  { service },
) => {
  app.post(
    '/api/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary:
          "Create a booking; it starts pending whatever the client sends. The visitor's open booking of exactly the same thing is answered instead (200), not made twice",
        body: createBookingSchema,
        response: {
          200: bookingSchema,
          201: bookingSchema,
          400: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
      config: {
        ...limits({
          visitor: perMinute(BOOKINGS_PER_MINUTE),
          address: perMinute(BOOKINGS_PER_MINUTE_PER_ADDRESS),
        }),
        // A double-clicked checkout or a retry makes one booking (docs/decisions/029).
        idempotent: true,
      },
    },
    async (request, reply) => {
      const { booking, created } = await service.create(await request.getVisitorId(), request.body);
      return reply.code(created ? 201 : 200).send(booking);
    },
  );

  app.post(
    '/api/bookings/:id/cancel',
    {
      schema: {
        tags: ['bookings'],
        summary:
          "Cancel one of the visitor's unpaid bookings (409 when paid or a card payment is processing); repeating it changes nothing",
        params: bookingIdParamsSchema,
        response: {
          200: bookingSchema,
          404: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
      config: limits({
        visitor: perMinute(BOOKINGS_PER_MINUTE),
        address: perMinute(BOOKINGS_PER_MINUTE_PER_ADDRESS),
      }),
    },
    async (request) => service.cancel(await request.findVisitorId(), request.params.id),
  );

  app.get(
    '/api/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary: "The visitor's bookings, newest first",
        response: { 200: z.array(bookingSchema) },
      },
    },
    async (request) => service.list(await request.findVisitorId()),
  );

  app.get(
    '/api/bookings/:id',
    {
      schema: {
        tags: ['bookings'],
        summary: "One of the visitor's bookings",
        params: bookingIdParamsSchema,
        response: { 200: bookingSchema, 404: errorBodySchema, 429: errorBodySchema },
      },
      config: limits({
        visitor: perMinute(BOOKING_READS_PER_MINUTE),
        address: perMinute(BOOKING_READS_PER_MINUTE_PER_ADDRESS),
      }),
    },
    async (request) => service.get(await request.findVisitorId(), request.params.id),
  );
};
