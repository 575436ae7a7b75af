import { request as httpRequest } from 'node:http';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MAX_UPLOAD_BYTES,
  MOVIE_DURATION_INFO,
  type MediaFile,
  type Movie,
  type ShareResult,
  type UploadTicket,
} from '../../contracts/media.js';
import { createLocalStorage } from '../../server/adapters/storage/local.js';
import { createS3Storage } from '../../server/adapters/storage/s3.js';
import { makeMediaFixtures, probeFile, type MediaFixtures } from '../helpers/media-files.js';
import { s3Available, S3_SKIP_HINT, s3TestEnv } from '../helpers/s3.js';
import {
  createVisitor,
  startTestServer,
  type TestServer,
  type Visitor,
} from '../helpers/server.js';
import { decoded, startSmtpReceiver } from '../helpers/smtp.js';

const STORAGES = ['local', 's3'] as const;
const s3Ready = await s3Available();

let fixtures: MediaFixtures;
beforeAll(async () => {
  fixtures = await makeMediaFixtures();
});
afterAll(async () => {
  await fixtures?.close();
});

describe.each(STORAGES)('media gallery on %s storage', (storage) => {
  if (storage === 's3' && !s3Ready) {
    it.skip(`skipped: no S3 test server; ${S3_SKIP_HINT}`);
    return;
  }
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    const s3 = storage === 's3' ? await s3TestEnv() : {};
    server = await startTestServer({
      ...s3,
      SMTP_URL: smtp.url,
      APP_URL: 'http://journeys.test',
    });
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const visitor = () => createVisitor(server.url);
  const cookieOf = (v: Visitor) => [...v.cookies].map(([k, val]) => `${k}=${val}`).join('; ');
  const absolute = (url: string) => new URL(url, server.url).toString();

  async function ticket(v: Visitor, fileType: string, fileSize: number): Promise<UploadTicket> {
    const response = await v.request('POST', '/api/media/upload', { body: { fileType, fileSize } });
    expect(response.status).toBe(200);
    return (await response.json()) as UploadTicket;
  }

  /** PUTs bytes to an upload URL as the browser does (with the cookie for our own server). */
  function put(v: Visitor, t: UploadTicket, body: Buffer, headers: Record<string, string> = {}) {
    return fetch(absolute(t.uploadURL), {
      method: 'PUT',
      headers: {
        ...t.headers,
        ...(storage === 'local' ? { cookie: cookieOf(v) } : {}),
        ...headers,
      },
      body,
    });
  }

  const record = (v: Visitor, body: Record<string, unknown>) =>
    v.request('PUT', '/api/media', { body });

  async function upload(v: Visitor, bytes: Buffer, fileType: string, fileName: string) {
    const t = await ticket(v, fileType, bytes.length);
    const stored = await put(v, t, bytes);
    expect(stored.status).toBe(200);
    const response = await record(v, {
      mediaURL: absolute(t.uploadURL),
      fileName,
      fileType,
      fileSize: bytes.length,
      description: `A description of ${fileName}`,
    });
    expect(response.status).toBe(201);
    return (await response.json()) as MediaFile;
  }

  /** Upload tickets left in the database, and (on local disk) files left in storage. */
  async function leftovers() {
    const tickets = await server.database.db.selectFrom('mediaUploads').selectAll().execute();
    const files = await server.database.db.selectFrom('mediaFiles').select('id').execute();
    let onDisk: string[] = [];
    if (storage === 'local') {
      const root = path.join(server.dataDir, 'storage');
      const list = async (dir: string): Promise<string[]> =>
        (await readdir(dir, { withFileTypes: true }).catch(() => [])).flatMap((e) =>
          e.isDirectory() || e.name.endsWith('.content-type') ? [] : [path.join(dir, e.name)],
        );
      onDisk = [
        ...(await list(path.join(root, 'media'))),
        ...(await list(path.join(root, '.incoming'))),
      ];
    }
    return { tickets: tickets.length, files: files.length, onDisk: onDisk.length };
  }

  async function expectNoTrace(before: Awaited<ReturnType<typeof leftovers>>) {
    expect(await leftovers()).toEqual(before);
  }

  /** Whether storage still holds an object (asked of the bucket itself on S3). */
  const store = () =>
    storage === 's3'
      ? createS3Storage(server.config.s3!)
      : createLocalStorage({ dataDir: server.dataDir, secret: 'unused' });
  const inStorage = async (key: string) => (await store().head(key)) !== null;

  it('uploads a photo and a video, lists them newest first, and serves them with ranges', async () => {
    const v = visitor();
    const photo = await upload(v, fixtures.png, 'image/png', 'beach-day.png');
    expect(photo).toMatchObject({
      fileName: 'beach-day.png',
      fileType: 'image/png',
      fileSize: fixtures.png.length,
      description: 'A description of beach-day.png',
      contentUrl: `/api/media/${photo.id}/content`,
    });
    expect(photo.thumbnailUrl).toBe(`/api/media/${photo.id}/thumbnail`);
    const video = await upload(v, fixtures.mp4, 'video/mp4', 'harbour.mp4');
    expect(video.thumbnailUrl).not.toBeNull();

    const list = (await (await v.request('GET', '/api/media')).json()) as MediaFile[];
    expect(list.map((f) => f.id)).toEqual([video.id, photo.id]);

    const whole = await v.request('GET', photo.contentUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await whole.arrayBuffer()).equals(fixtures.png)).toBe(true);

    const part = await v.request('GET', video.contentUrl, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${fixtures.mp4.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(fixtures.mp4.subarray(10, 20))).toBe(true);
    const tail = await v.request('GET', video.contentUrl, { headers: { range: 'bytes=-5' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(fixtures.mp4.subarray(-5))).toBe(true);
    const beyond = await v.request('GET', video.contentUrl, {
      headers: { range: `bytes=${fixtures.mp4.length + 10}-` },
    });
    expect(beyond.status).toBe(416);

    const thumb = await v.request('GET', video.thumbnailUrl!);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    const thumbBytes = Buffer.from(await thumb.arrayBuffer());
    expect(thumbBytes.subarray(0, 3).toString('hex')).toBe('ffd8ff');
  });

  it('refuses a text file named .jpg and a type that is not the bytes, leaving nothing behind', async () => {
    const v = visitor();
    const before = await leftovers();
    const text = Buffer.from('just some words, not a picture at all\n'.repeat(20));
    for (const [bytes, type, expected] of [
      [text, 'image/jpeg', /not an image or a video/],
      [fixtures.png, 'image/jpeg', /sent as image\/jpeg but its contents are image\/png/],
      [fixtures.png, 'video/mp4', /contents are image\/png/],
    ] as const) {
      const t = await ticket(v, type, bytes.length);
      const stored = await put(v, t, bytes);
      if (storage === 'local') {
        expect(stored.status).toBe(415);
        expect(((await stored.json()) as { message: string }).message).toMatch(expected);
      } else {
        // S3 takes any bytes; the check happens when the upload is recorded.
        expect(stored.status).toBe(200);
      }
      const response = await record(v, {
        mediaURL: t.uploadURL,
        fileName: 'holiday.jpg',
        fileType: type,
        fileSize: bytes.length,
      });
      expect(response.status).toBe(storage === 'local' ? 400 : 415);
      expect(await inStorage(store().keyFromUrl(absolute(t.uploadURL))!)).toBe(false);
    }
    await expectNoTrace(before);
  });

  it('refuses tampered, replayed and foreign upload URLs, and sizes or types that differ', async () => {
    const a = visitor();
    const b = visitor();
    await a.request('GET', '/api/media');
    await b.request('GET', '/api/media');

    // Tampered: another object, or a changed signature.
    const t = await ticket(a, 'image/png', fixtures.png.length);
    const url = new URL(absolute(t.uploadURL));
    const tampered = new URL(url);
    const signatureParam = storage === 'local' ? 'signature' : 'X-Amz-Signature';
    const signature = url.searchParams.get(signatureParam)!;
    tampered.searchParams.set(
      signatureParam,
      (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1),
    );
    const forged = await put(a, { ...t, uploadURL: tampered.toString() }, fixtures.png);
    expect(forged.status).toBe(403);

    if (storage === 'local') {
      // Another visitor's cookie with a valid URL.
      const stolen = await put(b, t, fixtures.png);
      expect(stolen.status).toBe(403);
      // A declared length that is not the signed one.
      const longer = await put(a, t, Buffer.concat([fixtures.png, Buffer.alloc(10)]));
      expect(longer.status).toBe(403);
    }

    // The real upload works once.
    expect((await put(a, t, fixtures.png)).status).toBe(200);
    if (storage === 'local') {
      const replay = await put(a, t, fixtures.png);
      expect(replay.status).toBe(403);
      expect(((await replay.json()) as { message: string }).message).toMatch(/already been used/);
    }

    // B cannot record A's upload; nor can anyone record a URL that is not an upload.
    const body = { fileName: 'a.png', fileType: 'image/png', fileSize: fixtures.png.length };
    expect((await record(b, { ...body, mediaURL: t.uploadURL })).status).toBe(400);
    expect(
      (await record(a, { ...body, mediaURL: 'https://elsewhere.example/media/whatever.png' }))
        .status,
    ).toBe(400);

    // A size or type that is not the stored one is refused and the upload removed.
    const before = await leftovers();
    const wrongSize = await record(a, {
      ...body,
      fileSize: body.fileSize + 1,
      mediaURL: t.uploadURL,
    });
    expect(wrongSize.status).toBe(400);
    expect(((await wrongSize.json()) as { message: string }).message).toMatch(/fileSize/);
    const after = await leftovers();
    expect(after.tickets).toBe(before.tickets - 1);
    if (storage === 'local') expect(after.onDisk).toBe(before.onDisk - 1);
    // ...and the same URL cannot be recorded afterwards.
    expect((await record(a, { ...body, mediaURL: t.uploadURL })).status).toBe(400);

    // A recorded upload cannot be recorded twice, and a replayed URL cannot change what is served.
    const t2 = await ticket(a, 'image/png', fixtures.png.length);
    expect((await put(a, t2, fixtures.png)).status).toBe(200);
    const recorded = await record(a, { ...body, mediaURL: t2.uploadURL });
    expect(recorded.status).toBe(201);
    const listed = (await recorded.json()) as MediaFile;
    const swapped = Buffer.alloc(fixtures.png.length, 0x41);
    const replay = await put(a, t2, swapped);
    expect(replay.status).toBe(storage === 'local' ? 403 : 200);
    expect((await record(a, { ...body, mediaURL: t2.uploadURL })).status).toBe(400);
    const served = Buffer.from(await (await a.request('GET', listed.contentUrl)).arrayBuffer());
    expect(served.equals(fixtures.png)).toBe(true);
  });

  it('answers HEAD with the headers only, and refuses a JSON body at an upload URL unread', async () => {
    const v = visitor();
    const file = await upload(v, fixtures.mp4, 'video/mp4', 'clip.mp4');
    const head = await v.request('HEAD', file.contentUrl, { headers: { range: 'bytes=0-9' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-length')).toBe('10');
    const whole = await v.request('HEAD', file.contentUrl);
    expect(whole.headers.get('content-length')).toBe(String(fixtures.mp4.length));
    expect((await whole.arrayBuffer()).byteLength).toBe(0);

    const json = await fetch(
      `${server.url}/api/media/uploads/00000000-0000-4000-8000-000000000000`,
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ big: 'x'.repeat(100_000) }),
      },
    );
    // Only local storage takes PUTs itself; elsewhere the path is unknown (and JSON-limited).
    expect(json.status).toBe(storage === 'local' ? 415 : 413);
  });

  it.runIf(storage === 'local')('refuses an expired upload URL', async () => {
    const v = visitor();
    const t = await ticket(v, 'image/png', fixtures.png.length);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60 * 1000 });
    const late = await put(v, t, fixtures.png);
    expect(late.status).toBe(403);
    expect(((await late.json()) as { message: string }).message).toMatch(/expired/);
  });

  it.runIf(storage === 'local')(
    'stops a body past 100 MB with a 413 and keeps nothing',
    async () => {
      const v = visitor();
      await v.request('GET', '/api/media');
      const before = await leftovers();

      // Content-Length says too much: refused before a byte is read.
      const t1 = await ticket(v, 'video/mp4', MAX_UPLOAD_BYTES);
      const early = await rawPut(absolute(t1.uploadURL), cookieOf(v), {
        'content-type': 'video/mp4',
        'content-length': String(MAX_UPLOAD_BYTES + 1),
      });
      expect(early).toBe(413);

      // A chunked body of 100 MB + 1 byte: aborted at the limit.
      const t2 = await v.request('POST', '/api/media/upload', { body: { fileType: 'video/mp4' } });
      const unsized = (await t2.json()) as UploadTicket;
      const status = await rawPut(
        absolute(unsized.uploadURL),
        cookieOf(v),
        { 'content-type': 'video/mp4', 'transfer-encoding': 'chunked' },
        oversizedBody(fixtures.mp4, MAX_UPLOAD_BYTES + 1),
      );
      expect(status).toBe(413);
      await expectNoTrace(before);
    },
    60_000,
  );

  it('keeps at most 10 upload URLs open per visitor', async () => {
    const v = visitor();
    const tickets: UploadTicket[] = [];
    for (let i = 0; i < 11; i += 1) tickets.push(await ticket(v, 'image/png', fixtures.png.length));
    const body = { fileName: 'a.png', fileType: 'image/png', fileSize: fixtures.png.length };
    if (storage === 'local') {
      const first = await put(v, tickets[0]!, fixtures.png);
      expect(first.status).toBe(403);
      expect(((await first.json()) as { message: string }).message).toMatch(/at most 10 files/);
    } else {
      expect((await put(v, tickets[0]!, fixtures.png)).status).toBe(200);
      expect((await record(v, { ...body, mediaURL: tickets[0]!.uploadURL })).status).toBe(400);
    }
    expect((await put(v, tickets[10]!, fixtures.png)).status).toBe(200);
    expect((await record(v, { ...body, mediaURL: tickets[10]!.uploadURL })).status).toBe(201);
  });

  it("answers the specification's bodiless upload call, with no content type, as an empty one", async () => {
    const v = visitor();
    // The visitor's cookie is made by a first request; this one sends no body at all.
    await v.request('POST', '/api/media/upload', { body: { fileType: 'image/png', fileSize: 1 } });
    const cookie = [...v.cookies].map(([k, value]) => `${k}=${value}`).join('; ');
    const bare = await fetch(`${server.url}/api/media/upload`, {
      method: 'POST',
      headers: { cookie },
    });
    if (storage === 'local') {
      // The upload route checks the bytes it receives, so it needs nothing in advance.
      expect(bare.status).toBe(200);
      expect(await bare.json()).toMatchObject({ method: 'PUT', uploadURL: expect.any(String) });
    } else {
      // A bucket's signed URL is bound to one type and size (decision 017): it says what it needs.
      expect(bare.status).toBe(400);
      expect(((await bare.json()) as { message: string }).message).toBe(
        'fileType and fileSize are required to upload',
      );
    }
  });

  it('refuses bad upload requests with clear messages', async () => {
    const v = visitor();
    const tooBig = await v.request('POST', '/api/media/upload', {
      body: { fileType: 'video/mp4', fileSize: MAX_UPLOAD_BYTES + 1 },
    });
    expect(tooBig.status).toBe(400);
    expect(((await tooBig.json()) as { message: string }).message).toBe(
      'Files can be at most 100 MB',
    );
    const pdf = await v.request('POST', '/api/media/upload', {
      body: { fileType: 'application/pdf', fileSize: 100 },
    });
    expect(pdf.status).toBe(400);
    expect(((await pdf.json()) as { message: string }).message).toBe(
      'Only images and videos can be uploaded',
    );
    const empty = await record(v, {});
    expect(empty.status).toBe(400);
  });

  it('lets the page PUT to the bucket only when media lives in S3', async () => {
    // The pages' policy: the page makes the PUT.
    const csp = (await fetch(`${server.url}/`)).headers.get('content-security-policy')!;
    const connect = /connect-src ([^;]*)/.exec(csp)![1]!.split(' ');
    expect(connect).toEqual(
      storage === 's3' ? ["'self'", new URL(server.config.s3!.endpoint!).origin] : ["'self'"],
    );
  });

  it("keeps every visitor's files to themselves, and deletes them for good", async () => {
    const owner = visitor();
    const other = visitor();
    await other.request('GET', '/api/media');
    const file = await upload(owner, fixtures.jpeg, 'image/jpeg', 'bars.jpg');

    expect(await (await other.request('GET', '/api/media')).json()).toEqual([]);
    expect((await other.request('GET', file.contentUrl)).status).toBe(404);
    expect((await other.request('GET', file.thumbnailUrl!)).status).toBe(404);
    expect((await other.request('DELETE', `/api/media/${file.id}`)).status).toBe(404);
    const movie = await other.request('POST', '/api/media/create-movie', {
      body: { mediaIds: [file.id], style: 'cinematic', duration: 'short' },
    });
    expect(movie.status).toBe(404);
    const share = await other.request('POST', '/api/media/share', {
      body: { mediaIds: [file.id], shareType: 'social', socialPlatform: 'facebook' },
    });
    expect(share.status).toBe(404);
    expect((await other.request('GET', '/api/media/not-an-id/content')).status).toBe(404);

    const row = await server.database.db
      .selectFrom('mediaFiles')
      .selectAll()
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    expect((await owner.request('DELETE', `/api/media/${file.id}`)).status).toBe(204);
    expect((await owner.request('GET', file.contentUrl)).status).toBe(404);
    expect(await inStorage(row.objectKey)).toBe(false);
    expect(await inStorage(row.thumbnailKey!)).toBe(false);
    expect((await owner.request('DELETE', `/api/media/${file.id}`)).status).toBe(404);
  });

  it('shares by e-mail and on social media through a private, revocable, expiring page', async () => {
    const owner = visitor();
    const photo = await upload(owner, fixtures.png, 'image/png', 'lake.png');
    const video = await upload(owner, fixtures.mp4, 'video/mp4', 'boat.mp4');

    const noEmail = await owner.request('POST', '/api/media/share', {
      body: { mediaIds: [photo.id], shareType: 'email', email: '' },
    });
    expect(noEmail.status).toBe(400);
    expect(((await noEmail.json()) as { message: string }).message).toBe(
      'Please enter an email address to share with.',
    );
    const none = await owner.request('POST', '/api/media/share', {
      body: { mediaIds: [], shareType: 'social', socialPlatform: 'twitter' },
    });
    expect(none.status).toBe(400);

    const address = `friend-${storage}@example.test`;
    const emailed = await owner.request('POST', '/api/media/share', {
      body: { mediaIds: [photo.id, video.id], shareType: 'email', email: address },
    });
    expect(emailed.status).toBe(200);
    const result = (await emailed.json()) as ShareResult;
    expect(result.shareUrl).toMatch(/^http:\/\/journeys\.test\/shared\/[\w-]{43}$/);
    const [mail] = await smtp.mailFor(address);
    expect(decoded(mail!)).toContain(result.shareUrl);

    const token = result.shareUrl.split('/').pop()!;
    const stranger = visitor();
    const page = await stranger.request('GET', `/api/shared/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toMatch(/noindex/);
    const shared = (await page.json()) as { files: { fileName: string; contentUrl: string }[] };
    expect(shared.files.map((f) => f.fileName)).toEqual(['lake.png', 'boat.mp4']);
    const bytes = await stranger.request('GET', shared.files[1]!.contentUrl, {
      headers: { range: 'bytes=0-3' },
    });
    expect(bytes.status).toBe(206);
    expect((await stranger.request('GET', `/api/shared/${token}x`)).status).toBe(404);
    // The owner's private URLs stay private.
    expect((await stranger.request('GET', photo.contentUrl)).status).toBe(404);

    const social = await owner.request('POST', '/api/media/share', {
      body: { mediaIds: [photo.id], shareType: 'social', socialPlatform: 'facebook' },
    });
    const socialResult = (await social.json()) as ShareResult;
    const encoded = encodeURIComponent(socialResult.shareUrl);
    expect(socialResult.socialShareData).toEqual({
      facebook: `https://www.facebook.com/sharer/sharer.php?u=${encoded}`,
      twitter: expect.stringContaining(`https://twitter.com/intent/tweet?url=${encoded}`),
      instagram: socialResult.shareUrl,
    });

    const listed = (await (await owner.request('GET', '/api/media/shares')).json()) as {
      id: string;
    }[];
    expect(listed.map((s) => s.id)).toEqual([socialResult.id, result.id]);
    expect((await stranger.request('DELETE', `/api/media/shares/${result.id}`)).status).toBe(404);
    expect((await owner.request('DELETE', `/api/media/shares/${result.id}`)).status).toBe(204);
    expect((await stranger.request('GET', `/api/shared/${token}`)).status).toBe(404);
    expect((await stranger.request('GET', shared.files[0]!.contentUrl)).status).toBe(404);

    const socialToken = socialResult.shareUrl.split('/').pop()!;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 8 * 24 * 60 * 60 * 1000 });
    expect((await stranger.request('GET', `/api/shared/${socialToken}`)).status).toBe(410);
  });

  it('names the sharer who gives a name, refuses one that could break the mail, and says where help is', async () => {
    const owner = visitor();
    const photo = await upload(owner, fixtures.png, 'image/png', 'lake.png');
    const send = (email: string, senderName?: unknown) =>
      owner.request('POST', '/api/media/share', {
        body: { mediaIds: [photo.id], shareType: 'email', email, senderName },
      });

    const named = `named-${storage}-${crypto.randomUUID()}@example.test`;
    expect((await send(named, ' Ana & <Bo> ')).status).toBe(200);
    const body = decoded((await smtp.mailFor(named))[0]!);
    expect(body).toMatch(/^Subject: Ana & <Bo> shared a travel memory with you\r?$/m);
    expect(body).toContain('Ana & <Bo> shared 1 travel photo or video with you');
    expect(body).toContain('Ana &#38; &#60;Bo&#62; shared 1 travel photo or video with you');
    expect(body).toContain('Please do not reply to this message.');
    expect(body).toContain('http://journeys.test/contact');

    const unnamed = `unnamed-${storage}-${crypto.randomUUID()}@example.test`;
    expect((await send(unnamed)).status).toBe(200);
    const plain = decoded((await smtp.mailFor(unnamed))[0]!);
    expect(plain).toMatch(/^Subject: Travel memory shared with you\r?$/m);
    expect(plain).toContain('Someone shared 1 travel photo or video with you');

    const refused = `refused-${storage}-${crypto.randomUUID()}@example.test`;
    for (const senderName of ['Ana\nBcc: victim@example.test', 'x'.repeat(81)]) {
      const response = await send(refused, senderName);
      expect(response.status).toBe(400);
      const error = (await response.json()) as { errors?: { path: string }[] };
      expect(error.errors?.map((e) => e.path)).toContain('senderName');
    }
    expect(smtp.received.filter((m) => m.to.includes(refused))).toHaveLength(0);
  });

  it('refuses movie requests outside the lists', async () => {
    const v = visitor();
    const noIds = await v.request('POST', '/api/media/create-movie', {
      body: { mediaIds: [], style: 'cinematic', duration: 'short' },
    });
    expect(noIds.status).toBe(400);
    const style = await v.request('POST', '/api/media/create-movie', {
      body: { mediaIds: ['x'], style: 'noir', duration: 'short' },
    });
    expect(style.status).toBe(400);
    const duration = await v.request('POST', '/api/media/create-movie', {
      body: { mediaIds: ['x'], style: 'relaxed', duration: 'epic' },
    });
    expect(duration.status).toBe(400);
  });

  it.runIf(storage === 'local')(
    'renders a captioned travel movie of three photos, with a calm variant',
    async () => {
      const v = visitor();
      const files = [
        await upload(v, fixtures.png, 'image/png', 'first-morning.png'),
        await upload(v, fixtures.jpeg, 'image/jpeg', 'old-town.jpg'),
        await upload(v, fixtures.portrait, 'image/jpeg', 'garden-path.jpg'),
      ];
      const created = await v.request('POST', '/api/media/create-movie', {
        body: { mediaIds: files.map((f) => f.id), style: 'documentary', duration: 'short' },
      });
      expect(created.status).toBe(201);
      const movie = (await created.json()) as Movie;
      expect(movie).toMatchObject({
        style: 'documentary',
        duration: 'short',
        writtenBy: 'template',
      });
      expect(movie.title.length).toBeGreaterThan(0);
      expect(movie.script).toMatch(/Scene 1/);
      expect(movie.mediaFiles).toHaveLength(3);
      expect(['queued', 'rendering']).toContain(movie.render.status);

      await server.app.movies!.idle();
      const done = (await (
        await v.request('GET', `/api/media/movies/${movie.id}`)
      ).json()) as Movie;
      expect(done.render).toMatchObject({ status: 'ready', progress: 1, error: null });

      const seconds = MOVIE_DURATION_INFO.short.seconds;
      for (const url of [done.render.videoUrl!, done.render.calmVideoUrl!]) {
        const response = await v.request('GET', url);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('video/mp4');
        const file = path.join(fixtures.dir, `movie-${path.basename(url).replace(/\W/g, '')}.mp4`);
        await writeFile(file, Buffer.from(await response.arrayBuffer()));
        const probe = await probeFile(fixtures.ffprobe, file);
        expect(probe.codec).toBe('h264');
        expect(Math.abs(probe.seconds - seconds)).toBeLessThan(0.5);
      }
      const seek = await v.request('GET', done.render.videoUrl!, {
        headers: { range: 'bytes=0-99' },
      });
      expect(seek.status).toBe(206);

      const captions = await v.request('GET', done.render.captionsUrl!);
      expect(captions.headers.get('content-type')).toMatch(/^text\/vtt/);
      const vtt = await captions.text();
      expect(vtt.startsWith('WEBVTT')).toBe(true);
      expect(vtt.match(/-->/g)).toHaveLength(3);

      const listed = (await (await v.request('GET', '/api/media/movies')).json()) as Movie[];
      expect(listed[0]!.id).toBe(movie.id);
      expect((await visitor().request('GET', `/api/media/movies/${movie.id}`)).status).toBe(404);
    },
    180_000,
  );

  it.runIf(storage === 'local')('keeps one visitor from filling the render queue', async () => {
    const v = visitor();
    const photo = await upload(v, fixtures.png, 'image/png', 'queue.png');
    const body = { mediaIds: [photo.id], style: 'relaxed', duration: 'long' };
    for (let i = 0; i < 2; i += 1) {
      expect((await v.request('POST', '/api/media/create-movie', { body })).status).toBe(201);
    }
    const third = await v.request('POST', '/api/media/create-movie', { body });
    expect(third.status).toBe(429);
    expect(((await third.json()) as { message: string }).message).toMatch(/still being made/);
    // Closing the server stops the renders; they would resume on the next start.
  });
});

/** A body of exactly `size` bytes: a real file's start, then zeros, streamed in 1 MB chunks. */
function oversizedBody(start: Buffer, size: number): Readable {
  let sent = 0;
  const chunk = Buffer.alloc(1024 * 1024);
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const first = sent === 0 ? start : chunk;
      const piece = first.subarray(0, Math.min(first.length, size - sent));
      sent += piece.length;
      this.push(piece);
    },
  });
}

/** A PUT with node:http, so the headers (and a chunked body) are exactly as given; resolves the status. */
function rawPut(
  url: string,
  cookie: string,
  headers: Record<string, string>,
  body?: Readable,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'PUT', headers: { ...headers, cookie } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    request.on('error', (error) => {
      // The server may close the connection right after answering a refused body.
      if (
        (error as NodeJS.ErrnoException).code === 'ECONNRESET' ||
        (error as NodeJS.ErrnoException).code === 'EPIPE'
      )
        return;
      reject(error);
    });
    if (body) {
      body.pipe(request);
      body.on('error', reject);
    } else {
      request.flushHeaders();
    }
  });
}
