import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { MAX_MEDIA_PIXELS, mediaKind, type MediaKind } from '../../../contracts/media.js';
import { readMetadata, type MediaMetadata } from '../../adapters/media-tools/metadata.js';
import { SHARED_WORK_KEY } from '../../adapters/media-tools/runner.js';
import { makeThumbnail } from '../../adapters/media-tools/thumbnail.js';
import type { MediaTools } from '../../adapters/media-tools/tools.js';
import type { MediaStorage } from '../../adapters/storage/types.js';
import type { JobQueue } from '../../jobs.js';
import { thumbnailKeyOf, type MediaLogger } from './gallery.js';
import type { MediaFileRow, MediaRepository } from './repository.js';
import { withLocalFile } from './scratch.js';

/** Thumbnails and metadata of one file may take this long before the file is listed without them. */
const PROCESS_TIMEOUT_MS = 30_000;
/** The job that reads a recorded file's capture time and place and makes its thumbnail. */
export const DESCRIBE_JOB = 'media-describe';
/**
 * How long recording an upload waits for that job before it answers: most files are read well
 * within it, so the answer has the thumbnail; a slower one is listed as processing meanwhile.
 */
const RECORD_WAIT_MS = 10_000;
/** Files left unread by a stopped process that a start sends to the queue again, at most. */
const RESUME_BATCH = 1000;

/** What the describe job is told of a file its record already read (one probe per file). */
export interface DescribeJob {
  fileId: string;
  /** Whose turn in the media work queue (the uploader's address key). */
  workKey?: string;
  /** Set when the record read the file's metadata: the job then only makes the thumbnail. */
  inspected?: { durationSeconds: number | null };
}

export interface ThumbnailDeps {
  repository: MediaRepository;
  storage: MediaStorage;
  /** ffmpeg and ffprobe, or null where they cannot run (then no thumbnails or capture times). */
  tools: () => Promise<MediaTools | null>;
  /** Scratch space for copies of stored files (S3) and made thumbnails. */
  tempDir: string;
  /** Where thumbnails are made: a job per file, by whichever process takes it. */
  jobs: JobQueue;
  log: MediaLogger;
}

/** The columns a file's metadata fills. */
export function placeAndTime(metadata: MediaMetadata) {
  return {
    capturedAt: metadata.capturedAt?.toISOString() ?? null,
    latitude: metadata.latitude,
    longitude: metadata.longitude,
  };
}

/**
 * Thumbnails (docs/decisions/007, 010): the `media-describe` job of each recorded file, which makes
 * its thumbnail (and reads its capture time and place where the record did not), and marks the
 * file described either way. Defines the job on the queue.
 */
export function createThumbnailJob(deps: ThumbnailDeps) {
  const { repository, log } = deps;
  deps.jobs.define<DescribeJob>({
    name: DESCRIBE_JOB,
    handler: async (job, { signal }) => {
      const row = await repository.getFileById(job.fileId);
      if (row && !row.describedAt) await describeFile(deps, row, job, signal);
    },
    onePerKey: true,
    concurrency: 2,
    retryLimit: 2,
    retryDelaySeconds: 10,
    expireInSeconds: 2 * (PROCESS_TIMEOUT_MS / 1000),
  });

  /**
   * Asks the queue to read a file; one that cannot be asked now (the queue stopping, or its
   * database not answering) is asked at the next start. Whether the queue took it.
   */
  async function send(job: DescribeJob): Promise<boolean> {
    const { fileId } = job;
    return deps.jobs.send(DESCRIBE_JOB, job, { key: fileId }).then(
      () => true,
      (error: unknown) => {
        log.warn({ err: error, mediaId: fileId }, 'thumbnail job not queued; sent at next start');
        return false;
      },
    );
  }

  return {
    send,

    /** The row once read, or as it is when `RECORD_WAIT_MS` has passed. */
    async whenDescribed(row: MediaFileRow): Promise<MediaFileRow> {
      const deadline = Date.now() + RECORD_WAIT_MS;
      let latest = row;
      while (latest.describedAt === null && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        latest = (await repository.getFileById(row.id)) ?? latest;
      }
      return latest;
    },

    /** Sends the files a stopped process left unread to the queue again (at start). */
    async resume(): Promise<void> {
      for (const fileId of await repository.undescribedFileIds(RESUME_BATCH)) {
        await send({ fileId });
      }
    },
  };
}
export type ThumbnailJob = ReturnType<typeof createThumbnailJob>;

