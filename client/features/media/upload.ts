import {
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_FILES,
  UPLOAD_RETRY_DELAYS_MS,
} from '../../../contracts/media.values';
import { ApiError, parseErrorBody } from '../../lib/api';

/**
 * The uploader's pure rules, kept apart from Uppy so they are unit tested and so the gallery can
 * use them without loading Uppy.
 */

const BYTES_PER_MB = 1024 * 1024;

/** Spec §5's limits in words, shown under the drop zone ("Up to 10 photos or videos, ..."). */
export const UPLOAD_LIMITS_NOTE = `Up to ${MAX_UPLOAD_FILES} photos or videos, each up to ${
  MAX_UPLOAD_BYTES / BYTES_PER_MB
} MB.`;

/**
 * The URL to PUT to, absolute. Local storage hands out a path on our own origin
 * (`/api/media/uploads/...`), S3 an absolute presigned URL. Uppy's S3 client reads the URL with
 * `new URL(url)` (to report where the file went), which throws on a path, so a path is resolved
 * against the page's origin; an absolute URL is returned untouched, signature and all.
 */
export function absoluteUploadUrl(url: string, origin: string): string {
  return new URL(url, origin).href;
}

/**
 * The HTTP status an upload failed with: a number for an answer, 0 for no answer at all (the
 * network), null where the error says neither. Uppy's S3 client throws errors with `status` (an
 * S3ServiceError) or named S3NetworkError; our own ticket request throws ApiError.
 */
export function uploadErrorStatus(error: unknown): number | null {
  if (error instanceof ApiError) return error.status;
  if (typeof error !== 'object' || error === null) return null;
  const { status, name } = error as { status?: unknown; name?: unknown };
  if (typeof status === 'number') return status;
  if (name === 'S3NetworkError' || name === 'NetworkError') return 0;
  return null;
}

const STATUS_TEXT: Record<number, string> = {
  0: 'No Internet connection',
  403: 'The upload link expired or was already used.',
  413: 'The file is larger than 100 MB.',
  415: 'The file is not a photo or video of the type it says it is.',
  429: 'Too many uploads at once. Please wait a moment.',
};

/**
 * Words for a person about why one upload failed: the server's own message when it sent the
 * contract's JSON envelope (`{message}`), else a sentence for the status, else the error's text.
 */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  if (typeof error === 'object' && error !== null) {
    const { body } = error as { body?: unknown };
    // Not the envelope (an S3 XML error, say): no message, and the status says what is known.
    const message = typeof body === 'string' ? parseErrorBody(body).message : undefined;
    if (message) return message;
  }
  const status = uploadErrorStatus(error);
  if (status !== null && STATUS_TEXT[status]) return STATUS_TEXT[status];
  if (error instanceof Error && error.message) return error.message;
  return 'The upload could not be completed.';
}

/** Statuses worth another try with a fresh URL: no answer, an expired link, rate limit, server trouble. */
function isRetryable(status: number | null): boolean {
  if (status === null) return false;
  return status === 0 || status === 403 || status === 408 || status === 429 || status >= 500;
}

/**
 * Spec §8/§9: the storage plugin retries network errors, 429 and expired-link 403 answers after
 * 0, 1000, 3000 and 5000 ms. Uppy 6's S3 client has no `retryDelays` option (it retries 5xx and
 * 429 itself, on the same URL), so the uploader retries the file through Uppy, which asks for a
 * fresh signed URL each time. Returns the wait before retry number `attempt` (0-based), or null
 * when the failure will not get better by trying again or the tries are used up.
 */
export function retryDelayMs(status: number | null, attempt: number): number | null {
  if (!isRetryable(status)) return null;
  return UPLOAD_RETRY_DELAYS_MS[attempt] ?? null;
}
