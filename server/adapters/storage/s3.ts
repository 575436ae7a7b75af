import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  CopyObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../../config.js';
import {
  assertStorageKey,
  NotFoundInStorage,
  STORAGE_KEY_PATTERN,
  type ByteRange,
  type MediaStorage,
  type StoredObject,
  type UploadTarget,
  type UploadTargetInput,
} from './types.js';

export type S3Settings = NonNullable<Config['s3']>;

export type S3Storage = MediaStorage & {
  readonly kind: 's3';
  /** Creates the bucket when it does not exist yet. */
  ensureBucket(): Promise<void>;
};

const CONNECTION_TIMEOUT_MS = 5_000;
/** A socket that stays silent this long is given up (a stalled store, not a slow big file). */
const SOCKET_IDLE_TIMEOUT_MS = 60_000;
const MAX_ATTEMPTS = 3;
/** A readiness probe's HEAD of the bucket gives up after this long. */
const READY_TIMEOUT_MS = 2_000;

interface AwsError {
  name?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}

function statusOf(error: unknown): number | undefined {
  return (error as AwsError | null)?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as AwsError | null)?.name;
  return (
    name === 'NotFound' ||
    name === 'NoSuchKey' ||
    name === 'NoSuchBucket' ||
    statusOf(error) === 404
  );
}

/** Server errors, throttling and network failures (no HTTP status at all) are worth another try. */
function isRetryable(error: unknown): boolean {
  const status = statusOf(error);
  return status === undefined || status === 429 || status >= 500;
}

/**
 * The SDK warns once per process that its releases after January 2027 need Node 22. It says nothing
 * about this code's behaviour, so that one warning is turned off while the client is built; the
 * variable is put back as it was, and no other warning is affected.
 */
function withoutNodeVersionWarning<T>(build: () => T): T {
  const name = 'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED';
  const previous = process.env[name];
  process.env[name] = 'true';
  try {
    return build();
  } finally {
    if (previous === undefined) delete process.env[name];
    else process.env[name] = previous;
  }
}

/** The key in a raw path after `prefix`, with each segment decoded and checked, or null. */
function keyFromPath(rawPath: string, prefix: string): string | null {
  if (!rawPath.startsWith(prefix)) return null;
  const segments = rawPath.slice(prefix.length).split('/');
  const decoded: string[] = [];
  for (const segment of segments) {
    let text: string;
    try {
      text = decodeURIComponent(segment);
    } catch {
      return null;
    }
    // An encoded slash or backslash would name another path than the one the segments show.
    if (text === '' || text === '.' || text === '..' || /[/\\]/.test(text)) return null;
    decoded.push(text);
  }
  const key = decoded.join('/');
  return STORAGE_KEY_PATTERN.test(key) && !key.includes('..') ? key : null;
}

/**
 * Media in an S3-compatible bucket (AWS S3, or for the tests OpenStack Swift's s3api). With an
 * endpoint the bucket is addressed path style (`{endpoint}/{bucket}/{key}`).
 */