/**
 * A thumbnail, and the capture time and place where the record did not read them (files left
 * unread by an older version); a file that cannot be read is still listed, without them.
 * Throws only when `signal` stops it (the process stopping), so the job is tried again.
 */
async function describeFile(
  deps: ThumbnailDeps,
  row: MediaFileRow,
  job: DescribeJob,
  signal: AbortSignal,
): Promise<void> {
  const { log } = deps;
  const thumbnailKey = thumbnailKeyOf(row.id);
  const tools = await deps.tools();
  const abort = new AbortController();
  const stop = () => abort.abort();
  signal.addEventListener('abort', stop);
  const work = readFile(deps, row, job, tools, { abort: abort.signal, signal });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), PROCESS_TIMEOUT_MS);
  });
  let changes: Partial<MediaFileRow> = {};
  try {
    const result = await Promise.race([work, timeout]);
    signal.throwIfAborted();
    if (!result) {
      abort.abort();
      log.warn({ mediaId: row.id }, 'reading the file took too long; listed without a thumbnail');
    } else {
      changes = {
        ...(result.metadata ? placeAndTime(result.metadata) : {}),
        thumbnailKey: result.madeThumbnail ? thumbnailKey : null,
      };
    }
  } catch (error) {
    signal.throwIfAborted();
    log.warn({ err: error, mediaId: row.id }, 'the file could not be read for its metadata');
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', stop);
  }
  const kept = await deps.repository.updateFile(row.id, {
    ...changes,
    describedAt: new Date().toISOString(),
  });
  // Deleted while it was read: its thumbnail goes too.
  if (!kept && changes.thumbnailKey) await deps.storage.delete(thumbnailKey);
}

/** Aborts this file's work (`abort`: its timeout or the process stopping), or stops the job. */
interface Signals {
  abort: AbortSignal;
  signal: AbortSignal;
}

/** On a local copy of the file: its metadata unless the record read it, then its thumbnail. */
function readFile(
  deps: ThumbnailDeps,
  row: MediaFileRow,
  job: DescribeJob,
  tools: MediaTools | null,
  signals: Signals,
): Promise<{ metadata: MediaMetadata | null; madeThumbnail: boolean }> {
  const kind = mediaKind(row.fileType);
  const workKey = job.workKey ?? SHARED_WORK_KEY;
  return withLocalFile(deps.storage, deps.tempDir, row.objectKey, async (file) => {
    const metadata =
      kind && !job.inspected
        ? await readMetadata(tools, file, kind, { workKey, signal: signals.abort })
        : null;
    const oversized =
      metadata?.width && metadata.height && metadata.width * metadata.height > MAX_MEDIA_PIXELS;
    let madeThumbnail = false;
    if (tools && kind && !oversized) {
      const durationSeconds = job.inspected?.durationSeconds ?? metadata?.durationSeconds;
      madeThumbnail = await storeThumbnail(deps, row, file, {
        tools,
        kind,
        workKey,
        durationSeconds,
        signals,
      });
    }
    return { metadata, madeThumbnail };
  });
}

/** Makes the file's thumbnail in scratch space and stores it; false (logged) when it could not. */
async function storeThumbnail(
  deps: ThumbnailDeps,
  row: MediaFileRow,
  file: string,
  options: {
    tools: MediaTools;
    kind: MediaKind;
    workKey: string;
    durationSeconds: number | null | undefined;
    signals: Signals;
  },
): Promise<boolean> {
  const { abort, signal } = options.signals;
  await mkdir(deps.tempDir, { recursive: true });
  const dir = await mkdtemp(path.join(deps.tempDir, 'thumb-'));
  try {
    const out = path.join(dir, 'thumbnail.jpg');
    await makeThumbnail(options.tools, file, options.kind, out, {
      signal: abort,
      workKey: options.workKey,
      durationSeconds: options.durationSeconds,
    });
    abort.throwIfAborted();
    await deps.storage.putFile(thumbnailKeyOf(row.id), out, 'image/jpeg');
    return true;
  } catch (error) {
    if (!signal.aborted)
      deps.log.warn({ err: error, mediaId: row.id }, 'thumbnail could not be made');
    return false;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
