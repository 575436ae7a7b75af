import { randomUUID } from 'node:crypto';
import type { MediaFile, RecordMedia } from '../../../../contracts/media.js';
import type { MediaMetadata } from '../../../adapters/media-tools/metadata.js';
import { SHARED_WORK_KEY } from '../../../adapters/media-tools/runner.js';
import { addressKey } from '../../../client-address.js';
import { BadRequest } from '../../../errors.js';
import { MAGIC_BYTES, checkFileKind } from '../file-kind.js';
import { toMediaFile, type MediaLogger } from '../gallery.js';
import type { MediaFileRow, UploadRow } from '../repository.js';
import { placeAndTime, type ThumbnailJob } from '../thumbnails.js';
import type { UploadAdmission } from './admission.js';
import { MediaRefused, UnsupportedMediaType } from './errors.js';
import { inspectUpload, type InspectionDeps } from './inspection.js';
import { forget, RECORD_GRACE_MS, type TicketDeps } from './tickets.js';

export interface RecordDeps extends TicketDeps, InspectionDeps {
  admission: UploadAdmission;
  thumbnails: ThumbnailJob;
  /** Told the size of each upload accepted into a gallery (the upload bytes metric). */
  countUploadBytes?: (bytes: number) => void;
  log: MediaLogger;
}

/** What is really in storage at an upload's key: its size and type, and its version. */
interface Stored {
  size: number;
  type: string;
  etag: string | undefined;
}

const notRecordable = (message: string, fieldMessage: string) =>
  new BadRequest(message, [{ path: 'mediaURL', message: fieldMessage }]);

/**
 * `PUT /api/media`: lists a completed upload of this visitor, checked against what is stored
 * (size, type, first bytes, the gallery's quota, what reading it costs), then moved to the key it
 * is served from and its ticket marked `recorded` with the file, in one transaction. A refused
 * upload is removed with its ticket. Answers the file once its thumbnail is made, or when the
 * wait for it is over (listed as processing).
 */
export async function recordUpload(
  deps: RecordDeps,
  visitorId: string,
  input: RecordMedia,
  clientAddress?: string,
): Promise<MediaFile> {
  const { ticket, key } = await openTicket(deps, visitorId, input.mediaURL);
  const stored = await readStored(deps, ticket, key);
  await checkAgainst(deps, ticket, key, input, stored);
  try {
    await deps.admission.assertRoom(visitorId, stored.size);
  } catch (error) {
    await forget(deps, ticket.id, key);
    throw error;
  }
  const workKey = clientAddress ? addressKey(clientAddress) : SHARED_WORK_KEY;
  let metadata: MediaMetadata | null;
  try {
    metadata = await inspectUpload(deps, {
      ticketId: ticket.id,
      key,
      fileType: stored.type,
      workKey,
    });
  } catch (error) {
    if (error instanceof MediaRefused) await forget(deps, ticket.id, key);
    throw error;
  }
  const servedKey = await promote(deps, ticket, key, stored.etag);
  const row = await listFile(deps, { visitorId, ticket, key, servedKey, input, stored, metadata });
  deps.countUploadBytes?.(stored.size);
  const queued = await deps.thumbnails.send({
    fileId: row.id,
    workKey,
    ...(metadata ? { inspected: { durationSeconds: metadata.durationSeconds } } : {}),
  });
  // A job the queue did not take is not waited for: the file is listed as processing at once.
  return toMediaFile(queued ? await deps.thumbnails.whenDescribed(row) : row);
}

/** The visitor's open ticket for the upload `mediaURL` names, within its time to be recorded. */
async function openTicket(
  deps: RecordDeps,
  visitorId: string,
  mediaURL: string,
): Promise<{ ticket: UploadRow; key: string }> {
  const key = deps.storage.keyFromUrl(mediaURL);
  const ticket = key ? await deps.repository.findVisitorUploadByKey(visitorId, key) : undefined;
  if (!key || !ticket || ticket.status === 'superseded') {
    throw notRecordable(
      'mediaURL is not an upload of yours that can be recorded',
      'Not an upload of yours that can be recorded',
    );
  }
  if (ticket.status === 'recorded') {
    throw notRecordable('This upload has already been recorded', 'Already recorded');
  }
  if (Date.parse(ticket.expiresAt) + RECORD_GRACE_MS < Date.now()) {
    await forget(deps, ticket.id, key);
    throw notRecordable('This upload has expired; upload the file again', 'The upload has expired');
  }
  return { ticket, key };
}