export function createS3Storage(settings: S3Settings): S3Storage {
  const { bucket, endpoint, region } = settings;
  const credentials =
    settings.accessKeyId && settings.secretAccessKey
      ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
      : undefined;
  const base: S3ClientConfig = {
    region,
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    ...(credentials ? { credentials } : {}),
    // S3-compatible stores do not all know the SDK's newer default checksums (aws-chunked trailers);
    // a presigned URL must not carry a checksum of an empty body either.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      socketTimeout: SOCKET_IDLE_TIMEOUT_MS,
    },
  };
  const client = withoutNodeVersionWarning(
    () => new S3Client({ ...base, maxAttempts: MAX_ATTEMPTS }),
  );
  // A request body that is a stream cannot be replayed by the SDK: putFile retries itself with a
  // fresh stream each time, through a client that tries once.
  const onceClient = withoutNodeVersionWarning(() => new S3Client({ ...base, maxAttempts: 1 }));

  const endpointUrl = endpoint ? new URL(endpoint) : undefined;
  /** Path-style prefix below an endpoint that may itself have a path. */
  const endpointPrefix = endpointUrl
    ? `${endpointUrl.pathname.replace(/\/+$/, '')}/${encodeURIComponent(bucket)}/`
    : undefined;
  const awsVirtualHosts = new Set([
    `${bucket}.s3.${region}.amazonaws.com`,
    `${bucket}.s3.amazonaws.com`,
    `${bucket}.s3-${region}.amazonaws.com`,
  ]);
  const awsPathHosts = new Set([`s3.${region}.amazonaws.com`, 's3.amazonaws.com']);

  async function getObject(key: string, range?: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: range }));
    } catch (error) {
      if (isNotFound(error)) throw new NotFoundInStorage(key);
      throw error;
    }
  }

  return {
    kind: 's3',

    async createUploadTarget(input: UploadTargetInput): Promise<UploadTarget> {
      assertStorageKey(input.key);
      const { contentType, size } = input;
      if (!contentType || size === undefined) {
        throw new Error('An S3 upload needs the content type and the size of the file');
      }
      if (!Number.isSafeInteger(size) || size < 0 || size > input.maxBytes) {
        throw new Error(`The file size must be between 0 and ${input.maxBytes} bytes`);
      }
      const expiresIn = Math.max(1, Math.floor(input.expiresInSeconds));
      const expiresAt = new Date(Date.now() + expiresIn * 1000);
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({
          Bucket: bucket,
          Key: input.key,
          ContentType: contentType,
          ContentLength: size,
        }),
        {
          expiresIn,
          // By default only `host` is signed: bind the type and the size to the URL as well.
          signableHeaders: new Set(['content-type', 'content-length']),
        },
      );
      return { url, headers: { 'content-type': contentType }, expiresAt };
    },

    keyFromUrl(url: string): string | null {
      // `new URL` would resolve dot segments and turn backslashes into slashes: refuse them first.
      const rawPath = url.split(/[?#]/, 1)[0]!;
      if (rawPath.includes('\\') || /\/(?:\.|%2e){1,2}(?:\/|$)/i.test(rawPath)) return null;
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return null;
      }
      if (parsed.username || parsed.password) return null;
      if (endpointUrl && endpointPrefix) {
        if (parsed.protocol !== endpointUrl.protocol || parsed.host !== endpointUrl.host) {
          return null;
        }
        return keyFromPath(parsed.pathname, endpointPrefix);
      }
      if (parsed.protocol !== 'https:' || parsed.port !== '') return null;
      if (awsVirtualHosts.has(parsed.hostname)) return keyFromPath(parsed.pathname, '/');
      if (awsPathHosts.has(parsed.hostname)) {
        return keyFromPath(parsed.pathname, `/${encodeURIComponent(bucket)}/`);
      }
      return null;
    },

    async promote(fromKey: string, toKey: string, etag: string | undefined) {
      assertStorageKey(fromKey);
      assertStorageKey(toKey);
      // The copy happens only if the upload is still the version that was checked: a second PUT
      // to the same URL between the check and now makes it fail instead of slipping through.
      await client.send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: toKey,
          CopySource: `${bucket}/${fromKey.split('/').map(encodeURIComponent).join('/')}`,
          ...(etag ? { CopySourceIfMatch: etag } : {}),
          MetadataDirective: 'COPY',
        }),
      );
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: fromKey }));
    },

    async head(key: string): Promise<StoredObject | null> {
      assertStorageKey(key);
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return {
          key,
          size: answer.ContentLength ?? 0,
          contentType: answer.ContentType ?? 'application/octet-stream',
          ...(answer.ETag ? { etag: answer.ETag } : {}),
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async readStart(key: string, bytes: number): Promise<Buffer> {
      assertStorageKey(key);
      if (bytes <= 0) return Buffer.alloc(0);
      let answer;
      try {
        answer = await getObject(key, `bytes=0-${Math.floor(bytes) - 1}`);
      } catch (error) {
        // An empty object has no byte 0 to start a range at.
        if (statusOf(error) === 416) return Buffer.alloc(0);
        throw error;
      }
      const body = answer.Body as Readable | undefined;
      if (!body) return Buffer.alloc(0);
      const chunks: Buffer[] = [];
      let length = 0;
      for await (const chunk of body) {
        const buffer = chunk as Buffer;
        chunks.push(buffer);
        length += buffer.length;
        // A store that ignores the range sends everything: stop once there is enough.
        if (length >= bytes) {
          body.destroy();
          break;
        }
      }
      return Buffer.concat(chunks, length).subarray(0, bytes);
    },

    async read(key: string, range?: ByteRange): Promise<Readable> {
      assertStorageKey(key);
      if (range && (range.start < 0 || range.end < range.start)) {
        throw new RangeError(`Bad byte range ${range.start}-${range.end}`);
      }
      const answer = await getObject(key, range ? `bytes=${range.start}-${range.end}` : undefined);
      const body = answer.Body;
      if (body instanceof Readable) return body;
      if (!body) return Readable.from([]);
      return Readable.fromWeb(
        (body as { transformToWebStream(): ReadableStream }).transformToWebStream() as Parameters<
          typeof Readable.fromWeb
        >[0],
      );
    },

    async putFile(key: string, filePath: string, contentType: string): Promise<void> {
      assertStorageKey(key);
      const { size } = await stat(filePath);
      for (let attempt = 1; ; attempt++) {
        const body = createReadStream(filePath);
        try {
          await onceClient.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: key,
              Body: body,
              ContentLength: size,
              ContentType: contentType,
            }),
          );
          return;
        } catch (error) {
          if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
          await sleep(200 * 2 ** (attempt - 1));
        } finally {
          body.destroy();
        }
      }
    },

    async delete(key: string): Promise<void> {
      assertStorageKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (isNotFound(error)) return;
        throw error;
      }
    },

    async ready(): Promise<void> {
      // One HEAD of the bucket, not retried: a probe that fails says so at once.
      await onceClient.send(new HeadBucketCommand({ Bucket: bucket }), {
        abortSignal: AbortSignal.timeout(READY_TIMEOUT_MS),
      });
    },

    async ensureBucket(): Promise<void> {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
        return;
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
      try {
        await client.send(
          new CreateBucketCommand({
            Bucket: bucket,
            // us-east-1 is the default location and must not be named.
            ...(region !== 'us-east-1'
              ? { CreateBucketConfiguration: { LocationConstraint: region as never } }
              : {}),
          }),
        );
      } catch (error) {
        const name = (error as AwsError | null)?.name;
        if (name === 'BucketAlreadyOwnedByYou') return;
        throw error;
      }
    },
  };
}
