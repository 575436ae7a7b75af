import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaFile, UploadTicket } from '../../contracts/media.js';
import { makeMediaFixtures, type MediaFixtures } from '../helpers/media-files.js';
import {
  createVisitor,
  startTestServer,
  type TestServer,
  type Visitor,
} from '../helpers/server.js';

/** Upload tickets and files in the database, and objects in storage. */
async function footprintOf(server: TestServer) {
  const db = server.database.db;
  const root = path.join(server.dataDir, 'storage');
  const objects = async (dir: string) =>
    (await readdir(dir, { withFileTypes: true }).catch(() => [])).filter(
      (e) => e.isFile() && !e.name.endsWith('.content-type'),
    ).length;
  return {
    tickets: (await db.selectFrom('mediaUploads').select('id').execute()).length,
    files: (await db.selectFrom('mediaFiles').select('id').execute()).length,
    objects:
      (await objects(path.join(root, 'media'))) + (await objects(path.join(root, '.incoming'))),
  };
}

/** OWASP ASVS 12.1.3: one visitor cannot fill the site's storage. */
describe("a visitor's gallery quota", () => {
  let server: TestServer;
  let fixtures: MediaFixtures;

  beforeAll(async () => {
    fixtures = await makeMediaFixtures();
    server = await startTestServer({
      MEDIA_QUOTA_FILES: '2',
      MEDIA_QUOTA_BYTES: String(fixtures.png.length + fixtures.jpeg.length),
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await fixtures?.close();
  });

  const cookieOf = (v: Visitor) => [...v.cookies].map(([k, val]) => `${k}=${val}`).join('; ');

  const askTicket = (v: Visitor, fileType: string, fileSize?: number) =>
    v.request('POST', '/api/media/upload', { body: { fileType, fileSize } });

  async function putAndRecord(v: Visitor, ticket: UploadTicket, bytes: Buffer, fileType: string) {
    const url = new URL(ticket.uploadURL, server.url).toString();
    const stored = await fetch(url, {
      method: 'PUT',
      headers: { ...ticket.headers, 'content-type': fileType, cookie: cookieOf(v) },
      body: bytes,
    });
    expect(stored.status).toBe(200);
    return v.request('PUT', '/api/media', {
      body: { mediaURL: url, fileName: 'photo', fileType, fileSize: bytes.length },
    });
  }

  async function upload(v: Visitor, bytes: Buffer, fileType: string): Promise<MediaFile> {
    const ticket = await askTicket(v, fileType, bytes.length);
    expect(ticket.status).toBe(200);
    const recorded = await putAndRecord(v, (await ticket.json()) as UploadTicket, bytes, fileType);
    expect(recorded.status).toBe(201);
    return (await recorded.json()) as MediaFile;
  }

  async function expectFull(answer: Response) {
    expect(answer.status).toBe(413);
    const body = (await answer.json()) as { message: string };
    expect(body.message).toMatch(/^Your gallery is full: it holds up to 2 files and .+ MB\./);
  }

  it('refuses a file past the count or the bytes, before the upload and again at its record', async () => {
    const owner = createVisitor(server.url);
    const { png, jpeg } = fixtures;
    await upload(owner, png, 'image/png');
    const second = await upload(owner, jpeg, 'image/jpeg');

    // Two files: a third is refused before anything is stored.
    const before = await footprintOf(server);
    await expectFull(await askTicket(owner, 'image/png', png.length));
    expect(await footprintOf(server)).toEqual(before);

    // One file gone: room for one more, but only as many bytes as it left free.
    expect((await owner.request('DELETE', `/api/media/${second.id}`)).status).toBe(204);
    const larger = png.length > jpeg.length ? png : null;
    expect(larger, 'the PNG fixture is larger than the JPEG one').not.toBeNull();
    await expectFull(await askTicket(owner, 'image/png', larger!.length));

    // A size the browser did not declare is checked when the upload is recorded: refused, and
    // nothing of it is left, neither the stored bytes nor the ticket.
    const afterDelete = await footprintOf(server);
    const undeclared = await askTicket(owner, 'image/png');
    expect(undeclared.status).toBe(200);
    await expectFull(
      await putAndRecord(owner, (await undeclared.json()) as UploadTicket, larger!, 'image/png'),
    );
    expect(await footprintOf(server)).toEqual(afterDelete);

    // What fits, fits.
    await upload(owner, jpeg, 'image/jpeg');
  });

  it("is each visitor's own", async () => {
    const other = createVisitor(server.url);
    await upload(other, fixtures.png, 'image/png');
    await upload(other, fixtures.jpeg, 'image/jpeg');
    await expectFull(await askTicket(other, 'image/jpeg', fixtures.jpeg.length));
  });
});

/**
 * A full disk would stop the database, and every booking and trip with it: uploads to local storage
 * leave STORAGE_RESERVE_BYTES free. Two servers on one data folder and database, as behind a load
 * balancer: one with room, and one whose reserve is more than any disk holds, so it is "full".
 */
describe("the disk's reserve", () => {
  let roomy: TestServer;
  let full: TestServer;
  let fixtures: MediaFixtures;

  beforeAll(async () => {
    fixtures = await makeMediaFixtures();
    roomy = await startTestServer();
    full = await startTestServer({
      DATA_DIR: roomy.dataDir,
      ...(roomy.config.databaseUrl ? { DATABASE_URL: roomy.config.databaseUrl } : {}),
      STORAGE_RESERVE_BYTES: String(Number.MAX_SAFE_INTEGER),
    });
  }, 120_000);
  afterAll(async () => {
    await full?.close();
    await roomy?.close();
    await fixtures?.close();
  });

  async function expectNoRoom(answer: Response) {
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('60');
    expect(((await answer.json()) as { message: string }).message).toBe(
      'The site has no room for new uploads right now. Nothing was uploaded; please try again later.',
    );
  }

  it('refuses an upload URL, and a body, that would eat into it; nothing is kept, and the URL works once there is room', async () => {
    const { png } = fixtures;
    const visitor = createVisitor(roomy.url);
    expect((await visitor.request('GET', '/api/media')).status).toBe(200);
    const cookie = [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const before = await footprintOf(roomy);

    // Asked of the full server, with or without a declared size: refused, no ticket.
    for (const body of [
      { fileType: 'image/png', fileSize: png.length },
      { fileType: 'image/png' },
    ]) {
      await expectNoRoom(
        await fetch(new URL('/api/media/upload', full.url), {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    }
    expect(await footprintOf(roomy)).toEqual(before);

    // A URL handed out while there was room, its body sent when the disk has filled: refused
    // before a byte is written.
    const asked = await visitor.request('POST', '/api/media/upload', {
      body: { fileType: 'image/png', fileSize: png.length },
    });
    expect(asked.status).toBe(200);
    const ticket = (await asked.json()) as UploadTicket;
    const put = (server: TestServer) =>
      fetch(new URL(ticket.uploadURL, server.url), {
        method: 'PUT',
        headers: { ...ticket.headers, 'content-type': 'image/png', cookie },
        body: png,
      });
    const withTicket = await footprintOf(roomy);
    await expectNoRoom(await put(full));
    expect(await footprintOf(roomy)).toEqual(withTicket);

    // The refusal was for then: with room again, the same URL stores the file.
    expect((await put(roomy)).status).toBe(200);
    const recorded = await visitor.request('PUT', '/api/media', {
      body: {
        mediaURL: new URL(ticket.uploadURL, roomy.url).toString(),
        fileName: 'photo.png',
        fileType: 'image/png',
        fileSize: png.length,
      },
    });
    expect(recorded.status).toBe(201);
  });
});

/**
 * A new cookie is a new visitor: one address cannot go past its hour by starting new sessions.
 * Behind a proxy the server believes (TRUST_PROXY), X-Forwarded-For names each client's address.
 */
describe("an address's hour of uploads", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      MEDIA_HOURLY_BYTES_PER_ADDRESS: String(3 * 1024 * 1024),
      TRUST_PROXY: 'loopback',
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  /** A new visitor (no cookie) at `address` asks for an upload URL. */
  const askTicket = (address: string, fileSize?: number) =>
    createVisitor(server.url).request('POST', '/api/media/upload', {
      body: { fileType: 'image/jpeg', fileSize },
      headers: { 'x-forwarded-for': address },
    });

  it('hands out upload URLs up to its bytes, however many visitors ask, then says when to come back', async () => {
    const before = await footprintOf(server);
    expect((await askTicket('203.0.113.7', 1024 * 1024)).status).toBe(200);
    expect((await askTicket('203.0.113.7', 2 * 1024 * 1024)).status).toBe(200);

    // A third visitor from the same address: past the hour's 3 MB, refused, and no ticket.
    const refused = await askTicket('203.0.113.7', 1);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Too many uploads from your network in the last hour. Please try again in 60 minutes.',
    );
    expect((await footprintOf(server)).tickets).toBe(before.tickets + 2);

    // Another address has an hour of its own. A size not declared counts as the largest file
    // allowed (100 MB, past these 3 MB), and a refusal takes nothing from the hour.
    expect((await askTicket('198.51.100.2')).status).toBe(429);
    expect((await askTicket('198.51.100.2', 3 * 1024 * 1024)).status).toBe(200);
  });
});
