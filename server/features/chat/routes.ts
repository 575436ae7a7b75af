import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { limits, perMinute } from '../../plugins/limits.js';
import {
  chatHistorySchema,
  chatRequestSchema,
  chatResponseSchema,
  proposalDecisionResponseSchema,
  proposalDecisionSchema,
  proposalParamsSchema,
} from '../../../contracts/chat.js';
import { errorBodySchema } from '../../../contracts/errors.js';
import type { ChatService } from './service.js';

/** Issue 4: at most 30 messages a minute from one visitor. */
export const CHAT_PER_MINUTE = 30;
/**
 * Four visitors chatting flat out: people behind one address (a family, an office) type far slower
 * than 30 messages a minute each, while throw-away cookies no longer buy a client more replies.
 */
export const CHAT_PER_MINUTE_PER_ADDRESS = 120;
const chatLimits = limits({
  visitor: perMinute(CHAT_PER_MINUTE),
  address: perMinute(CHAT_PER_MINUTE_PER_ADDRESS),
});

export const chatRoutes: FastifyPluginAsyncZod<{ service: ChatService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/chat',
    {
      schema: {
        tags: ['chat'],
        summary: "The visitor's conversation with the assistant, oldest first",
        response: { 200: chatHistorySchema },
      },
    },
    async (request) => service.history(await request.findVisitorId()),
  );

  app.post(
    '/api/chat',
    {
      schema: {
        tags: ['chat'],
        summary: 'Ask the assistant; the answer is grounded in the site data',
        body: chatRequestSchema,
        response: { 200: chatResponseSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
      config: chatLimits,
    },
    async (request) => service.send(await request.getVisitorId(), request.body),
  );

  app.post(
    '/api/chat/messages/:messageId/proposal',
    {
      schema: {
        tags: ['chat'],
        summary: 'Apply (add to the trip) or discard an item the assistant proposed',
        params: proposalParamsSchema,
        body: proposalDecisionSchema,
        response: {
          200: proposalDecisionResponseSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
      config: chatLimits,
    },
    async (request) => ({
      message: await service.decide(
        await request.getVisitorId(),
        request.params.messageId,
        request.body,
      ),
    }),
  );
};
