import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  MAX_MEDIA_MEGAPIXELS,
  MAX_MEDIA_PIXELS,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_FILES,
  MEDIA_QUOTA_BYTES,
  MEDIA_QUOTA_FILES,
  UPLOAD_URL_TTL_SECONDS,
  mediaKind,
  type MediaFile,
  type RecordMedia,
  type UploadRequest,
  type UploadTicket,
} from '../../../contracts/media.js';
import type { JobQueue } from '../../jobs.js';
import type { MediaTools } from '../../adapters/movie/tools.js';
import { inspectMedia, readMetadata, type MediaMetadata } from '../../adapters/movie/metadata.js';
import {
  MediaQueueBusy,
  MediaToolLimitError,
  SHARED_WORK_KEY,
} from '../../adapters/movie/runner.js';
import { makeThumbnail } from '../../adapters/movie/thumbnail.js';
import { NotFoundInStorage, type MediaStorage } from '../../adapters/storage/types.js';
import {
  AppError,
  BadRequest,
  NotFound,
  PayloadTooLarge,
  ServiceUnavailable,
  TooManyRequests,
} from '../../errors.js';
import { addressKey } from '../../client-address.js';
import type { AddressBudget } from './address-budget.js';
import { MAGIC_BYTES, checkFileKind, downloadName } from './file-kind.js';
import type { MediaFileRow, MediaRepository, UploadRow } from './repository.js';

/** A recorded upload may be listed this long after its URL expired (a slow last PUT). */
const RECORD_GRACE_MS = 60 * 60 * 1000;
/** Scratch files older than this are leftovers of a crash: no upload or render takes so long. */
const SCRATCH_MAX_AGE_MS = 6 * 60 * 60 * 1000;
/** Tickets removed per query by the sweep, which loops until none are left. */
const SWEEP_BATCH = 500;
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
/** Files read per query when all of a visitor's are removed. */
const REMOVE_BATCH = 100;

export class UnsupportedMediaType extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}

/** A real image or video the site will not process: too many pixels, or too costly to read. */
export class MediaRefused extends AppError {
  constructor(message: string) {
    super(422, message);
  }
}

/** What the describe job is told of a file its record already read (one probe per file). */
interface DescribeJob {
  fileId: string;
  /** Whose turn in the media work queue (the uploader's address key). */
  workKey?: string;
  /** Set when the record read the file's metadata: the job then only makes the thumbnail. */
  inspected?: { durationSeconds: number | null };
}

const megapixels = (pixels: number) => `${Number((pixels / 1_000_000).toFixed(1))} megapixels`;

/** The limit a reading of the file went past, in the words of the refusal. */
function limitWords(error: MediaToolLimitError): string {
  const { limit, limits } = error;
  return limit === 'memory'
    ? `${Math.round(limits.memoryBytes / 1024 ** 2)} MB of memory`
    : `${limit === 'cpu' ? limits.cpuSeconds : limits.timeoutMs / 1000} seconds`;
}

export interface MediaLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface MediaServiceDeps {
  repository: MediaRepository;
  storage: MediaStorage;
  /** ffmpeg and ffprobe, or null where they cannot run (then no thumbnails or capture times). */
  tools: () => Promise<MediaTools | null>;
  /** Scratch space for copies of stored files (S3) and made thumbnails. */
  tempDir: string;
  /** Other scratch folders to clear of old leftovers (local storage's incoming uploads). */
  scratchDirs?: string[];
  /** How long an upload URL may be used, its PUT included (UPLOAD_URL_TTL_SECONDS by default). */
  uploadUrlTtlSeconds?: number;
  /** What one visitor's gallery may hold (contracts' MEDIA_QUOTA_* unless set). */
  quota?: { bytes: number; files: number };
  /** Disk space an upload to storage on this machine must leave free (none kept when unset). */
  diskReserveBytes?: number;
  /** Bytes of uploads one client address may ask for in an hour (none counted when unset). */
  addressBudget?: AddressBudget;
  /** Told the size of each upload accepted into a gallery (the upload bytes metric). */
  countUploadBytes?: (bytes: number) => void;
  /** Where thumbnails are made: a job per file, by whichever process takes it. */
  jobs: JobQueue;
  log: MediaLogger;
}

/** A quota in the units people read: GB from 1 GB up, else MB. */
function quotaSize(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  return gb >= 1 ? `${Number(gb.toFixed(1))} GB` : `${Number((bytes / 1024 ** 2).toFixed(1))} MB`;
}

