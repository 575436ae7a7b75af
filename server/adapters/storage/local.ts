import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { constants } from 'node:fs';
import {
  access,
  copyFile,
  mkdir,
  open,
  readFile,
  rename,
  rm,
  stat,
  statfs,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isUuid, UUID_SOURCE } from '../../lib/uuid.js';
import {
  assertStorageKey,
  NotFoundInStorage,
  type ByteRange,
  type MediaStorage,
  type StoredObject,
  type UploadTarget,
  type UploadTargetInput,
} from './types.js';

/** Where the local adapter's upload URLs point: our own server (see features/media/uploads). */
export const LOCAL_UPLOAD_PATH = '/api/media/uploads';
const UPLOAD_PATH_PATTERN = new RegExp(`^${LOCAL_UPLOAD_PATH}/(${UUID_SOURCE})$`);
/** Uploads are always stored under media/<uuid>; only that kind of key has an upload URL. */
const UPLOAD_KEY_PATTERN = new RegExp(`^media/(${UUID_SOURCE})$`);

/** What a signed upload URL allows, once its signature and expiry are checked. */
export interface UploadClaims {
  key: string;
  ticketId: string;
  contentType: string | null;
  size: number | null;
  maxBytes: number;
  expiresAt: Date;
}

export type UploadUrlProblem = 'invalid' | 'expired';

export interface LocalStorage extends MediaStorage {
  readonly kind: 'local';
  /** Where bodies stream before they are checked. */
  readonly incomingDir: string;
  /** Bytes still free on the disk that holds the data folder. */
  freeBytes(): Promise<number>;
  /**
   * Checks an upload URL's signature for this visitor, then its expiry. The visitor is part of the
   * signature, so a URL used by anyone else is simply invalid.
   */
  verifyUpload(
    uploadId: string,
    query: Record<string, unknown>,
    visitorId: string,
  ): UploadClaims | UploadUrlProblem;
  /**
   * Streams a body to a temporary file beside the store, stopping at `maxBytes` (then it rejects
   * with UploadTooLarge and nothing is left). A body still arriving at `deadline` (the URL's
   * expiry) is stopped there, and one that ends after it refused: UploadExpired, nothing left. The
   * caller checks the bytes and then commits or discards the file.
   */
  receive(body: Readable, maxBytes: number, deadline?: Date): Promise<ReceivedFile>;
}

export interface ReceivedFile {
  tempPath: string;
  size: number;
  /** The first bytes, for the magic-number check. */
  head: Buffer;
  /** Moves the file into place under `key`; only a complete, checked file ever gets there. */
  commit(key: string, contentType: string): Promise<void>;
  /** Removes the temporary file. */
  discard(): Promise<void>;
}

export class UploadTooLarge extends Error {
  override name = 'UploadTooLarge';
}

/** The upload URL expired before its body was all received. */
export class UploadExpired extends Error {
  override name = 'UploadExpired';
}

/** Local files carry no type of their own: it is kept beside them, as S3 keeps it with the object. */
const typeFileOf = (file: string) => `${file}.content-type`;

/** Bytes kept from the start of an upload for the type check (file-type reads at most 4100). */
const HEAD_BYTES = 4100;

export interface LocalStorageOptions {
  dataDir: string;
  /** Signs upload URLs; derived from the session secret, never the secret itself. */
  secret: string;
  /** Prefix of upload URLs: empty for same-origin paths (the default). */
  uploadBaseUrl?: string;
}

