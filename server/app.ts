import { randomUUID } from 'node:crypto';
import path from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { Redis } from 'ioredis';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { bookingApiPath } from '../contracts/bookings.values.js';
import { sharedTripApiPath } from '../contracts/planner.values.js';
import { APP_ROUTES } from '../contracts/routes.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import { BadRequest } from './errors.js';
import { databaseCheck, registerHealth } from './health.js';
import { createMetrics, registerMetrics, type Metrics } from './metrics.js';
import { createBuiltInAssistant } from './adapters/assistant/built-in.js';
import { createModelAssistant } from './adapters/assistant/model.js';
import {
  createOutboxMailer,
  createQueuedMailer,
  createSmtpMailer,
  type Mailer,
} from './adapters/mail/mailer.js';
import {
  closeRedis,
  createRedis,
  redisCheck,
  redisConnected,
  sharedKey,
} from './adapters/redis.js';
import type { AssistantKnowledge } from './adapters/assistant/types.js';
import { ADVISORIES } from './catalogue/advisories.js';
import { DESTINATIONS } from './catalogue/destinations.js';
import { EMERGENCY_CONTACTS } from './catalogue/emergency-contacts.js';
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
import { HELP_LINES, helpLinesRoutes } from './features/emergency/help-lines-routes.js';
import { createEmergencyService } from './features/emergency/service.js';
import { createSafetyKitService } from './features/emergency/safety-kit-service.js';
import { safetyKitRoutes } from './features/emergency/safety-kit-routes.js';
import { placeNames } from '../contracts/countries.js';
import { addressKey } from './client-address.js';
import { createMediaRepository } from './features/media/repository.js';
import { mediaRoutes } from './features/media/routes.js';
import { createAddressBudget, createRedisAddressBudget } from './features/media/address-budget.js';
import { createMediaService } from './features/media/service.js';
import { createMovieService } from './features/media/movies.js';
import { mediaPagePreloads } from './features/media/page-preloads.js';
import { createShareService } from './features/media/shares.js';
import { localUploadRoutes } from './features/media/upload-routes.js';
import { createLocalStorage } from './adapters/storage/local.js';
import { createS3Storage } from './adapters/storage/s3.js';
import { locateMediaTools } from './adapters/movie/tools.js';
import { createModelWriter, createTemplateWriter } from './adapters/movie/script.js';
import { createCalendarRepository } from './features/planner/calendar-repository.js';
import { calendarRoutes } from './features/planner/calendar-routes.js';
import { createCalendarService } from './features/planner/calendar-service.js';
import { createTripShareRepository } from './features/planner/share-repository.js';
import { tripShareRoutes } from './features/planner/share-routes.js';
import { createTripShareService } from './features/planner/share-service.js';
import { createPlannerRepository } from './features/planner/repository.js';
import { plannerRoutes } from './features/planner/routes.js';
import { createPlannerService } from './features/planner/service.js';
import { createRetentionRepository } from './features/retention/repository.js';
import { createRetentionService, type RetentionService } from './features/retention/service.js';
import errorHandler from './plugins/error-handler.js';
import security, { securityHeaders } from './plugins/security.js';
import limits, { visitorLimitError } from './plugins/limits.js';
import { sharedRateLimitStore } from './plugins/rate-limit-store.js';
import session from './plugins/session.js';
import { createSessionRepository } from './plugins/session-repository.js';
import { searchRoutes } from './features/search/routes.js';
import { createSearchService } from './features/search/service.js';
import spa from './plugins/spa.js';
import { createInProcessJobQueue, createPgJobQueue, type JobQueue } from './jobs.js';

/**
 * A request's URL as it may be logged: without its query string (upload signatures, e-mail
 * verification tokens) and with share and calendar tokens masked, since a log must not open what
 * the database keeps only as hashes.
 */
export function loggableUrl(url: string): string {
  return url
    .split('?')[0]!
    .replace(/^(\/(?:api\/)?shared(?:-trips?)?\/)[^/]+/, '$1***')
    .replace(/^(\/api\/calendar\/)[^/]+/, '$1***');
}

/**
 * A share link's page (`/shared/:token`, `/shared-trip/:token`) or an answer of its API
 * (`/api/shared/…`, `/api/shared-trips/…`): public to whoever holds the link, never for search
 * engines, which could otherwise list a link that a visitor pasted somewhere crawled.
 */
