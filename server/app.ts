import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { healthSchema } from '../contracts/health.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { createBuiltInAssistant } from './adapters/assistant/built-in.js';
import { createModelAssistant } from './adapters/assistant/model.js';
import { createOutboxMailer, createSmtpMailer } from './adapters/mail/mailer.js';
import type { AssistantKnowledge } from './adapters/assistant/types.js';
import { ADVISORIES } from './data/advisories.js';
import { DESTINATIONS } from './data/destinations.js';
import { EMERGENCY_CONTACTS } from './data/emergency-contacts.js';
import { advisoryRoutes } from './features/advisories/routes.js';
import { createAdvisoryService } from './features/advisories/service.js';
import { createBetaRepository } from './features/beta/repository.js';
import { betaRoutes } from './features/beta/routes.js';
import { createBetaService } from './features/beta/service.js';
import { createBookingRepository } from './features/bookings/repository.js';
import { bookingRoutes } from './features/bookings/routes.js';
import { createBookingService } from './features/bookings/service.js';
import { createBlockchainPaymentRepository } from './features/payments/repository.js';
import { paymentRoutes } from './features/payments/routes.js';
import { createPaymentService } from './features/payments/service.js';
import { createStripeCardProvider } from './adapters/payments/card.js';
import { createRpcVerifier, createSimulatedVerifier } from './adapters/payments/chain.js';
import { createChatRepository } from './features/chat/repository.js';
import { chatRoutes } from './features/chat/routes.js';
import { createChatService } from './features/chat/service.js';
import { createDestinationRepository } from './features/destinations/repository.js';
import { destinationRoutes } from './features/destinations/routes.js';
import { createDestinationService } from './features/destinations/service.js';
import { emergencyRoutes } from './features/emergency/routes.js';
import { createEmergencyService } from './features/emergency/service.js';
import { createPlannerRepository } from './features/planner/repository.js';
import { plannerRoutes } from './features/planner/routes.js';
import { createPlannerService } from './features/planner/service.js';
import errorHandler from './plugins/error-handler.js';
import security from './plugins/security.js';
import session from './plugins/session.js';
import { createSessionRepository } from './plugins/session-repository.js';
import { searchRoutes } from './features/search/routes.js';
import { createSearchService } from './features/search/service.js';
import spa from './plugins/spa.js';

/** JSON bodies of this API are small; uploads have their own streaming route. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;
const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID_PATTERN = /^[\w-]{8,64}$/;

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  sessionSecret: string;
}

/** Builds the whole application without listening; `main.ts` listens, tests inject or listen. */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
    // On close, idle keep-alive sockets are dropped (Fastify's default) and in-flight requests finish.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  // JSON only: a text/plain body would otherwise reach the schemas as a string.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  await app.register(errorHandler);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Accessible Journeys API',
        version: '1.0.0',
        description: 'Travel planning for travellers with accessibility needs and for veterans.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(security, { appOrigin: config.appUrl, stripe: config.stripe !== undefined });
  await app.register(rateLimit, { global: false });
  await app.register(cookie, { secret: deps.sessionSecret });
  await app.register(session, {
    sessions: createSessionRepository(database.db),
    secureCookies: config.secureCookies,
  });

  app.get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: healthSchema } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const destinations = createDestinationService(
    createDestinationRepository(database.db),
    DESTINATIONS,
  );
  await app.register(destinationRoutes, { service: destinations });
  await app.register(searchRoutes, { service: createSearchService(destinations) });
  const advisories = createAdvisoryService(ADVISORIES);
  await app.register(advisoryRoutes, { service: advisories });
  const emergency = createEmergencyService(EMERGENCY_CONTACTS);
  await app.register(emergencyRoutes, { service: emergency });
  const bookingRepository = createBookingRepository(database.db);
  const payments = createPaymentService({
    bookings: bookingRepository,
    blockchainPayments: createBlockchainPaymentRepository(database.db),
    card: config.stripe ? createStripeCardProvider(config.stripe) : undefined,
    chain: config.chain.rpcUrl
      ? createRpcVerifier(config.chain.rpcUrl, config.chain.confirmTimeoutMs)
      : createSimulatedVerifier(),
    paymentAddress: config.chain.paymentAddress,
    usdPerEth: config.chain.usdPerEth,
    log: app.log,
  });
  await app.register(bookingRoutes, {
    service: createBookingService(bookingRepository, destinations, {
      reconcile: payments.reconcile,
    }),
  });
  await app.register(paymentRoutes, { service: payments });
  const planner = createPlannerService(createPlannerRepository(database.db));
  await app.register(plannerRoutes, { service: planner });

  const knowledge: AssistantKnowledge = {
    destinations: () => destinations.listOrPopulate(),
    advisories: () => advisories.list(),
    emergency,
    trips: planner,
  };
  const builtIn = createBuiltInAssistant(knowledge);
  const assistant = config.ai
    ? createModelAssistant(config.ai, knowledge, builtIn, app.log)
    : builtIn;
  await app.register(chatRoutes, {
    service: createChatService(createChatRepository(database.db), assistant, planner),
  });

  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(config.dataDir, config.mailFrom, app.log);
  await app.register(betaRoutes, {
    service: createBetaService(createBetaRepository(database.db), {
      appUrl: config.appUrl,
      mailer,
    }),
  });

  await app.register(spa, { clientDist: config.clientDist });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