/** Files under DATA_DIR/storage, keyed like S3 objects; uploads come through our own signed URLs. */
export function createLocalStorage(options: LocalStorageOptions): LocalStorage {
  const root = path.resolve(options.dataDir, 'storage');
  const incoming = path.join(root, '.incoming');
  const signingKey = createHmac('sha256', options.secret).update('media-upload-url-v1').digest();
  const base = options.uploadBaseUrl ?? '';

  function pathOf(key: string): string {
    assertStorageKey(key);
    const resolved = path.resolve(root, key);
    if (!resolved.startsWith(root + path.sep)) throw new Error(`Key escapes storage: ${key}`);
    return resolved;
  }

  const sign = (fields: (string | number | null)[]) =>
    createHmac('sha256', signingKey)
      .update(fields.map((f) => (f === null ? '' : String(f))).join('\n'))
      .digest('base64url');

  async function statOrNull(file: string) {
    try {
      const info = await stat(file);
      return info.isFile() ? info : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  return {
    kind: 'local',
    incomingDir: incoming,

    async freeBytes(): Promise<number> {
      // The data folder exists from the start; the store inside it only after the first upload.
      const disk = await statfs(options.dataDir);
      // What an unprivileged process may still write (bavail), not what root may (bfree).
      return disk.bavail * disk.bsize;
    },

    async createUploadTarget(input: UploadTargetInput): Promise<UploadTarget> {
      const match = UPLOAD_KEY_PATTERN.exec(input.key);
      if (!match) throw new Error(`Uploads go to media/<uuid>, not ${input.key}`);
      const uploadId = match[1]!;
      const expiresAt = new Date(Date.now() + input.expiresInSeconds * 1000);
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const type = input.contentType ?? null;
      const size = input.size ?? null;
      const signature = sign([
        uploadId,
        input.ticketId,
        input.visitorId,
        type,
        size,
        input.maxBytes,
        expires,
      ]);
      const query = new URLSearchParams({ ticket: input.ticketId });
      if (type) query.set('type', type);
      if (size !== null) query.set('size', String(size));
      query.set('max', String(input.maxBytes));
      query.set('expires', String(expires));
      query.set('signature', signature);
      return {
        url: `${base}${LOCAL_UPLOAD_PATH}/${uploadId}?${query.toString()}`,
        headers: type ? { 'content-type': type } : {},
        expiresAt,
      };
    },

    verifyUpload(uploadId, query, visitorId) {
      const text = (name: string) => (typeof query[name] === 'string' ? query[name] : undefined);
      const ticketId = text('ticket');
      const signature = text('signature');
      const max = Number(text('max'));
      const expires = Number(text('expires'));
      const type = text('type') ?? null;
      const sizeText = text('size');
      const size = sizeText === undefined ? null : Number(sizeText);
      if (
        !isUuid(uploadId) ||
        !ticketId ||
        !signature ||
        !Number.isSafeInteger(max) ||
        !Number.isSafeInteger(expires) ||
        (size !== null && !Number.isSafeInteger(size))
      ) {
        return 'invalid';
      }
      const expected = Buffer.from(sign([uploadId, ticketId, visitorId, type, size, max, expires]));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      if (expires * 1000 <= Date.now()) return 'expired';
      return {
        key: `media/${uploadId}`,
        ticketId,
        contentType: type,
        size,
        maxBytes: max,
        expiresAt: new Date(expires * 1000),
      };
    },

    async receive(body, maxBytes, deadline) {
      await mkdir(incoming, { recursive: true });
      const tempPath = path.join(incoming, randomBytes(16).toString('hex'));
      let size = 0;
      const chunks: Buffer[] = [];
      let headLength = 0;
      const discard = () => rm(tempPath, { force: true });
      const expired = () => deadline !== undefined && Date.now() >= deadline.getTime();
      // A URL's lifetime bounds its whole PUT: a body dripping in past it is cut off there.
      const stop = new AbortController();
      const timer = deadline
        ? setTimeout(() => stop.abort(), Math.max(0, deadline.getTime() - Date.now()))
        : undefined;
      try {
        await pipeline(
          body,
          async function* limit(source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              size += chunk.length;
              if (size > maxBytes) throw new UploadTooLarge(`More than ${maxBytes} bytes`);
              if (headLength < HEAD_BYTES) {
                chunks.push(chunk.subarray(0, HEAD_BYTES - headLength));
                headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
              }
              yield chunk;
            }
          },
          createWriteStream(tempPath, { flags: 'wx' }),
          { signal: stop.signal },
        );
        if (expired()) throw new UploadExpired('The upload link expired before the file arrived');
      } catch (error) {
        await discard();
        if (stop.signal.aborted) {
          throw new UploadExpired('The upload link expired before the file arrived');
        }
        throw error;
      } finally {
        clearTimeout(timer);
      }
      return {
        tempPath,
        size,
        head: Buffer.concat(chunks),
        async commit(key, contentType) {
          const target = pathOf(key);
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(typeFileOf(target), contentType);
          // Flushed before the rename, so a crash never leaves a listed file with missing bytes.
          const handle = await open(tempPath, 'r');
          try {
            await handle.sync();
          } finally {
            await handle.close();
          }
          await rename(tempPath, target);
        },
        discard,
      };
    },

    keyFromUrl(url) {
      // Dot segments and backslashes would be resolved away by URL parsing: refuse them first.
      if (/\\|%2e|%2f|%5c|(^|\/)\.\.?(\/|\?|#|$)/i.test(url.split('?')[0]!)) return null;
      let parsed: URL;
      try {
        parsed = new URL(url, base || 'http://local.invalid');
      } catch {
        return null;
      }
      // With an absolute base, the URL must be on that host; same-origin paths may come back
      // absolute on whatever host the page was opened on.
      if (base && new URL(base).origin !== parsed.origin) return null;
      const match = UPLOAD_PATH_PATTERN.exec(parsed.pathname);
      return match ? `media/${match[1]}` : null;
    },

    localPath: pathOf,

    async head(key): Promise<StoredObject | null> {
      const file = pathOf(key);
      const info = await statOrNull(file);
      if (!info) return null;
      const contentType = await readFile(typeFileOf(file), 'utf8').catch(
        () => 'application/octet-stream',
      );
      return { key, size: info.size, contentType };
    },

    async readStart(key, bytes) {
      let handle;
      try {
        handle = await open(pathOf(key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new NotFoundInStorage(key);
        throw error;
      }
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    async read(key, range?: ByteRange) {
      const file = pathOf(key);
      if (!(await statOrNull(file))) throw new NotFoundInStorage(key);
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },

    async putFile(key, filePath, contentType) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(typeFileOf(target), contentType);
      const temp = path.join(
        path.dirname(target),
        `.${path.basename(target)}.${randomBytes(6).toString('hex')}`,
      );
      try {
        await copyFile(filePath, temp);
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async delete(key) {
      const file = pathOf(key);
      await rm(file, { force: true });
      await rm(typeFileOf(file), { force: true });
    },

    async ready() {
      // The store itself appears with the first upload; the data folder holding it is there from
      // the start. A read-only or vanished folder rejects here.
      await access(options.dataDir, constants.W_OK);
    },
  };
}