const SHARE_LINK_PATH = /^\/(?:shared|shared-trip|api\/shared|api\/shared-trips)\//;
const SHARE_LINK_ROBOTS = 'noindex, nofollow';

/** Whether parsed input holds U+0000 anywhere. Iterative: a JSON body may nest thousands deep. */
export function holdsNul(input: unknown): boolean {
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

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
  const securityOptions = {
    appOrigin: config.appUrl,
    stripe: config.stripe !== undefined,
    uploadOrigins: config.s3 ? [s3Origin(config.s3)] : [],
  };
  const headers = securityHeaders(securityOptions);
  const { trustProxy } = config;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: {
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: loggableUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // A hop count believes that many proxies nearest the server (Fastify's types take no number).
    trustProxy:
      typeof trustProxy === 'number'
        ? (_address: string, hop: number) => hop < trustProxy
        : trustProxy,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
    // On close, idle keep-alive sockets are dropped (Fastify's default) and in-flight requests finish.
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed or overlong URL is refused before routing, so the error handler never sees it:
    // answer in the error envelope, without echoing the URL as Fastify's default body does.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const message =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'A part of the URL is too long'
          : 'Malformed URL';
      void reply
        .code(error.statusCode ?? 400)
        .header(REQUEST_ID_HEADER, request.id)
        // No onRequest hook runs for these either: the same security headers as every answer.
        .headers(headers)
        .send({ message });
    },
  }).withTypeProvider<ZodTypeProvider>();

  // JSON only: a text/plain body would otherwise reach the schemas as a string.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The hooks that run on every request take a callback: an async hook costs a promise each time.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // Here, before any route or limit can answer, so that an error or a 429 says it too.
    if (SHARE_LINK_PATH.test(request.url)) reply.header('x-robots-tag', SHARE_LINK_ROBOTS);
    done();
  });
  // Before any plugin, so that its request timing sees every route.
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  registerMetrics(app, metrics, { token: config.metricsToken });
  // Once closing, every answer closes its connection: a keep-alive connection whose request was in
  // flight at SIGTERM would otherwise stay open, idle, and hold the shutdown until its timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // PostgreSQL cannot store U+0000 in text (SQLite can): refused in any input, on both databases.
  app.addHook('preValidation', (request, _reply, done) => {
    done(
      holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)
        ? new BadRequest('The request holds a NUL character, which no field accepts')
        : undefined,
    );
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
  await app.register(security, securityOptions);
  // With REDIS_URL the rate limits and upload budgets are counted in Redis, once for all processes
  // (docs/decisions/006); without it, in this process's memory.
  const shared: SharedState | null = config.redis
    ? { redis: createRedis(config.redis.url, app.log), keyPrefix: config.redis.keyPrefix }
    : null;
  if (shared) {
    // Connected before listening, or not (logged by the connection): the site starts either way.
    app.addHook('onReady', async () => {
      await redisConnected(shared.redis);
    });
    app.addHook('onClose', () => closeRedis(shared.redis));
  }
  app.decorate('redis', shared?.redis ?? null);
  await app.register(
    rateLimit,
    shared
      ? {
          global: false,
          store: sharedRateLimitStore({
            redis: shared.redis,
            nameSpace: `${shared.keyPrefix}rate:`,
            secret: deps.sessionSecret,
            log: app.log,
          }),
          // Redis down or slow: the store counts in this process's memory instead (and logs it);
          // should even that fail, the request is served rather than refused.
          skipOnError: true,
          errorResponseBuilder: visitorLimitError,
        }
      : { global: false, errorResponseBuilder: visitorLimitError },
  );
  // Every route's limits per visitor and per address (limits()): before any route.
  await app.register(limits);
  await app.register(cookie, { secret: deps.sessionSecret });
  await app.register(session, {
    sessions: createSessionRepository(database.db),
    secureCookies: config.secureCookies,
  });

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
  await app.register(helpLinesRoutes);
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
  const plannerRepository = createPlannerRepository(database.db);
  const planner = createPlannerService(plannerRepository);
  await app.register(plannerRoutes, { service: planner });
  const safetyKits = createSafetyKitService({
    emergency,
    advisories,
    tripDestinations: async (visitorId) =>
      (await planner.listTrips(visitorId)).map((trip) => trip.destination),
    places: placeNames(DESTINATIONS),
  });
  app.addHook('onClose', () => safetyKits.close());
  await app.register(safetyKitRoutes, { service: safetyKits });
  const calendars = createCalendarService({
    plannerRepository,
    repository: createCalendarRepository(database.db),
    appUrl: config.appUrl,
  });
  app.addHook('onClose', () => calendars.close());
  await app.register(calendarRoutes, { service: calendars });

  const knowledge: AssistantKnowledge = {
    destinations: () => destinations.listOrPopulate(),
    destinationSource: (id) => DESTINATIONS.find((d) => d.id === id),
    advisories: () => advisories.list(),
    emergency,
    helpLines: HELP_LINES,
    trips: planner,
  };
  const builtIn = createBuiltInAssistant(knowledge);
  const assistant = config.ai
    ? createModelAssistant(config.ai, knowledge, builtIn, app.log)
    : builtIn;
  await app.register(chatRoutes, {
    service: createChatService(createChatRepository(database.db), assistant, planner),
  });

  // Background work: on PostgreSQL a queue every process shares, on SQLite this process's own.
  const observer = { onJob: metrics.observeJob };
  const jobs =
    database.kind === 'postgres' && config.databaseUrl
      ? createPgJobQueue(config.databaseUrl, app.log, observer)
      : createInProcessJobQueue(app.log, observer);
  metrics.setQueueDepthSource(() => jobs.depth());
  app.decorate('jobs', jobs);
  // First of the ready hooks, so the others may send jobs; stopped before the database closes.
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());

  const mailer = createQueuedMailer(
    jobs,
    config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(config.dataDir, config.mailFrom, app.log),
    { log: app.log },
  );
  const {
    preloads: mediaPreloads,
    storage,
    media,
    movies,
  } = await registerMedia(app, deps, mailer, {
    metrics,
    jobs,
    shared,
  });
  const retention = createRetentionService({
    repository: createRetentionRepository(database.db),
    removeMedia: async (visitorId) =>
      (await media.removeAll(visitorId)) + (await movies.removeAll(visitorId)),
    emptySessionDays: config.sessionRetention.emptySessionDays,
    retentionDays: config.sessionRetention.retentionDays,
    log: app.log,
  });
  jobs.every(SESSION_SWEEP_JOB, config.sessionRetention.sweepSeconds, async () => {
    await retention.sweep();
  });
  app.decorate('retention', retention);
  registerHealth(app, {
    checks: {
      database: databaseCheck(database.db),
      storage: () => storage.ready(),
      ...(shared ? { redis: redisCheck(shared.redis) } : {}),
    },
  });
  await app.register(tripShareRoutes, {
    service: createTripShareService({
      planner,
      plannerRepository,
      repository: createTripShareRepository(database.db),
      mailer,
      appUrl: config.appUrl,
    }),
  });
  await app.register(betaRoutes, {
    service: createBetaService(createBetaRepository(database.db), {
      appUrl: config.appUrl,
      mailer,
    }),
  });

  await app.register(spa, {
    clientDist: config.clientDist,
    unlistedRoutes: [APP_ROUTES.sharedMedia, APP_ROUTES.sharedTrip],
    pagePreloads: {
      ...mediaPreloads,
      // Only a returning visitor has bookings: a read would start a session to find none.
      [APP_ROUTES.receipt]: async (request, { bookingId }) =>
        bookingId && (await request.findVisitorId()) ? [{ data: bookingApiPath(bookingId) }] : [],
      [APP_ROUTES.sharedTrip]: async (_request, { token }) =>
        token ? [{ data: sharedTripApiPath(token) }] : [],
    },
  });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;

