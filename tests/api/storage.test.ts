/**
 * One suite for the MediaStorage interface, run against both adapters: local disk and S3 (the real
 * S3 API of OpenStack Swift, started by tests/helpers/s3.ts). S3-only: the presigned PUT a browser
 * uses, and what it refuses.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../server/adapters/storage/local.js';
import { createS3Storage, type S3Storage } from '../../server/adapters/storage/s3.js';
import { NotFoundInStorage, type MediaStorage } from '../../server/adapters/storage/types.js';
import { s3Available, S3_SKIP_HINT, s3TestEnv, type S3TestEnv } from '../helpers/s3.js';

/** Installing Swift on a fresh machine takes about 40 s before it starts. */
const S3_START_TIMEOUT_MS = 240_000;
const s3Ready = await s3Available();

// --- A small, valid PNG (random pixels, so it does not compress to almost nothing) --------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function makePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  let seed = 12345;
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then pixels
    for (let i = 1; i < row.length; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      row[i] = seed >>> 24;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PNG = makePng(16, 16);

async function collect(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

const newKey = () => `media/${randomUUID()}`;

// --- The adapters -------------------------------------------------------------------------------

interface Subject {
  storage: MediaStorage;
  /** A URL of the same shape as the ones this storage hands out, but for another bucket or route. */
  otherContainerUrl(madeUrl: string): string;
  cleanup(): Promise<void>;
}

interface Adapter {
  name: 'local' | 's3';
  setupTimeout?: number;
  /**
   * Checks this adapter is known to fail today (run with `it.fails`, so they turn red once fixed and
   * the entry can go).
   */
  knownGaps?: Set<string>;
  make(): Promise<Subject>;
}

const LOCAL_UPLOAD_BASE = 'http://127.0.0.1:3999';

const adapters: Adapter[] = [
  {
    name: 'local',
    async make() {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'aj-storage-'));
      const storage = createLocalStorage({
        dataDir,
        uploadBaseUrl: LOCAL_UPLOAD_BASE,
        secret: 'storage-test-secret-of-at-least-32-characters',
      });
      return {
        storage,
        otherContainerUrl: (made) => made.replace('/uploads/', '/other-uploads/'),
        cleanup: () => rm(dataDir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3',
    setupTimeout: S3_START_TIMEOUT_MS,
    async make() {
      const env = await s3TestEnv();
      const storage = s3From(env);
      return {
        storage,
        otherContainerUrl: (made) => made.replace(`/${env.S3_BUCKET}/`, `/${env.S3_BUCKET}-other/`),
        cleanup: async () => {},
      };
    },
  },
];

function s3From(env: S3TestEnv): S3Storage {
  return createS3Storage({
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  });
}

async function putPng(storage: MediaStorage, key: string, bytes = PNG): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'aj-storage-file-'));
  const file = path.join(dir, 'image.png');
  await writeFile(file, bytes);
  try {
    await storage.putFile(key, file, 'image/png');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe.each(adapters)('MediaStorage: $name adapter', (adapter) => {
  if (adapter.name === 's3' && !s3Ready) {
    it.skip(`skipped: no S3 test server; ${S3_SKIP_HINT}`);
    return;
  }
  let subject: Subject;
  let storage: MediaStorage;
  const check = (gap: string) => (adapter.knownGaps?.has(gap) ? it.fails : it);

  beforeAll(async () => {
    subject = await adapter.make();
    storage = subject.storage;
  }, adapter.setupTimeout);
  afterAll(() => subject?.cleanup());

  it(`has kind ${adapter.name}`, () => {
    expect(storage.kind).toBe(adapter.name);
  });

  it('is ready (the readiness check of /api/health/ready)', async () => {
    await expect(storage.ready()).resolves.toBeUndefined();
  });

  it('stores a file and reports its size and type', async () => {
    const key = newKey();
    await putPng(storage, key);
    expect(await storage.head(key)).toMatchObject({
      key,
      size: PNG.length,
      contentType: 'image/png',
    });
  });

  it('reads the start of an object, shorter or longer than it', async () => {
    const key = newKey();
    await putPng(storage, key);
    expect(await storage.readStart(key, 8)).toEqual(PNG.subarray(0, 8));
    expect(await storage.readStart(key, PNG.length + 1000)).toEqual(PNG);
  });

  it('reads a whole object and one exact byte range', async () => {
    const key = newKey();
    await putPng(storage, key);
    expect(await collect(await storage.read(key))).toEqual(PNG);
    const range = await collect(await storage.read(key, { start: 10, end: 19 }));
    expect(range.length).toBe(10);
    expect(range).toEqual(PNG.subarray(10, 20));
  });

  it('deletes an object; deleting an absent one is fine', async () => {
    const key = newKey();
    await putPng(storage, key);
    await storage.delete(key);
    expect(await storage.head(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
    await expect(storage.delete(newKey())).resolves.toBeUndefined();
  });

  it('rejects reading an absent object with NotFoundInStorage', async () => {
    const key = newKey();
    expect(await storage.head(key)).toBeNull();
    await expect(storage.read(key)).rejects.toBeInstanceOf(NotFoundInStorage);
    await expect(storage.read(key, { start: 0, end: 9 })).rejects.toBeInstanceOf(NotFoundInStorage);
  });

  it('refuses keys it would never make', async () => {
    await expect(storage.head('media/../etc/passwd')).rejects.toThrow(/Not a storage key/);
    await expect(storage.delete('/media/x')).rejects.toThrow(/Not a storage key/);
  });

  describe('keyFromUrl', () => {
    let key: string;
    let made: string;
    let bare: string;
    const uuid = () => key.slice('media/'.length);

    beforeAll(async () => {
      key = newKey();
      const target = await storage.createUploadTarget({
        key,
        ticketId: randomUUID(),
        visitorId: 'visitor-1',
        contentType: 'image/png',
        size: PNG.length,
        maxBytes: 104_857_600,
        expiresInSeconds: 300,
      });
      made = target.url;
      bare = made.split('?')[0]!;
    });

    it('finds the key of a URL it made, with or without the query string', () => {
      expect(new URL(made).search).not.toBe('');
      expect(storage.keyFromUrl(made)).toBe(key);
      expect(storage.keyFromUrl(bare)).toBe(key);
      expect(storage.keyFromUrl(`${bare}#fragment`)).toBe(key);
    });

    check('other host')('returns null for a URL on another host', () => {
      const other = new URL(made);
      other.hostname = 'evil.example';
      expect(storage.keyFromUrl(other.toString())).toBeNull();
      const otherPort = new URL(made);
      otherPort.port = String(Number(new URL(made).port || 80) + 1);
      expect(storage.keyFromUrl(otherPort.toString())).toBeNull();
    });

    it('returns null for another bucket or route', () => {
      const other = subject.otherContainerUrl(bare);
      expect(other).not.toBe(bare);
      expect(storage.keyFromUrl(other)).toBeNull();
    });

    check('dot segments')('returns null for URLs with dot segments', () => {
      const dir = bare.slice(0, bare.length - uuid().length);
      expect(storage.keyFromUrl(`${dir}x/../${uuid()}`)).toBeNull();
      expect(storage.keyFromUrl(`${dir}x/%2e%2e/${uuid()}`)).toBeNull();
      expect(storage.keyFromUrl(`${dir}./${uuid()}`)).toBeNull();
      expect(storage.keyFromUrl(`${dir}..`)).toBeNull();
    });

    it('returns null for encoded slashes and other junk', () => {
      const dir = bare.slice(0, bare.length - uuid().length - 1);
      expect(storage.keyFromUrl(`${dir}%2F${uuid()}`)).toBeNull();
      expect(storage.keyFromUrl(`${dir}%2f${uuid()}`)).toBeNull();
      expect(storage.keyFromUrl(`${dir}%5C${uuid()}`)).toBeNull();
      expect(storage.keyFromUrl('not a url')).toBeNull();
      expect(storage.keyFromUrl('')).toBeNull();
      expect(storage.keyFromUrl('https://evil.example/')).toBeNull();
    });

    check('backslash')('returns null for a backslash in place of a slash', () => {
      const dir = bare.slice(0, bare.length - uuid().length - 1);
      expect(storage.keyFromUrl(`${dir}\\${uuid()}`)).toBeNull();
    });
  });
});

describe.skipIf(!s3Ready)('S3 presigned uploads', () => {
  let env: S3TestEnv;
  let storage: S3Storage;

  beforeAll(async () => {
    env = await s3TestEnv();
    storage = s3From(env);
  }, S3_START_TIMEOUT_MS);

  it('is not ready when its bucket does not exist', async () => {
    await expect(
      s3From({ ...env, S3_BUCKET: `${env.S3_BUCKET}-missing` }).ready(),
    ).rejects.toThrow();
  });

  async function target(key: string, expiresInSeconds = 300, size = PNG.length) {
    return storage.createUploadTarget({
      key,
      ticketId: randomUUID(),
      visitorId: 'visitor-1',
      contentType: 'image/png',
      size,
      maxBytes: 104_857_600,
      expiresInSeconds,
    });
  }

  const put = (url: string, headers: Record<string, string>, body: Buffer) =>
    fetch(url, { method: 'PUT', headers, body });

  it('accepts one PUT with the signed type and length', async () => {
    const key = newKey();
    const upload = await target(key);
    expect(upload.headers).toEqual({ 'content-type': 'image/png' });
    expect(upload.expiresAt.getTime()).toBeGreaterThan(Date.now() + 290_000);
    expect(upload.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 300_000);
    expect(new URL(upload.url).searchParams.get('X-Amz-SignedHeaders')).toBe(
      'content-length;content-type;host',
    );
    const response = await put(upload.url, upload.headers, PNG);
    expect(response.status).toBe(200);
    expect(await storage.head(key)).toMatchObject({
      key,
      size: PNG.length,
      contentType: 'image/png',
    });
    expect(await collect(await storage.read(key))).toEqual(PNG);
    expect(storage.keyFromUrl(upload.url)).toBe(key);
  });

  it('answers a browser preflight and exposes the ETag (CORS)', async () => {
    const key = newKey();
    const upload = await target(key);
    const preflight = await fetch(upload.url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toMatch(
      /^(\*|http:\/\/localhost:5173)$/,
    );
    const response = await fetch(upload.url, {
      method: 'PUT',
      headers: { ...upload.headers, origin: 'http://localhost:5173' },
      body: PNG,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toMatch(
      /^(\*|http:\/\/localhost:5173)$/,
    );
    expect(response.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('etag');
  });

  it('refuses a PUT with another content type', async () => {
    const key = newKey();
    const upload = await target(key);
    const response = await put(upload.url, { 'content-type': 'image/jpeg' }, PNG);
    expect(response.status).toBe(403);
    expect(await storage.head(key)).toBeNull();
  });

  it('refuses a PUT with fewer or more bytes than signed', async () => {
    const key = newKey();
    const upload = await target(key);
    const fewer = await put(upload.url, upload.headers, PNG.subarray(0, PNG.length - 1));
    expect(fewer.status).toBe(403);
    const more = await put(upload.url, upload.headers, Buffer.concat([PNG, Buffer.from([0])]));
    expect(more.status).toBe(403);
    expect(await storage.head(key)).toBeNull();
  });

  it('refuses a tampered signature or key', async () => {
    const key = newKey();
    const upload = await target(key);
    const url = new URL(upload.url);
    const signature = url.searchParams.get('X-Amz-Signature')!;
    url.searchParams.set(
      'X-Amz-Signature',
      `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`,
    );
    expect((await put(url.toString(), upload.headers, PNG)).status).toBe(403);

    const otherKey = newKey();
    const moved = upload.url.replace(key, otherKey);
    expect(moved).not.toBe(upload.url);
    expect((await put(moved, upload.headers, PNG)).status).toBe(403);

    expect(await storage.head(key)).toBeNull();
    expect(await storage.head(otherKey)).toBeNull();
  });

  it('refuses an expired URL', async () => {
    const key = newKey();
    const upload = await target(key, 1);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const response = await put(upload.url, upload.headers, PNG);
    expect(response.status).toBe(403);
    expect(await storage.head(key)).toBeNull();
  });

  it('will not make an upload URL without the type and the size', async () => {
    const input = {
      key: newKey(),
      ticketId: randomUUID(),
      visitorId: 'visitor-1',
      maxBytes: 104_857_600,
      expiresInSeconds: 60,
    };
    await expect(storage.createUploadTarget({ ...input, size: 10 })).rejects.toThrow(
      /content type and the size/,
    );
    await expect(
      storage.createUploadTarget({ ...input, contentType: 'image/png' }),
    ).rejects.toThrow(/content type and the size/);
  });

  it('creates a missing bucket once, and then finds it', async () => {
    const fresh = createS3Storage({
      bucket: `${env.S3_BUCKET}-made`,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    });
    await fresh.ensureBucket();
    await fresh.ensureBucket();
    const key = newKey();
    await putPng(fresh, key);
    expect((await fresh.head(key))?.size).toBe(PNG.length);
  });

  it('reads the start of an empty object as no bytes', async () => {
    const key = newKey();
    await putPng(storage, key, Buffer.alloc(0));
    expect(await storage.head(key)).toMatchObject({ key, size: 0, contentType: 'image/png' });
    expect(await storage.readStart(key, 16)).toEqual(Buffer.alloc(0));
  });
});

describe('S3 keyFromUrl without an endpoint (AWS)', () => {
  const aws = createS3Storage({
    bucket: 'my-bucket',
    endpoint: undefined,
    region: 'eu-west-1',
    accessKeyId: undefined,
    secretAccessKey: undefined,
  });
  it('accepts the virtual-host and path styles of its bucket only', () => {
    const key = newKey();
    expect(aws.keyFromUrl(`https://my-bucket.s3.eu-west-1.amazonaws.com/${key}?X-Amz-Date=1`)).toBe(
      key,
    );
    expect(aws.keyFromUrl(`https://s3.eu-west-1.amazonaws.com/my-bucket/${key}`)).toBe(key);
    expect(aws.keyFromUrl(`https://other.s3.eu-west-1.amazonaws.com/${key}`)).toBeNull();
    expect(aws.keyFromUrl(`https://s3.eu-west-1.amazonaws.com/other/${key}`)).toBeNull();
    expect(aws.keyFromUrl(`http://my-bucket.s3.eu-west-1.amazonaws.com/${key}`)).toBeNull();
    expect(
      aws.keyFromUrl(`https://my-bucket.s3.eu-west-1.amazonaws.com.evil.example/${key}`),
    ).toBeNull();
  });
});