const thumbnailKeyOf = (id: string) => `thumbnails/${id}.jpg`;
export const contentUrlOf = (id: string) => `/api/media/${id}/content`;
export const thumbnailUrlOf = (id: string) => `/api/media/${id}/thumbnail`;

/** The columns a file's metadata fills. */
function placeAndTime(metadata: MediaMetadata) {
  return {
    capturedAt: metadata.capturedAt?.toISOString() ?? null,
    latitude: metadata.latitude,
    longitude: metadata.longitude,
  };
}

export function toMediaFile(row: MediaFileRow): MediaFile {
  return {
    id: row.id,
    fileName: row.fileName,
    fileType: row.fileType,
    fileSize: row.fileSize === null ? null : Number(row.fileSize),
    uploadedAt: row.uploadedAt,
    description: row.description,
    capturedAt: row.capturedAt,
    contentUrl: contentUrlOf(row.id),
    thumbnailUrl: row.thumbnailKey ? thumbnailUrlOf(row.id) : null,
    processing: row.describedAt === null,
  };
}

/** One stored object to send: its bytes' key, size and type. */
export interface StoredContent {
  key: string;
  /** Bytes, or null to ask storage. */
  size: number | null;
  contentType: string;
  /** The name a download gets. */
  fileName: string;
}

/**
 * Runs `work` with the object as a file on this machine: the stored file itself on local disk, else
 * a temporary copy that is removed afterwards.
 */
