import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { visitorRateKey } from '../../plugins/session.js';
import {
  bookingIdParamsSchema,
  bookingSchema,
  createBookingSchema,
} from '../../../contracts/bookings.js';
import { errorBodySchema } from '../../../contracts/errors.js';
import type { BookingService } from './service.js';

export const bookingRoutes: FastifyPluginAsyncZod<{ service: BookingService }> = async (
  app,
  { service },
) => {
  app.post(
    '/api/bookings',
    {
      schema: {
        tags: ['bookings'],
        summary: 'Create a booking; it starts pending whatever the client sends',
        body: createBookingSchema,
        response: { 201: bookingSchema, 400: errorBodySchema, 403: errorBodySchema },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const booking = await service.create(await request.getVisitorId(), request.body);
      return reply.code(201).send(booking);
    },
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
        response: { 200: bookingSchema, 404: errorBodySchema },
      },
      // Reading a pending card booking asks Stripe; the payment-status page polls every 2 s.
      config: { rateLimit: { max: 120, timeWindow: '1 minute', keyGenerator: visitorRateKey } },
    },
    async (request) => service.get(await request.findVisitorId(), request.params.id),
  );
};
