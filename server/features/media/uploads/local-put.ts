import type { Readable } from 'node:stream';
import {
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_FILES,
  MEDIA_TYPE_PATTERN,
} from '../../../../contracts/media.js';
import {
  UploadExpired,
  UploadTooLarge,
  type LocalStorage,
  type ReceivedFile,
  type UploadClaims,
} from '../../../adapters/storage/local.js';
import { AppError } from '../../../errors.js';
import type { MediaRepository, UploadRow } from '../repository.js';
import { checkFileKind } from '../file-kind.js';
import type { UploadAdmission } from './admission.js';
import { PutRefused, UnsupportedMediaType } from './errors.js';

const TOO_LARGE = 'Files can be at most 100 MB';

/** One PUT to a local upload URL, as the route read it. */
export interface LocalPut {
  /** The URL's upload id and query (its signed claims). */
  uploadId: string;
  query: Record<string, string>;
  visitorId: string;
  /** The Content-Type's media type, lower case ('' when none was sent). */
  contentType: string;
  /** Content-Length, NaN when none was sent (a chunked body). */
  declaredLength: number;
  body: Readable;
}

export interface LocalPutDeps {
  storage: LocalStorage;
  repository: MediaRepository;
  admission: UploadAdmission;
}

const refusal = (statusCode: number, message: string) =>
  new PutRefused(new AppError(statusCode, message));
const wrongSize = (size: number) => refusal(403, `This upload link is for a file of ${size} bytes`);

/**
 * The local adapter's upload URLs: our own server takes the PUT, streams it to a temporary file
 * (never the whole file in memory), stops at the limit, checks the first bytes, and only then moves
 * the file into place and marks the ticket `stored` (docs/decisions/017). Throws PutRefused for an
 * upload refused before or while its body was read; a refused ticket whose URL is spent is
 * dropped, one that may be tried again (a link for another type or size, a full disk, a dropped
 * connection) is kept.
 */
export async function receiveLocalPut(
  deps: LocalPutDeps,
  put: LocalPut,
): Promise<{ key: string; size: number }> {
  const { claims, ticket } = await openLink(deps, put);
  const limit = await checkDeclared(deps, put, claims, ticket);
  const received = await receiveBody(deps, put, claims, ticket, limit);
  if (claims.size !== null && received.size !== claims.size) {
    await received.discard();
    throw wrongSize(claims.size);
  }
  await accept(deps, ticket.id, put.contentType, received, claims.key);
  return { key: claims.key, size: received.size };
}

/** The URL's signed claims, and its ticket, still waiting for this visitor's PUT. */
async function openLink(
  deps: LocalPutDeps,
  put: LocalPut,
): Promise<{ claims: UploadClaims; ticket: UploadRow }> {
  const claims = deps.storage.verifyUpload(put.uploadId, put.query, put.visitorId);
  if (claims === 'invalid') throw refusal(403, 'This upload link is not valid');
  if (claims === 'expired') throw refusal(403, 'This upload link has expired');
  const ticket = await deps.repository.findUpload(claims.ticketId);
  if (ticket?.status === 'superseded') {
    throw refusal(
      403,
      `This upload link was replaced by newer ones: at most ${MAX_UPLOAD_FILES} files upload at once`,
    );
  }
  if (
    !ticket ||
    ticket.visitorId !== put.visitorId ||
    ticket.objectKey !== claims.key ||
    ticket.status !== 'pending'
  ) {
    throw refusal(403, 'This upload link has already been used');
  }
  return { claims, ticket };
}

/**
 * What the PUT says it sends, against the link: an image or video of its type, no longer than
 * its size or the limit, with room on the disk. Answers the limit the body is read to.
 */
async function checkDeclared(
  deps: LocalPutDeps,
  put: LocalPut,
  claims: UploadClaims,
  ticket: UploadRow,
): Promise<number> {
  const { contentType, declaredLength } = put;
  if (!MEDIA_TYPE_PATTERN.test(contentType)) {
    await deps.repository.deleteUpload(ticket.id);
    throw new PutRefused(new UnsupportedMediaType('Only images and videos can be uploaded'));
  }
  if (claims.contentType && claims.contentType !== contentType) {
    throw refusal(403, `This upload link is for a file of type ${claims.contentType}`);
  }
  const limit = Math.min(claims.maxBytes, MAX_UPLOAD_BYTES);
  if (Number.isFinite(declaredLength) && declaredLength > limit) {
    await deps.repository.deleteUpload(ticket.id);
    throw refusal(413, TOO_LARGE);
  }
  if (claims.size !== null && Number.isFinite(declaredLength) && declaredLength !== claims.size) {
    throw wrongSize(claims.size);
  }
  // Other uploads may have filled the disk since the URL was handed out.
  const expected = claims.size ?? (Number.isFinite(declaredLength) ? declaredLength : limit);
  try {
    await deps.admission.assertDiskRoom(expected);
  } catch (error) {
    throw new PutRefused(error);
  }
  return limit;
}

/** The body, streamed to a temporary file and stopped at the link's size or the limit. */
async function receiveBody(
  deps: LocalPutDeps,
  put: LocalPut,
  claims: UploadClaims,
  ticket: UploadRow,
  limit: number,
): Promise<ReceivedFile> {
  try {
    return await deps.storage.receive(put.body, claims.size ?? limit, claims.expiresAt);
  } catch (error) {
    if (error instanceof UploadExpired) {
      await deps.repository.deleteUpload(ticket.id);
      throw refusal(403, 'This upload link has expired');
    }
    if (error instanceof UploadTooLarge) {
      await deps.repository.deleteUpload(ticket.id);
      throw claims.size !== null && claims.size < limit
        ? wrongSize(claims.size)
        : refusal(413, TOO_LARGE);
    }
    if (put.body.destroyed || put.body.readableAborted) {
      // The uploader went away mid-file; the ticket stays usable for its retry.
      throw refusal(400, 'The upload was interrupted; try again');
    }
    throw error;
  }
}

/**
 * After the body has streamed to a temporary file: checks the bytes, then moves the file into
 * place and marks the ticket stored. Throws (after discarding the file and the ticket) otherwise.
 */
async function accept(
  deps: LocalPutDeps,
  ticketId: string,
  contentType: string,
  received: ReceivedFile,
  key: string,
): Promise<void> {
  const check = await checkFileKind(received.head, contentType);
  if (!check.ok) {
    await received.discard();
    await deps.repository.deleteUpload(ticketId);
    throw new UnsupportedMediaType(check.message);
  }
  const marked = await deps.repository.markStored(ticketId, contentType, received.size);
  if (!marked) {
    await received.discard();
    throw new AppError(403, 'This upload link has already been used');
  }
  try {
    await received.commit(key, contentType);
  } catch (error) {
    await received.discard();
    await deps.repository.deleteUpload(ticketId);
    throw error;
  }
}
