import path from 'node:path';
import type { Mailer } from '../../adapters/mail/mailer.js';
import {
  createModelWriter,
  createTemplateWriter,
} from '../../adapters/media-tools/movie-script.js';
import { locateMediaTools, type MediaTools } from '../../adapters/media-tools/tools.js';
import { sharedKey } from '../../adapters/redis.js';
import { createLocalStorage, type LocalStorage } from '../../adapters/storage/local.js';
import type { MediaStorage } from '../../adapters/storage/types.js';
import { addressKey } from '../../client-address.js';
import type { AppContext } from '../../context.js';
import type { HttpServer } from '../../http-server.js';
import type { JobQueue } from '../../jobs.js';
import type { Metrics } from '../../metrics.js';
import type { SharedState } from '../../plugins/shared-limits.js';
import type { PagePreloads } from '../../plugins/spa.js';
import { createGalleryService } from './gallery.js';
import { createMovieService } from './movies.js';
import { mediaPagePreloads } from './page-preloads.js';
import { createMediaRepository } from './repository.js';
import { mediaRoutes } from './routes.js';
import { clearOldScratch } from './scratch.js';
import { createShareService } from './shares.js';
import { createThumbnailJob } from './thumbnails.js';
import {
  createAddressBudget,
  createRedisAddressBudget,
  type AddressBudget,
} from './uploads/address-budget.js';
import { localUploadRoutes } from './uploads/routes.js';
import { createUploadService } from './uploads/service.js';

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

/**
 * The media gallery: storage (local disk or S3), uploads (./uploads), the gallery, thumbnails,
 * movies and share links; the upload sweep, and the thumbnails and renders a stopped process left.
 */
export async function registerMedia(
  app: HttpServer,
  deps: AppContext,
  { metrics, jobs, shared, mailer }: MediaNeeds,
): Promise<Media> {
  const { config, database } = deps;
  const { storage, local } = await openStorage(app, deps);
  const tools = lookForTools(app, deps);
  const tempDir = path.join(config.dataDir, 'tmp');
  const repository = createMediaRepository(database.db);
  const log = app.log;
  const thumbnails = createThumbnailJob({ repository, storage, tools, tempDir, jobs, log });
  const uploads = createUploadService({
    repository,
    storage,
    local,
    tools,
    tempDir,
    uploadUrlTtlSeconds: config.uploadUrlTtlSeconds,
    quota: config.mediaQuota,
    diskReserveBytes: config.storageReserveBytes,
    addressBudget: uploadBudget(app, deps, shared),
    countUploadBytes: metrics.countUploadBytes,
    thumbnails,
    log,
  });
  const gallery = createGalleryService({ repository, storage });
  const template = createTemplateWriter();
  const movies = createMovieService({
    repository,
    storage,
    tools,
    writer: config.ai ? createModelWriter(config.ai, template, log) : template,
    tempDir,
    log,
    jobs,
    addressTag: (address) => sharedKey(deps.sessionSecret, addressKey(address)),
  });
  const shares = createShareService({ repository, mailer, appUrl: config.appUrl });
  await app.register(mediaRoutes, { storage, uploads, gallery, movies, shares });
  if (local) await app.register(localUploadRoutes, { uploads });

  jobs.every(UPLOAD_SWEEP_JOB, config.uploadSweepSeconds, async () => {
    const removed = await uploads.sweep();
    // Partial bodies a crash (SIGKILL, power loss) left mid-upload, besides the scratch space.
    await clearOldScratch([tempDir, ...(local ? [local.incomingDir] : [])]);
    app.log.info({ removed }, 'uploads swept');
  });
  app.addHook('onReady', async () => {
    await thumbnails.resume();
    await movies.resume();
  });
  app.decorate('movies', movies);
  return {
    storage,
    removeVisitorMedia: async (visitorId) => {
      const files = await gallery.removeAll(visitorId);
      await uploads.removeAll(visitorId);
      return files + (await movies.removeAll(visitorId));
    },
    pagePreloads: mediaPagePreloads({ gallery, shares }),
  };
}

/**
 * Local disk under DATA_DIR, or the S3 bucket when S3_BUCKET is set. The AWS SDK is loaded only
 * then: a start without S3 does not pay for it (docs/quality.md, cold start).
 */
async function openStorage(
  app: HttpServer,
  { config, sessionSecret }: AppContext,
): Promise<{ storage: MediaStorage; local?: LocalStorage }> {
  if (!config.s3) {
    const local = createLocalStorage({ dataDir: config.dataDir, secret: sessionSecret });
    return { storage: local, local };
  }
  const { createS3Storage } = await import('../../adapters/storage/s3.js');
  const s3 = createS3Storage(config.s3);
  // Not awaited: an unreachable bucket must not hold up the rest of the site.
  s3.ensureBucket().catch((error: unknown) =>
    app.log.error({ err: error }, 'the S3 bucket could not be reached; uploads fail until it can'),
  );
  return { storage: s3 };
}

/** ffmpeg is looked for once, at start, and named in the log. */
function lookForTools(app: HttpServer, { config }: AppContext): () => Promise<MediaTools | null> {
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
  return findTools;
}

/** The bytes of uploads one address may ask for in an hour: in Redis when there is one. */
function uploadBudget(
  app: HttpServer,
  { config, sessionSecret }: AppContext,
  shared: SharedState | null,
): AddressBudget {
  const ownBudget = createAddressBudget({ bytes: config.mediaHourlyBytesPerAddress });
  return shared
    ? createRedisAddressBudget({
        redis: shared.redis,
        bytes: config.mediaHourlyBytesPerAddress,
        keyPrefix: `${shared.keyPrefix}upload-budget:`,
        secret: sessionSecret,
        // Redis down or slow: that upload is counted by this process alone.
        fallback: ownBudget,
        log: app.log,
      })
    : ownBudget;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The movie renderer, so tests can wait for it to finish. */
    movies?: ReturnType<typeof createMovieService>;
  }
}