/** What is really in storage: the local PUT checked it already, S3 is checked now. */
async function readStored(deps: RecordDeps, ticket: UploadRow, key: string): Promise<Stored> {
  const head = await deps.storage.head(key);
  if (!head) {
    throw notRecordable('Nothing was uploaded to mediaURL yet', 'The upload has not completed');
  }
  if (ticket.status === 'stored' && ticket.storedType) {
    return { size: head.size, type: ticket.storedType, etag: head.etag };
  }
  const check = await checkFileKind(
    await deps.storage.readStart(key, MAGIC_BYTES),
    head.contentType,
  );
  if (!check.ok) {
    await forget(deps, ticket.id, key);
    throw new UnsupportedMediaType(check.message);
  }
  return { size: head.size, type: head.contentType, etag: head.etag };
}

/** The size and type the uploader reports must be the stored ones. */
async function checkAgainst(
  deps: RecordDeps,
  ticket: UploadRow,
  key: string,
  input: RecordMedia,
  stored: Stored,
): Promise<void> {
  const mismatch = [
    ...(stored.size !== input.fileSize
      ? [{ path: 'fileSize', message: `fileSize is not the uploaded size (${stored.size} bytes)` }]
      : []),
    ...(stored.type !== input.fileType
      ? [{ path: 'fileType', message: `fileType is not the uploaded type (${stored.type})` }]
      : []),
  ];
  if (mismatch.length > 0) {
    await forget(deps, ticket.id, key);
    throw new BadRequest(mismatch[0]!.message, mismatch);
  }
}

/**
 * Moves an S3 upload from its incoming key to the key it is served from, only if it is still the
 * version checked (a replayed URL may have written another since). Answers the served key.
 */
async function promote(
  deps: RecordDeps,
  ticket: UploadRow,
  key: string,
  etag: string | undefined,
): Promise<string> {
  const servedKey = `media/${ticket.id}`;
  if (key !== servedKey && deps.storage.promote) {
    try {
      await deps.storage.promote(key, servedKey, etag);
    } catch (error) {
      deps.log.warn({ err: error, uploadId: ticket.id }, 'upload changed while it was checked');
      await forget(deps, ticket.id, key);
      throw notRecordable(
        'The upload changed while it was being checked; upload it again',
        'The upload changed while it was being checked',
      );
    }
  }
  return servedKey;
}

/** The media file's row, inserted as its ticket becomes `recorded`, once per upload. */
async function listFile(
  deps: RecordDeps,
  upload: {
    visitorId: string;
    ticket: UploadRow;
    key: string;
    servedKey: string;
    input: RecordMedia;
    stored: Stored;
    metadata: MediaMetadata | null;
  },
): Promise<MediaFileRow> {
  const { ticket, key, servedKey, input, stored, metadata } = upload;
  const row: MediaFileRow = {
    id: randomUUID(),
    visitorId: upload.visitorId,
    objectKey: servedKey,
    fileName: input.fileName,
    fileType: stored.type,
    fileSize: stored.size,
    description: input.description,
    capturedAt: null,
    latitude: null,
    longitude: null,
    ...(metadata ? placeAndTime(metadata) : {}),
    thumbnailKey: null,
    uploadedAt: new Date().toISOString(),
    describedAt: null,
  };
  if (!(await deps.repository.recordFile(ticket.id, row))) {
    if (key !== servedKey) await deps.storage.delete(servedKey);
    throw notRecordable('This upload has already been recorded', 'Already recorded');
  }
  return row;
}