export async function withLocalFile<T>(
  storage: MediaStorage,
  tempDir: string,
  key: string,
  work: (filePath: string) => Promise<T>,
): Promise<T> {
  if (storage.localPath) return work(storage.localPath(key));
  await mkdir(tempDir, { recursive: true });
  const dir = await mkdtemp(path.join(tempDir, 'copy-'));
  try {
    const file = path.join(dir, 'object');
    await pipeline(await storage.read(key), createWriteStream(file));
    return await work(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function createMediaService(deps: MediaServiceDeps) {
  const { repository, storage, log } = deps;
  const quota = deps.quota ?? { bytes: MEDIA_QUOTA_BYTES, files: MEDIA_QUOTA_FILES };

  /**
   * Refuses a file that would take the visitor's gallery past its quota: checked when the upload is
   * asked for (with the size the browser declares) and again when it is recorded (with the size
   * stored), since a declared size can be missing or wrong. Two records racing each other may pass
   * together, so a gallery can go over by the few uploads one visitor can have open at once.
   */
  async function assertRoom(visitorId: string, bytes: number): Promise<void> {
    const usage = await repository.usage(visitorId);
    if (usage.files + 1 > quota.files || usage.bytes + bytes > quota.bytes) {
      throw new PayloadTooLarge(
        `Your gallery is full: it holds up to ${quota.files} ${quota.files === 1 ? 'file' : 'files'} and ${quotaSize(quota.bytes)}. Delete some files to upload more.`,
      );
    }
  }

  /**
   * Refuses an upload of `bytes` that would leave the disk under its reserve (local storage only):
   * a full disk would stop the database too, and every booking and trip with it. Checked when the
   * upload is asked for and again before its body is written, since other uploads may have
   * filled the disk in between; a refusal is for now, and the same upload URL may be tried again.
   */
  async function assertDiskRoom(bytes: number): Promise<void> {
    if (!storage.freeBytes) return;
    const reserve = deps.diskReserveBytes ?? 0;
    const free = await storage.freeBytes();
    if (free - bytes >= reserve) return;
    log.warn(
      { freeBytes: free, uploadBytes: bytes, reserveBytes: reserve },
      'disk nearly full: upload refused',
    );
    throw new ServiceUnavailable(
      'The site has no room for new uploads right now. Nothing was uploaded; please try again later.',
    );
  }

  /** Null: a visitor with no stored session, who has no files. */
  /** Objects first (deleting is idempotent), so a failure leaves the file listed, not orphaned. */
  async function removeFile(row: MediaFileRow): Promise<boolean> {
    await storage.delete(row.objectKey);
    await storage.delete(thumbnailKeyOf(row.id));
    return (await repository.deleteFile(row.visitorId, row.id)) !== undefined;
  }

  async function ownFile(visitorId: string | null, id: string): Promise<MediaFileRow> {
    const row = visitorId ? await repository.getFile(visitorId, id) : undefined;
    if (!row) throw new NotFound('Media file not found');
    return row;
  }

  /**
   * A thumbnail, and the capture time and place where the record did not read them (files left
   * unread by an older version); a file that cannot be read is still listed, without them.
   * Throws only when `signal` stops it (the process stopping), so the job is tried again.
   */
  async function describeFile(
    row: MediaFileRow,
    job: DescribeJob,
    signal: AbortSignal,
  ): Promise<void> {
    const tools = await deps.tools();
    const kind = mediaKind(row.fileType);
    const thumbnailKey = thumbnailKeyOf(row.id);
    const workKey = job.workKey ?? SHARED_WORK_KEY;
    const abort = new AbortController();
    const stop = () => abort.abort();
    signal.addEventListener('abort', stop);
    const work = withLocalFile(storage, deps.tempDir, row.objectKey, async (file) => {
      const metadata =
        kind && !job.inspected
          ? await readMetadata(tools, file, kind, { workKey, signal: abort.signal })
          : null;
      const oversized =
        metadata?.width && metadata.height && metadata.width * metadata.height > MAX_MEDIA_PIXELS;
      let madeThumbnail = false;
      if (tools && kind && !oversized) {
        await mkdir(deps.tempDir, { recursive: true });
        const dir = await mkdtemp(path.join(deps.tempDir, 'thumb-'));
        try {
          const out = path.join(dir, 'thumbnail.jpg');
          await makeThumbnail(tools, file, kind, out, {
            signal: abort.signal,
            workKey,
            durationSeconds: job.inspected?.durationSeconds ?? metadata?.durationSeconds,
          });
          abort.signal.throwIfAborted();
          await storage.putFile(thumbnailKey, out, 'image/jpeg');
          madeThumbnail = true;
        } catch (error) {
          if (!signal.aborted)
            log.warn({ err: error, mediaId: row.id }, 'thumbnail could not be made');
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      }
      return { metadata, madeThumbnail };
    });
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
    const kept = await repository.updateFile(row.id, {
      ...changes,
      describedAt: new Date().toISOString(),
    });
    // Deleted while it was read: its thumbnail goes too.
    if (!kept && changes.thumbnailKey) await storage.delete(thumbnailKey);
  }

  /**
   * Reads an upload's size, time and place before it is listed, decoding nothing, and refuses a
   * picture over MAX_MEDIA_PIXELS or a file whose one probe went past its limits (a tag bomb):
   * the refusal reaches the uploader, and nothing is kept. A file ffprobe cannot read at all is
   * listed as before, without them. Null where the site has no ffmpeg and the file is a video.
   */
  async function inspectUpload(
    ticketId: string,
    key: string,
    fileType: string,
    workKey: string,
  ): Promise<MediaMetadata | null> {
    const kind = mediaKind(fileType);
    if (!kind) return null;
    const tools = await deps.tools();
    let metadata: MediaMetadata;
    try {
      metadata = await withLocalFile(storage, deps.tempDir, key, (file) =>
        inspectMedia(tools, file, kind, { workKey }),
      );
    } catch (error) {
      if (error instanceof MediaQueueBusy) {
        // Kept: the same upload can be recorded again in a moment.
        throw new ServiceUnavailable(
          'Many photos and videos are being read right now. Your upload is kept; record it again in a minute.',
        );
      }
      if (error instanceof MediaToolLimitError) {
        log.warn(
          { uploadId: ticketId, limit: error.limit, stderr: error.stderrTail.slice(-300) },
          'upload refused: reading it went past a limit',
        );
        await forget(ticketId, key);
        throw new MediaRefused(
          `This ${kind === 'image' ? 'photo' : 'video'} could not be read within the site's limit of ${limitWords(error)}, so it was not kept. It may be damaged, or carry far more metadata than photos and videos do.`,
        );
      }
      throw error;
    }
    const { width, height } = metadata;
    if (width && height && width * height > MAX_MEDIA_PIXELS) {
      await forget(ticketId, key);
      throw new MediaRefused(
        `This ${kind === 'image' ? 'photo' : "video's picture"} is ${width} × ${height} pixels (${megapixels(width * height)}); photos and videos can be at most ${MAX_MEDIA_MEGAPIXELS} megapixels, so it was not kept.`,
      );
    }
    return metadata;
  }

  deps.jobs.define<DescribeJob>({
    name: DESCRIBE_JOB,
    handler: async (job, { signal }) => {
      const row = await repository.getFileById(job.fileId);
      if (row && !row.describedAt) await describeFile(row, job, signal);
    },
    onePerKey: true,
    concurrency: 2,
    retryLimit: 2,
    retryDelaySeconds: 10,
    expireInSeconds: 2 * (PROCESS_TIMEOUT_MS / 1000),
  });

  /** Asks the queue to read a file; one that cannot be asked now is asked at the next start. */
  async function sendDescribe(job: DescribeJob): Promise<void> {
    const { fileId } = job;
    await deps.jobs
      .send(DESCRIBE_JOB, job, { key: fileId })
      .catch((error: unknown) =>
        log.warn({ err: error, mediaId: fileId }, 'thumbnail job not queued; sent at next start'),
      );
  }

  /** The row once read, or as it is when `RECORD_WAIT_MS` has passed. */
  async function whenDescribed(row: MediaFileRow): Promise<MediaFileRow> {
    const deadline = Date.now() + RECORD_WAIT_MS;
    let latest = row;
    while (latest.describedAt === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      latest = (await repository.getFileById(row.id)) ?? latest;
    }
    return latest;
  }

  /** Removes an object and the ticket that let it in: a refused upload leaves nothing behind. */
  async function forget(uploadId: string, key: string): Promise<void> {
    await storage.delete(key);
    await repository.deleteUpload(uploadId);
  }

  /** An upload ticket, and its object unless that is a listed file's. */
  async function removeTicket(ticket: UploadRow): Promise<void> {
    // A recorded local upload wrote the served file itself: only its ticket goes. Anything at an
    // incoming key (a replayed S3 URL) is not served and goes too.
    if (ticket.status === 'recorded' && !ticket.objectKey.startsWith('incoming/')) {
      await repository.deleteUpload(ticket.id);
    } else {
      await forget(ticket.id, ticket.objectKey);
    }
  }

  return {
    storage,

    /** `POST /api/media/upload`: one URL for one PUT of one image or video. */
    async createUpload(
      visitorId: string,
      request: UploadRequest,
      clientAddress?: string,
    ): Promise<UploadTicket> {
      if (
        storage.kind === 's3' &&
        (request.fileType === undefined || request.fileSize === undefined)
      ) {
        // S3 signs the type and the length into the URL, so both must be known now.
        throw new BadRequest('fileType and fileSize are required to upload', [
          ...(request.fileType === undefined
            ? [{ path: 'fileType', message: 'fileType is required' }]
            : []),
          ...(request.fileSize === undefined
            ? [{ path: 'fileSize', message: 'fileSize is required' }]
            : []),
        ]);
      }
      await assertRoom(visitorId, request.fileSize ?? 0);
      const bytes = request.fileSize ?? MAX_UPLOAD_BYTES;
      await assertDiskRoom(bytes);
      // Counted last, so a refusal above does not use up the address's hour.
      const wait = clientAddress
        ? ((await deps.addressBudget?.take(clientAddress, bytes)) ?? 0)
        : 0;
      if (wait > 0) {
        throw new TooManyRequests(
          `Too many uploads from your network in the last hour. Please try again in ${Math.ceil(wait / 60)} ${wait <= 60 ? 'minute' : 'minutes'}.`,
          wait,
        );
      }
      const id = randomUUID();
      // Local upload URLs work once and write the served key; S3 ones can be replayed until they
      // expire, so they write a key that is never served (see record).
      const key = storage.promote ? `incoming/${id}` : `media/${id}`;
      const now = new Date();
      const target = await storage.createUploadTarget({
        key,
        ticketId: id,
        visitorId,
        contentType: request.fileType,
        size: request.fileSize,
        maxBytes: MAX_UPLOAD_BYTES,
        expiresInSeconds: deps.uploadUrlTtlSeconds ?? UPLOAD_URL_TTL_SECONDS,
      });
      await repository.insertUpload({
        id,
        visitorId,
        objectKey: key,
        declaredType: request.fileType ?? null,
        declaredSize: request.fileSize ?? null,
        status: 'pending',
        storedType: null,
        storedSize: null,
        createdAt: now.toISOString(),
        expiresAt: target.expiresAt.toISOString(),
      });
      await repository.supersedeOldUploads(visitorId, MAX_UPLOAD_FILES);
      return {
        uploadURL: target.url,
        method: 'PUT',
        headers: target.headers,
        expiresAt: target.expiresAt.toISOString(),
      };
    },

    /** Before a local PUT's body is written: there is still room on the disk for `bytes`. */
    assertDiskRoom,

    /**
     * After a local PUT has streamed to a temporary file: checks the bytes, then moves the file into
     * place and marks the ticket stored. Throws (after discarding the file and the ticket) otherwise.
     */
    async acceptLocalUpload(
      ticketId: string,
      contentType: string,
      received: {
        size: number;
        head: Buffer;
        commit(key: string, type: string): Promise<void>;
        discard(): Promise<void>;
      },
      key: string,
    ): Promise<void> {
      const check = await checkFileKind(received.head, contentType);
      if (!check.ok) {
        await received.discard();
        await repository.deleteUpload(ticketId);
        throw new UnsupportedMediaType(check.message);
      }
      const marked = await repository.markStored(ticketId, contentType, received.size);
      if (!marked) {
        await received.discard();
        throw new AppError(403, 'This upload link has already been used');
      }
      try {
        await received.commit(key, contentType);
      } catch (error) {
        await received.discard();
        await repository.deleteUpload(ticketId);
        throw error;
      }
    },

    findTicket: (id: string) => repository.findUpload(id),

    /** Drops a ticket whose PUT was refused (too large, wrong type): the URL is spent. */
    async refuseUpload(ticketId: string): Promise<void> {
      await repository.deleteUpload(ticketId);
    },

    /** `PUT /api/media`: lists a completed upload of this visitor, checked against what is stored. */
    async record(
      visitorId: string,
      input: RecordMedia,
      clientAddress?: string,
    ): Promise<MediaFile> {
      const key = storage.keyFromUrl(input.mediaURL);
      const ticket = key ? await repository.findVisitorUploadByKey(visitorId, key) : undefined;
      if (!key || !ticket || ticket.status === 'superseded') {
        throw new BadRequest('mediaURL is not an upload of yours that can be recorded', [
          { path: 'mediaURL', message: 'Not an upload of yours that can be recorded' },
        ]);
      }
      if (ticket.status === 'recorded') {
        throw new BadRequest('This upload has already been recorded', [
          { path: 'mediaURL', message: 'Already recorded' },
        ]);
      }
      if (Date.parse(ticket.expiresAt) + RECORD_GRACE_MS < Date.now()) {
        await forget(ticket.id, key);
        throw new BadRequest('This upload has expired; upload the file again', [
          { path: 'mediaURL', message: 'The upload has expired' },
        ]);
      }
      // What is really in storage: the local PUT checked it already, S3 is checked now.
      const head = await storage.head(key);
      if (!head) {
        throw new BadRequest('Nothing was uploaded to mediaURL yet', [
          { path: 'mediaURL', message: 'The upload has not completed' },
        ]);
      }
      let storedType = head.contentType;
      const storedSize = head.size;
      if (ticket.status === 'stored' && ticket.storedType) {
        storedType = ticket.storedType;
      } else {
        const check = await checkFileKind(
          await storage.readStart(key, MAGIC_BYTES),
          head.contentType,
        );
        if (!check.ok) {
          await forget(ticket.id, key);
          throw new UnsupportedMediaType(check.message);
        }
      }
      const mismatch = [
        ...(storedSize !== input.fileSize
          ? [
              {
                path: 'fileSize',
                message: `fileSize is not the uploaded size (${storedSize} bytes)`,
              },
            ]
          : []),
        ...(storedType !== input.fileType
          ? [{ path: 'fileType', message: `fileType is not the uploaded type (${storedType})` }]
          : []),
      ];
      if (mismatch.length > 0) {
        await forget(ticket.id, key);
        throw new BadRequest(mismatch[0]!.message, mismatch);
      }
      try {
        await assertRoom(visitorId, storedSize);
      } catch (error) {
        await forget(ticket.id, key);
        throw error;
      }
      const workKey = clientAddress ? addressKey(clientAddress) : SHARED_WORK_KEY;
      const metadata = await inspectUpload(ticket.id, key, storedType, workKey);
      const servedKey = `media/${ticket.id}`;
      if (key !== servedKey && storage.promote) {
        try {
          await storage.promote(key, servedKey, head.etag);
        } catch (error) {
          log.warn({ err: error, uploadId: ticket.id }, 'upload changed while it was checked');
          await forget(ticket.id, key);
          throw new BadRequest('The upload changed while it was being checked; upload it again', [
            { path: 'mediaURL', message: 'The upload changed while it was being checked' },
          ]);
        }
      }
      const row: MediaFileRow = {
        id: randomUUID(),
        visitorId,
        objectKey: servedKey,
        fileName: input.fileName,
        fileType: storedType,
        fileSize: storedSize,
        description: input.description,
        capturedAt: null,
        latitude: null,
        longitude: null,
        ...(metadata ? placeAndTime(metadata) : {}),
        thumbnailKey: null,
        uploadedAt: new Date().toISOString(),
        describedAt: null,
      };
      if (!(await repository.recordFile(ticket.id, row))) {
        if (key !== servedKey) await storage.delete(servedKey);
        throw new BadRequest('This upload has already been recorded', [
          { path: 'mediaURL', message: 'Already recorded' },
        ]);
      }
      deps.countUploadBytes?.(storedSize);
      await sendDescribe({
        fileId: row.id,
        workKey,
        ...(metadata ? { inspected: { durationSeconds: metadata.durationSeconds } } : {}),
      });
      return toMediaFile(await whenDescribed(row));
    },

    /** Sends the files a stopped process left unread to the queue again (at start). */
    async resume(): Promise<void> {
      for (const fileId of await repository.undescribedFileIds(RESUME_BATCH)) {
        await sendDescribe({ fileId });
      }
    },

    /** The visitor's files, newest first (the gallery's order); with a limit, the first ones. */
    async list(visitorId: string | null, limit?: number): Promise<MediaFile[]> {
      if (!visitorId) return [];
      return (await repository.listFiles(visitorId, limit)).map(toMediaFile);
    },

    async content(visitorId: string | null, id: string): Promise<StoredContent> {
      const row = await ownFile(visitorId, id);
      return fileContent(row);
    },

    async thumbnail(visitorId: string | null, id: string): Promise<StoredContent> {
      return thumbnailContent(await ownFile(visitorId, id));
    },

    async remove(visitorId: string, id: string): Promise<void> {
      const row = await ownFile(visitorId, id);
      if (!(await removeFile(row))) throw new NotFound('Media file not found');
    },

    /**
     * Deletes every file of the visitor, objects and thumbnails too, and their upload tickets
     * (the retention sweep). Returns how many files went.
     */
    async removeAll(visitorId: string): Promise<number> {
      let removed = 0;
      for (;;) {
        const rows = await repository.listFiles(visitorId, REMOVE_BATCH);
        for (const row of rows) if (await removeFile(row)) removed += 1;
        if (rows.length < REMOVE_BATCH) break;
      }
      for (;;) {
        const tickets = await repository.listVisitorUploads(visitorId, REMOVE_BATCH);
        for (const ticket of tickets) await removeTicket(ticket);
        if (tickets.length < REMOVE_BATCH) return removed;
      }
    },

    /**
     * Removes what upload URLs left behind: tickets expired (with the grace to record) whose file
     * was never listed, and their objects.
     */
    async sweep(now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - RECORD_GRACE_MS).toISOString();
      let removed = 0;
      for (;;) {
        const stale = await repository.listStaleUploads(before, SWEEP_BATCH);
        for (const ticket of stale) await removeTicket(ticket);
        removed += stale.length;
        if (stale.length < SWEEP_BATCH) break;
      }
      if (removed > 0) log.info({ count: removed }, 'removed expired uploads');
      // Scratch files older than any upload, copy or render can take.
      for (const dir of [deps.tempDir, ...(deps.scratchDirs ?? [])]) {
        await removeOldEntries(dir, SCRATCH_MAX_AGE_MS);
      }
      return removed;
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;

/**
 * Removes entries of a scratch folder older than `olderThanMs`: what a crash left in the middle of
 * an upload, a copy or a render. A missing folder is fine.
 */
export async function removeOldEntries(dir: string, olderThanMs: number): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const entry = path.join(dir, name);
    const info = await stat(entry).catch(() => null);
    if (info && Date.now() - info.mtimeMs > olderThanMs) {
      await rm(entry, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}

export function fileContent(row: MediaFileRow): StoredContent {
  if (row.fileSize === null) throw new NotFound('Media file not found');
  return {
    key: row.objectKey,
    size: Number(row.fileSize),
    contentType: row.fileType,
    fileName: downloadName(row.fileName, row.fileType),
  };
}

export function thumbnailContent(row: MediaFileRow): StoredContent {
  if (!row.thumbnailKey) throw new NotFound('This file has no thumbnail');
  return {
    key: row.thumbnailKey,
    size: null,
    contentType: 'image/jpeg',
    fileName: 'thumbnail.jpg',
  };
}

/** Reads `key` for sending; absent objects are a 404, never a 500. */
export async function openStored(
  storage: MediaStorage,
  key: string,
  range?: { start: number; end: number },
): Promise<Readable> {
  try {
    return await storage.read(key, range);
  } catch (error) {
    if (error instanceof NotFoundInStorage) throw new NotFound('Media file not found');
    throw error;
  }
}
