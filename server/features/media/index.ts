import path from 'node:path';
import type { Mailer } from '../../adapters/mail/mailer.js';
import { createModelWriter, createTemplateWriter } from '../../adapters/movie/script.js';
import { locateMediaTools } from '../../adapters/movie/tools.js';
import { sharedKey } from '../../adapters/redis.js';
import { createLocalStorage } from '../../adapters/storage/local.js';
import { createS3Storage } from '../../adapters/storage/s3.js';
import type { MediaStorage } from '../../adapters/storage/types.js';
import { addressKey } from '../../client-address.js';
import type { AppContext } from '../../context.js';
import type { HttpServer } from '../../http-server.js';
import type { JobQueue } from '../../jobs.js';
import type { Metrics } from '../../metrics.js';
import type { SharedState } from '../../plugins/shared-limits.js';
import type { PagePreloads } from '../../plugins/spa.js';
import { createAddressBudget, createRedisAddressBudget } from './address-budget.js';
import { createMovieService } from './movies.js';
import { mediaPagePreloads } from './page-preloads.js';
import { createMediaRepository } from './repository.js';
import { mediaRoutes } from './routes.js';
import { createMediaService } from './service.js';
import { createShareService } from './shares.js';
import { localUploadRoutes } from './upload-routes.js';

/** Removes expired, never-recorded uploads, once per `UPLOAD_SWEEP_SECONDS` across processes. */
const UPLOAD_SWEEP_JOB = 'upload-sweep';

/** What the media feature needs of the rest of the app. */
export interface MediaNeeds {
  jobs: JobQueue;
  mailer: Mailer;
  metrics: Metrics;
  shared: SharedState | null;
}

/** What the media feature gives the rest of the app. */
export interface Media {
  /** Where the bytes are, for the readiness check. */
  storage: MediaStorage;
  /** Deletes every file, upload and movie of a visitor (retention); answers how many went. */
  removeVisitorMedia: (visitorId: string) => Promise<number>;
  pagePreloads: PagePreloads;
}

/** The media gallery: storage (local disk or S3), uploads, thumbnails, movies and share links. */
export async function registerMedia(
  app: HttpServer,
  deps: AppContext,
  { metrics, jobs, shared, mailer }: MediaNeeds,
): Promise<Media> {
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
  return {
    storage,
    removeVisitorMedia: async (visitorId) =>
      (await media.removeAll(visitorId)) + (await movies.removeAll(visitorId)),
    pagePreloads: mediaPagePreloads({ media, shares }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The movie renderer, so tests can wait for it to finish. */
    movies?: ReturnType<typeof createMovieService>;
  }
}
