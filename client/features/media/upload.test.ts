import { describe, expect, it } from 'vitest';
import { UPLOAD_RETRY_DELAYS_MS } from '../../../contracts/media.values';
import { ApiError } from '../../lib/api';
import {
  absoluteUploadUrl,
  retryDelayMs,
  UPLOAD_LIMITS_NOTE,
  uploadErrorMessage,
  uploadErrorStatus,
} from './upload';

/** The shapes Uppy 6's S3 client throws (its classes are not exported). */
class S3ServiceError extends Error {
  override name = 'S3ServiceError';
  constructor(
    readonly status: number,
    readonly body?: string,
  ) {
    super(`S3 returned ${status}`);
  }
}
class S3NetworkError extends Error {
  override name = 'S3NetworkError';
}

describe('absoluteUploadUrl', () => {
  it('resolves a local-storage path against our origin, keeping its query', () => {
    expect(
      absoluteUploadUrl('/api/media/uploads/abc?expires=1&sig=x%2By', 'http://localhost:4471'),
    ).toBe('http://localhost:4471/api/media/uploads/abc?expires=1&sig=x%2By');
  });

  it('leaves an absolute presigned URL exactly as signed', () => {
    const s3 =
      'https://bucket.s3.eu-west-1.amazonaws.com/media/k.jpg?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=abc';
    expect(absoluteUploadUrl(s3, 'https://journeys.example')).toBe(s3);
  });
});

describe('uploadErrorStatus', () => {
  it('reads the status of S3 answers, ticket failures and network errors', () => {
    expect(uploadErrorStatus(new S3ServiceError(413))).toBe(413);
    expect(uploadErrorStatus(new ApiError(429, '{}'))).toBe(429);
    expect(uploadErrorStatus(new S3NetworkError('Network error during S3 request'))).toBe(0);
    expect(uploadErrorStatus(new Error('boom'))).toBeNull();
    expect(uploadErrorStatus('boom')).toBeNull();
  });
});

describe('uploadErrorMessage', () => {
  it("shows the server's own message from the JSON envelope", () => {
    const body = JSON.stringify({ message: 'The file is not an image or a video.' });
    expect(uploadErrorMessage(new S3ServiceError(415, body))).toBe(
      'The file is not an image or a video.',
    );
    expect(uploadErrorMessage(new ApiError(400, '{"message":"The file is empty"}'))).toBe(
      'The file is empty',
    );
  });

  it('falls back to words for the status when the body says nothing usable', () => {
    expect(uploadErrorMessage(new S3ServiceError(413, '<Error><Code>EntityTooLarge</Code>'))).toBe(
      'The file is larger than 100 MB.',
    );
    expect(uploadErrorMessage(new S3NetworkError('x'))).toBe('No Internet connection');
    expect(uploadErrorMessage(new Error('Something odd'))).toBe('Something odd');
  });
});

describe('retryDelayMs', () => {
  it("retries network errors, 429 and expired 403 after spec §9's delays, then stops", () => {
    expect(UPLOAD_RETRY_DELAYS_MS.map((_, attempt) => retryDelayMs(0, attempt))).toEqual([
      0, 1000, 3000, 5000,
    ]);
    expect(retryDelayMs(429, 1)).toBe(1000);
    expect(retryDelayMs(403, 0)).toBe(0);
    expect(retryDelayMs(503, 2)).toBe(3000);
    expect(retryDelayMs(0, UPLOAD_RETRY_DELAYS_MS.length)).toBeNull();
  });

  it('does not retry what another try cannot fix', () => {
    expect(retryDelayMs(413, 0)).toBeNull();
    expect(retryDelayMs(415, 0)).toBeNull();
    expect(retryDelayMs(400, 0)).toBeNull();
    expect(retryDelayMs(null, 0)).toBeNull();
  });
});

describe('UPLOAD_LIMITS_NOTE', () => {
  it("states spec §5's limits", () => {
    expect(UPLOAD_LIMITS_NOTE).toBe('Up to 10 photos or videos, each up to 100 MB.');
  });
});
