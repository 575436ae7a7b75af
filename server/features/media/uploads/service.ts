import { randomUUID } from 'node:crypto';
import {
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_FILES,
  UPLOAD_URL_TTL_SECONDS,
  type MediaFile,
  type RecordMedia,
  type UploadRequest,
  type UploadTicket,
} from '../../../../contracts/media.js';
import type { MediaTools } from '../../../adapters/media-tools/tools.js';
import type { LocalStorage } from '../../../adapters/storage/local.js';
import type { MediaStorage } from '../../../adapters/storage/types.js';
import { BadRequest } from '../../../errors.js';
import type { MediaLogger } from '../gallery.js';
import type { MediaRepository } from '../repository.js';
import type { ThumbnailJob } from '../thumbnails.js';
import type { AddressBudget } from './address-budget.js';
import { createUploadAdmission, type UploadAdmission } from './admission.js';
import { receiveLocalPut, type LocalPut } from './local-put.js';
import { recordUpload } from './record.js';
import { removeVisitorTickets, sweepTickets } from './tickets.js';

export type { UploadStatus } from '../table.js';

export interface UploadServiceDeps {
  repository: MediaRepository;
  storage: MediaStorage;
  /** The same storage when it is local disk, whose PUTs come through our own route. */
  local?: LocalStorage;
  /** ffmpeg and ffprobe, or null where they cannot run (then no capture times). */
  tools: () => Promise<MediaTools | null>;
  /** Scratch space for copies of stored files (S3). */
  tempDir: string;
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
  /** Makes the thumbnail of each file recorded. */
  thumbnails: ThumbnailJob;
  log: MediaLogger;
}

/**
 * The upload lifecycle (docs/decisions/017), from the URL handed out to the file listed; nothing
 * else moves a ticket from one `UploadStatus` to the next:
 *
 * 1. `ask` (POST /api/media/upload): quotas and budgets checked, a URL for one PUT, a `pending`
 *    ticket; the visitor's oldest unused tickets past MAX_UPLOAD_FILES become `superseded`.
 * 2. The PUT: on local disk `receiveLocal`, which checks the bytes and marks the ticket `stored`;
 *    on S3 straight to the bucket, at a key that is never served.
 * 3. `record` (PUT /api/media): checked against what is stored, listed, the ticket `recorded`.
 * 4. `sweep`: tickets past their time, and what they let in unless listed.
 */
export function createUploadService(deps: UploadServiceDeps) {
  const admission = createUploadAdmission(deps);
  return {
    /** `POST /api/media/upload`: one URL for one PUT of one image or video. */
    ask: (visitorId: string, request: UploadRequest, clientAddress?: string) =>
      askForUpload(deps, admission, { visitorId, request, clientAddress }),

    /** A PUT to a local upload URL (local storage only); throws PutRefused when refused. */
    async receiveLocal(put: LocalPut): Promise<{ key: string; size: number }> {
      if (!deps.local) throw new Error('Uploads are received here only on local storage');
      return receiveLocalPut({ ...deps, storage: deps.local, admission }, put);
    },

    /** `PUT /api/media`: lists a completed upload of this visitor. */
    record: (visitorId: string, input: RecordMedia, clientAddress?: string): Promise<MediaFile> =>
      recordUpload({ ...deps, admission }, visitorId, input, clientAddress),

    /** Removes expired tickets that never became a listed file, and their objects. */
    sweep: (now = new Date()) => sweepTickets(deps, now),

    /** Every ticket of the visitor, and the objects not listed (the retention sweep). */
    removeAll: (visitorId: string) => removeVisitorTickets(deps, visitorId),
  };
}
export type UploadService = ReturnType<typeof createUploadService>;

/** A URL for one PUT, after the quotas, and its `pending` ticket. */
async function askForUpload(
  deps: UploadServiceDeps,
  admission: UploadAdmission,
  {
    visitorId,
    request,
    clientAddress,
  }: {
    visitorId: string;
    request: UploadRequest;
    clientAddress?: string;
  },
): Promise<UploadTicket> {
  const { storage, repository } = deps;
  if (storage.kind === 's3' && (request.fileType === undefined || request.fileSize === undefined)) {
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
  await admission.admit(visitorId, request, clientAddress);
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
}
