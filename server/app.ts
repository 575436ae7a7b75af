import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_ROUTES } from '../contracts/routes.js';
import { redisCheck } from './adapters/redis.js';
import { createMailer, startJobQueue } from './background.js';
import type { AppContext } from './context.js';
import { registerAccounts } from './features/accounts/index.js';
import { registerAdvisories } from './features/advisories/index.js';
import { registerBeta } from './features/beta/index.js';
import { registerBookings } from './features/bookings/index.js';
import { registerChat } from './features/chat/index.js';
import { registerDestinations } from './features/destinations/index.js';
import { registerEmergency, registerSafetyKits } from './features/emergency/index.js';
import { registerMedia } from './features/media/index.js';
import { registerCalendar, registerPlanner, registerTripShares } from './features/planner/index.js';
import { registerRetention } from './features/retention/index.js';
import { registerSearch } from './features/search/index.js';
import { databaseCheck, registerHealth } from './health.js';
import {
  closeConnectionsWhenClosing,
  createHttpServer,
  refuseNul,
  type HttpServer,
} from './http-server.js';
import { createMetrics, registerMetrics } from './metrics.js';
import errorHandler from './plugins/error-handler.js';
import idempotency from './plugins/idempotency.js';
import { createIdempotencyStore, IDEMPOTENCY_RULES } from './plugins/idempotency-store.js';
import limits from './plugins/limits.js';
import security, { securityHeaders } from './plugins/security.js';
import session from './plugins/session.js';
import { createSessionRepository } from './plugins/session-repository.js';
import { connectSharedState, registerRateLimit } from './plugins/shared-limits.js';
import spa from './plugins/spa.js';

export { holdsNul, JSON_BODY_LIMIT_BYTES, loggableUrl } from './http-server.js';

export type AppDeps = AppContext;

/**
 * Builds the whole application without listening; `main.ts` listens, tests inject or listen.
 * The plugins every route goes through, then the features, each registering its own routes, hooks
 * and background work and handing on what others need.
 */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const securityOptions = {
    appOrigin: config.appUrl,
    stripe: config.stripe !== undefined,
    uploadOrigins: config.s3 ? [s3Origin(config.s3)] : [],
  };
  const app = createHttpServer(config, securityHeaders(securityOptions));
  // Before any plugin, so that its request timing sees every route.
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  registerMetrics(app, metrics, { token: config.metricsToken });
  closeConnectionsWhenClosing(app);
  refuseNul(app);

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
  await app.register(security, securityOptions);
  const shared = await connectSharedState(app, config);
  await registerRateLimit(app, shared, deps.sessionSecret);
  // Every route's limits per visitor and per address (limits()): before any route.
  await app.register(limits);
  await app.register(cookie, { secret: deps.sessionSecret });
  await app.register(session, {
    sessions: createSessionRepository(database.db),
    secureCookies: config.secureCookies,
  });
  // Idempotency-Key on the writes a double click or a retry can repeat: before any route.
  await app.register(idempotency, {
    store: createIdempotencyStore(database.db, IDEMPOTENCY_RULES),
    secret: deps.sessionSecret,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const destinations = await registerDestinations(app, deps);
  await registerSearch(app, { destinations });
  const advisories = await registerAdvisories(app);
  const emergency = await registerEmergency(app);
  const bookings = await registerBookings(app, deps, { destinations });
  const planner = await registerPlanner(app, deps);
  await registerSafetyKits(app, { emergency, advisories, planner: planner.service });
  await registerCalendar(app, deps, { planner });
  await registerChat(app, deps, { destinations, advisories, emergency, planner: planner.service });
  // The features below send jobs (thumbnails, renders, sweeps) and e-mail.
  const jobs = startJobQueue(app, deps, metrics);
  const mailer = createMailer(app, deps, jobs);
  const media = await registerMedia(app, deps, { metrics, jobs, shared, mailer });
  const retention = registerRetention(app, deps, { jobs, removeMedia: media.removeVisitorMedia });
  registerHealth(app, {
    checks: {
      database: databaseCheck(database.db),
      storage: () => media.storage.ready(),
      ...(shared ? { redis: redisCheck(shared.redis) } : {}),
    },
  });
  const tripShares = await registerTripShares(app, deps, { planner, mailer });
  const beta = await registerBeta(app, deps, { mailer });
  const accounts = await registerAccounts(app, deps, {
    mailer,
    betaAccessCode: beta.betaAccessCode,
    eraseVisitor: retention.erase,
    storage: media.storage,
  });

  await app.register(spa, {
    clientDist: config.clientDist,
    unlistedRoutes: [APP_ROUTES.sharedMedia, APP_ROUTES.sharedTrip],
    pagePreloads: {
      ...media.pagePreloads,
      ...bookings.pagePreloads,
      ...planner.pagePreloads,
      ...tripShares.pagePreloads,
      ...accounts.pagePreloads,
    },
  });
  return app;
}
export type App = HttpServer;

/** Where the browser PUTs uploads when media lives in S3: the endpoint, or AWS's own host. */
function s3Origin(s3: NonNullable<AppDeps['config']['s3']>): string {
  return s3.endpoint
    ? new URL(s3.endpoint).origin
    : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
}