/** Where the browser PUTs uploads when media lives in S3: the endpoint, or AWS's own host. */
function s3Origin(s3: NonNullable<AppDeps['config']['s3']>): string {
  return s3.endpoint
    ? new URL(s3.endpoint).origin
    : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
}

/** The Redis where several processes count together, and what their keys start with. */
interface SharedState {
  redis: Redis;
  keyPrefix: string;
}

/**
 * Deletes sessions by the retention rules (server/features/retention), once per
 * `SESSION_SWEEP_SECONDS` across processes.
 */
const SESSION_SWEEP_JOB = 'session-sweep';

/** Removes expired, never-recorded uploads, once per `UPLOAD_SWEEP_SECONDS` across processes. */
const UPLOAD_SWEEP_JOB = 'upload-sweep';

/** The media gallery: storage (local disk or S3), uploads, thumbnails, movies and share links. */
async function registerMedia(
  app: App,
  deps: AppDeps,
  mailer: Mailer,
  { metrics, jobs, shared }: { metrics: Metrics; jobs: JobQueue; shared: SharedState | null },
) {
  const { config, database } = deps;
  const local = config.s3
    ? undefined
    : createLocalStorage({ dataDir: config.dataDir, secret: deps.sessionSecret });
  const s3 = config.s3 ? createS3Storage(config.s3) : undefined;
  const storage = local ?? s3!;
  if (s3) {
    // Not awaited: an unreachable bucket must not hold up the rest of the site.
    s3.ensureBucket().catch((error: unknown) =>
      app.log.error(
        { err: error },
        'the S3 bucket could not be reached; uploads fail until it can',
      ),
    );
  }
  // ffmpeg is looked for once, at start, and named in the log.
  let tools: ReturnType<typeof locateMediaTools> | undefined;
  const findTools = () => (tools ??= locateMediaTools(config.mediaTools));
  app.addHook('onReady', async () => {
    // Not awaited: the site serves while ffmpeg is looked for.
    void findTools().then((found) => {
      if (found) {
        app.log.info({ ffmpeg: found.ffmpegPath, version: found.version }, 'ffmpeg found');
        if (!found.prlimitPath) {
          app.log.warn(
            'prlimit (util-linux) not found: ffmpeg runs keep their time limit, one thread and the queue, but no CPU or memory limit',
          );
        }
      } else app.log.warn('ffmpeg not found: no thumbnails or travel movies');
    });
  });
  const tempDir = path.join(config.dataDir, 'tmp');
  const repository = createMediaRepository(database.db);
  const ownBudget = createAddressBudget({ bytes: config.mediaHourlyBytesPerAddress });
  const media = createMediaService({
    repository,
    storage,
    tools: findTools,
    tempDir,
    // Partial bodies a crash (SIGKILL, power loss) left mid-upload.
    scratchDirs: local ? [local.incomingDir] : [],
    uploadUrlTtlSeconds: config.uploadUrlTtlSeconds,
    quota: config.mediaQuota,
    diskReserveBytes: config.storageReserveBytes,
    countUploadBytes: metrics.countUploadBytes,
    jobs,
    addressBudget: shared
      ? createRedisAddressBudget({
          redis: shared.redis,
          bytes: config.mediaHourlyBytesPerAddress,
          keyPrefix: `${shared.keyPrefix}upload-budget:`,
          secret: deps.sessionSecret,
          // Redis down or slow: that upload is counted by this process alone.
          fallback: ownBudget,
          log: app.log,
        })
      : ownBudget,
    log: app.log,
  });
  const template = createTemplateWriter();
  const movies = createMovieService({
    repository,
    storage,
    tools: findTools,
    writer: config.ai ? createModelWriter(config.ai, template, app.log) : template,
    tempDir,
    log: app.log,
    jobs,
    addressTag: (address) => sharedKey(deps.sessionSecret, addressKey(address)),
  });
  const shares = createShareService({ repository, mailer, appUrl: config.appUrl });
  await app.register(mediaRoutes, { media, movies, shares });
  if (local) await app.register(localUploadRoutes, { service: media, storage: local });

  jobs.every(UPLOAD_SWEEP_JOB, config.uploadSweepSeconds, async () => {
    const removed = await media.sweep();
    app.log.info({ removed }, 'uploads swept');
  });
  app.addHook('onReady', async () => {
    await media.resume();
    await movies.resume();
  });
  app.decorate('movies', movies);
  return { preloads: mediaPagePreloads({ media, shares }), storage, media, movies };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The movie renderer, so tests can wait for it to finish. */
    movies?: ReturnType<typeof createMovieService>;
    /** The session sweep, so tests can run it at a chosen time. */
    retention?: RetentionService;
    /** The background job queue (tests stop it to keep work from running). */
    jobs?: JobQueue;
    /**
     * The connection to REDIS_URL where the limits are counted, or null without it. Whether it
     * answers: `redisReady(app.redis)` (server/adapters/redis.ts).
     */
    redis: Redis | null;
  }
}
