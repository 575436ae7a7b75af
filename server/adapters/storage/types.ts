import type { Readable } from 'node:stream';

/**
 * Where media bytes live: local disk under DATA_DIR (the default) or an S3-compatible bucket.
 * Keys are made by the server only (`media/<uuid>`, `thumbnails/<uuid>.jpg`, `movies/<uuid>/...`);
 * a visitor's file name never becomes a key or a path.
 */
export interface StoredObject {
  key: string;
  /** Bytes. */
  size: number;
  contentType: string;
  /** The object's version tag, where the storage has one (S3). */
  etag?: string;
}

/** One PUT of one object, as the uploader must send it. */
export interface UploadTarget {
  url: string;
  /** Headers the PUT must carry exactly (the signed Content-Type). */
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface UploadTargetInput {
  key: string;
  /** The upload ticket the URL belongs to; the local adapter signs it with the visitor. */
  ticketId: string;
  visitorId: string;
  /** When known, the PUT must carry exactly this type and this many bytes. */
  contentType?: string;
  size?: number;
  /** At most this many bytes in any case. */
  maxBytes: number;
  expiresInSeconds: number;
}

/** An inclusive byte range, as HTTP's Range header means it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Where the browser PUTs the file. */
  createUploadTarget(input: UploadTargetInput): Promise<UploadTarget>;
  /**
   * The key a URL reported by the uploader names, with or without its query string, or null when the
   * URL is not one this storage hands out.
   */
  keyFromUrl(url: string): string | null;
  /** Size and type, or null when there is no such object. */
  head(key: string): Promise<StoredObject | null>;
  /** Up to `bytes` bytes from the start of the object (fewer when it is shorter). */
  readStart(key: string, bytes: number): Promise<Buffer>;
  /** The object's bytes, or one range of them. Rejects with NotFoundInStorage when absent. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Stores a file the server made (a thumbnail, a movie) under `key`, streaming it. */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** Removes the object; removing an absent one is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Resolves when the storage can be used, for readiness: local, the data folder is writable; S3,
   * the bucket answers. Rejects otherwise.
   */
  ready(): Promise<void>;
  /**
   * Moves a checked upload to the key it is served from, only if it is still the version checked
   * (S3: a copy conditional on the ETag, then the upload is deleted). Storages whose upload URLs
   * work once and write the served key directly (local) do not need it.
   */
  promote?(fromKey: string, toKey: string, etag: string | undefined): Promise<void>;
  /** Where the object is on this machine's disk, for storages that keep it there (local only). */
  localPath?(key: string): string;
  /** Bytes still free on the disk that holds the objects, for storages on this machine (local). */
  freeBytes?(): Promise<number>;
}

export class NotFoundInStorage extends Error {
  override name = 'NotFoundInStorage';
  constructor(readonly key: string) {
    super(`No object ${key} in storage`);
  }
}

/** Keys the server makes: letters, digits, dashes, dots and slashes between segments; never `..`. */
export const STORAGE_KEY_PATTERN = /^(?:[a-z]+)(?:\/[A-Za-z0-9][A-Za-z0-9._-]{0,99}){1,3}$/;
export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY_PATTERN.test(key) || key.includes('..')) {
    throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  }
}
