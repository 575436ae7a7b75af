import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../contracts/errors.js';
import {
  blockchainPaymentResponseSchema,
  confirmBlockchainPaymentResponseSchema,
  confirmBlockchainPaymentSchema,
  createBlockchainPaymentSchema,
  createPaymentIntentSchema,
  paymentIntentResponseSchema,
} from '../../../contracts/payments.js';
import { limits, perMinute } from '../../plugins/limits.js';
import type { PaymentService } from './service.js';

/** Per visitor and route: enough to retry, too few to probe hashes or hammer Stripe. */
const PAYMENTS_PER_MINUTE = 30;
/** Three visitors' worth: a family paying for its bookings behind one address. */
const PAYMENTS_PER_MINUTE_PER_ADDRESS = 90;
const paymentLimit = limits({
  visitor: perMinute(PAYMENTS_PER_MINUTE),
  address: perMinute(PAYMENTS_PER_MINUTE_PER_ADDRESS),
});
/**
 * Stripe sends its events from a few addresses of its own, in bursts when many payments settle:
 * generous, so that only a flood of unsigned requests (each costs an HMAC) is refused; Stripe
 * retries an event that got a 429.
 */
const WEBHOOKS_PER_MINUTE_PER_ADDRESS = 600;

/** Stripe's events are small; a megabyte leaves room without inviting abuse. */
const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

const errors = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
};

export const paymentRoutes: FastifyPluginAsyncZod<{ service: PaymentService }> = async (
  app,
  { service },
) => {
  app.post(
    '/api/create-payment-intent',
    {
      schema: {
        tags: ['payments'],
        summary: "A Stripe PaymentIntent for the booking's own amount (503 in demo mode)",
        body: createPaymentIntentSchema,
        response: { 200: paymentIntentResponseSchema, ...errors },
      },
      config: paymentLimit,
    },
    async (request) => service.createPaymentIntent(await request.getVisitorId(), request.body),
  );

  app.post(
    '/api/create-blockchain-payment',
    {
      schema: {
        tags: ['payments'],
        summary: 'A wallet payment: where to send how much, on which chain',
        body: createBlockchainPaymentSchema,
        response: { 201: blockchainPaymentResponseSchema, ...errors },
      },
      // A wallet payment asked for twice is one payment (docs/decisions/029).
      config: { ...paymentLimit, idempotent: true },
    },
    async (request, reply) => {
      const payment = await service.createBlockchainPayment(
        await request.getVisitorId(),
        request.body,
      );
      return reply.code(201).send(payment);
    },
  );

  app.post(
    '/api/confirm-blockchain-payment',
    {
      schema: {
        tags: ['payments'],
        summary: 'Confirms a wallet payment by its transaction; repeating it changes nothing',
        body: confirmBlockchainPaymentSchema,
        response: { 200: confirmBlockchainPaymentResponseSchema, ...errors },
      },
      config: paymentLimit,
    },
    async (request) => service.confirmBlockchainPayment(await request.getVisitorId(), request.body),
  );

  // Stripe signs the exact bytes it sends, so this one route reads its body raw.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    raw.post(
      '/api/stripe/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: "Stripe's events about PaymentIntents, verified by their signature",
          response: { 200: z.object({ received: z.literal(true) }), ...errors },
        },
        config: limits({ address: perMinute(WEBHOOKS_PER_MINUTE_PER_ADDRESS) }),
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        await service.handleCardWebhook(
          request.body as Buffer,
          typeof signature === 'string' ? signature : undefined,
        );
        return { received: true as const };
      },
    );
  });
};
