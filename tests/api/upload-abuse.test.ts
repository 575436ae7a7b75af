import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaFile, UploadTicket } from '../../contracts/media.js';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createContext } from '../../server/context.js';
import { createTestDatabaseUrl } from '../helpers/database.js';
import { makeMediaFixtures, type MediaFixtures } from '../helpers/media-files.js';
import {
  createVisitor,
  startTestServer,
  type TestServer,
  type Visitor,
} from '../helpers/server.js';

/**
 * Issue 10's upload abuse, on local storage (where the server itself takes the PUT and the bytes
 * land on its disk): every refused upload leaves the whole DATA_DIR tree and the upload tables as
 * they were. media.test.ts proves the basics (a text file named .jpg, a tampered or foreign URL, a
 * replay after success, a body past 100 MB); this file covers the rest.
 */

/** Files the server keeps for itself, not uploads: the database, its secret and the mail outbox. */
const NOT_MEDIA = /^(app\.sqlite(-wal|-shm|-journal)?|session-secret|outbox\/.*)$/;

/** Every file under DATA_DIR (relative path and size), but the database and secret. */
async function filesUnder(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else {
        const relative = path.relative(root, full);
        if (!NOT_MEDIA.test(relative)) found.push(`${relative} ${(await stat(full)).size}`);
      }
    }
  };
  await walk(root);
  return found.sort();
}

/** Polls until `check` holds; fails naming `what` if it never does. */
async function waitFor(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Gave up waiting for ${what}`);
}

/** The first HTTP response on a raw connection: its status (0 when none came) and body. */
interface RawResponse {
  status: number;
  body: string;
}

/**
 * One request written byte by byte on its own TCP connection, so headers can lie exactly as
 * given and a body can be sent in parts, slowly, or never finished.
 */
function rawRequest(baseUrl: string, head: string[]) {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  let data = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => (data = Buffer.concat([data, chunk])));
  socket.on('error', () => undefined);
  const response = new Promise<RawResponse>((resolve) => {
    const finish = () => {
      const text = data.toString('utf8');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      const split = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(text.slice(0, split));
      const body = split < 0 ? '' : text.slice(split + 4, split + 4 + Number(length?.[1] ?? 0));
      resolve({ status: status ? Number(status[1]) : 0, body });
    };
    socket.on('close', finish);
  });
  socket.write(`${head.join('\r\n')}\r\n\r\n`);
  return {
    response,
    /** Resolves false once the server has hung up. */
    write: (bytes: Buffer | string) =>
      new Promise<boolean>((resolve) =>
        socket.destroyed ? resolve(false) : socket.write(bytes, (error) => resolve(!error)),
      ),
    destroy: () => socket.destroy(),
  };
}

let fixtures: MediaFixtures;
beforeAll(async () => {
  fixtures = await makeMediaFixtures();
});
afterAll(async () => {
  await fixtures?.close();
});

/** The helpers every group of tests below uses against its own server. */
function uploadsOn(getServer: () => TestServer) {
  const server = () => getServer();
  const cookieOf = (v: Visitor) => [...v.cookies].map(([k, val]) => `${k}=${val}`).join('; ');
  const incoming = () => path.join(server().dataDir, 'storage', '.incoming');
  const incomingFiles = async () => readdir(incoming()).catch(() => [] as string[]);

  async function visitor() {
    const v = createVisitor(server().url);
    expect((await v.request('GET', '/api/media')).status).toBe(200);
    return v;
  }

  async function ticket(v: Visitor, body: { fileType?: string; fileSize?: number }) {
    const response = await v.request('POST', '/api/media/upload', { body });
    expect(response.status).toBe(200);
    return (await response.json()) as UploadTicket;
  }

  /** The upload tables and the files under DATA_DIR: what a refused upload must leave as it was. */
  async function traces() {
    const db = server().database.db;
    const uploads = await db.selectFrom('mediaUploads').select(['id', 'status']).execute();
    const files = await db.selectFrom('mediaFiles').select('id').execute();
    return {
      uploads: uploads.map((u) => `${u.id} ${u.status}`).sort(),
      files: files.map((f) => f.id).sort(),
      onDisk: await filesUnder(server().dataDir),
    };
  }

  /** `traces()` without one ticket: a refused PUT spends its URL. */
  const without = (before: Awaited<ReturnType<typeof traces>>, t: UploadTicket) => ({
    ...before,
    uploads: before.uploads.filter((u) => !u.startsWith(ticketIdOf(t))),
  });

  const ticketIdOf = (t: UploadTicket) =>
    new URL(t.uploadURL, 'http://x').searchParams.get('ticket')!;

  /** A raw PUT of the ticket's URL with this visitor's cookie and the given headers. */
  function rawPut(v: Visitor, t: UploadTicket, headers: string[]) {
    const target = new URL(t.uploadURL, server().url);
    return rawRequest(server().url, [
      `PUT ${target.pathname}${target.search} HTTP/1.1`,
      `Host: ${target.host}`,
      `Cookie: ${cookieOf(v)}`,
      'Connection: close',
      ...headers,
    ]);
  }

  function put(v: Visitor, t: UploadTicket, body: Buffer, type?: string) {
    return fetch(new URL(t.uploadURL, server().url), {
      method: 'PUT',
      headers: { ...t.headers, ...(type ? { 'content-type': type } : {}), cookie: cookieOf(v) },
      body,
    });
  }

  const record = (v: Visitor, t: UploadTicket, fields: Record<string, unknown>) =>
    v.request('PUT', '/api/media', { body: { mediaURL: t.uploadURL, ...fields } });

  return {
    server,
    incomingFiles,
    visitor,
    ticket,
    traces,
    without,
    ticketIdOf,
    rawPut,
    put,
    record,
  };
}

describe('upload abuse on local storage', { timeout: 60_000 }, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  const u = uploadsOn(() => server);

  it('refuses an SVG, an HTML page and a program dressed as images, spending the URL and keeping nothing', async () => {
    const v = await u.visitor();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
    );
    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), randomBytes(500)]);
    for (const [bytes, type] of [
      [svg, 'image/svg+xml'],
      [html, 'image/png'],
      [elf, 'image/jpeg'],
      [html, 'video/mp4'],
    ] as const) {
      for (const declared of [true, false]) {
        // A URL bound to the type and size, and one that takes any image or video.
        const t = await u.ticket(v, declared ? { fileType: type, fileSize: bytes.length } : {});
        const before = await u.traces();
        const refused = await u.put(v, t, bytes, type);
        expect(refused.status, `${type}, declared: ${declared}`).toBe(415);
        expect(((await refused.json()) as { message: string }).message).toMatch(
          /not an image or a video/,
        );
        expect(await u.traces()).toEqual(u.without(before, t));

        // The URL is spent: the real picture cannot follow it, and nothing can be recorded.
        const replay = await u.put(v, t, fixtures.png, 'image/png');
        expect(replay.status).toBe(403);
        const listed = await u.record(v, t, {
          fileName: 'x.png',
          fileType: type,
          fileSize: bytes.length,
        });
        expect(listed.status).toBe(400);
        expect(await u.traces()).toEqual(u.without(before, t));
      }
    }
  });

  it('serves a GIF with a script in it as an inert image, never as a page', async () => {
    const v = await u.visitor();
    const polyglot = Buffer.concat([
      Buffer.from('GIF89a'),
      Buffer.from([1, 0, 1, 0, 0, 0, 0]),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const t = await u.ticket(v, { fileType: 'image/gif', fileSize: polyglot.length });
    expect((await u.put(v, t, polyglot)).status).toBe(200);
    const listed = await u.record(v, t, {
      fileName: 'trick.gif',
      fileType: 'image/gif',
      fileSize: polyglot.length,
    });
    expect(listed.status).toBe(201);
    const file = (await listed.json()) as MediaFile;
    const served = await v.request('GET', file.contentUrl);
    expect(served.headers.get('content-type')).toBe('image/gif');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toMatch(/sandbox/);
  });

  it("downloads a file under its verified type's extension, from the gallery and from a share link", async () => {
    const v = await u.visitor();
    const polyglot = Buffer.concat([
      Buffer.from('GIF89a'),
      Buffer.from([1, 0, 1, 0, 0, 0, 0]),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const t = await u.ticket(v, { fileType: 'image/gif', fileSize: polyglot.length });
    expect((await u.put(v, t, polyglot)).status).toBe(200);
    const listed = await u.record(v, t, {
      fileName: 'poly.html',
      fileType: 'image/gif',
      fileSize: polyglot.length,
    });
    expect(listed.status).toBe(201);
    const file = (await listed.json()) as MediaFile;
    // The gallery shows the name as given; only the download is renamed.
    expect(file.fileName).toBe('poly.html');
    const expected = `filename="poly.gif"; filename*=UTF-8''poly.gif`;
    // Each body is read to its end, so no answer is left in flight when the server closes.
    const disposition = async (response: Response) => {
      await response.arrayBuffer();
      return response.headers.get('content-disposition');
    };
    expect(await disposition(await v.request('GET', file.contentUrl))).toBe(`inline; ${expected}`);
    expect(await disposition(await v.request('GET', `${file.contentUrl}?download=1`))).toBe(
      `attachment; ${expected}`,
    );

    const shared = await v.request('POST', '/api/media/share', {
      body: { mediaIds: [file.id], shareType: 'social', socialPlatform: 'twitter' },
    });
    expect(shared.status).toBe(200);
    const token = ((await shared.json()) as { shareUrl: string }).shareUrl.split('/').pop()!;
    const page = (await (await fetch(`${u.server().url}/api/shared/${token}`)).json()) as {
      files: { contentUrl: string }[];
    };
    const fromShare = await fetch(new URL(page.files[0]!.contentUrl, u.server().url));
    expect(fromShare.status).toBe(200);
    expect(await disposition(fromShare)).toBe(`inline; ${expected}`);
  });

  it('refuses Content-Length headers that lie, and keeps nothing', async () => {
    const v = await u.visitor();
    const png = fixtures.png;

    // Shorter than the size the URL was made for: refused before a byte is read.
    const sized = await u.ticket(v, { fileType: 'image/png', fileSize: png.length });
    let before = await u.traces();
    const short = u.rawPut(v, sized, [
      'Content-Type: image/png',
      `Content-Length: ${png.length - 1}`,
    ]);
    await short.write(png.subarray(0, png.length - 1));
    const shortAnswer = await short.response;
    expect(shortAnswer.status).toBe(403);
    expect(shortAnswer.body).toMatch(new RegExp(`file of ${png.length} bytes`));
    expect(await u.traces()).toEqual(before);

    // Headers HTTP itself forbids (request smuggling shapes): refused by the parser, no handler runs.
    for (const headers of [
      ['Content-Type: image/png', `Content-Length: ${png.length}`, 'Transfer-Encoding: chunked'],
      ['Content-Type: image/png', `Content-Length: ${png.length}`, 'Content-Length: 10'],
      ['Content-Type: image/png', 'Content-Length: -1'],
      ['Content-Type: image/png', 'Content-Length: 12abc'],
    ]) {
      before = await u.traces();
      const lying = u.rawPut(v, sized, headers);
      await lying.write(png);
      expect((await lying.response).status, headers.join(', ')).toBe(400);
      expect(await u.traces()).toEqual(before);
    }

    // Longer than what comes: the sender hangs up mid-body. The partial file is removed and the
    // URL stays usable for the retry a browser makes.
    before = await u.traces();
    const long = u.rawPut(v, sized, ['Content-Type: image/png', `Content-Length: ${png.length}`]);
    await long.write(png.subarray(0, Math.floor(png.length / 2)));
    await waitFor('the body to reach the disk', async () => (await u.incomingFiles()).length > 0);
    long.destroy();
    await waitFor('the partial body to go', async () => (await u.incomingFiles()).length === 0);
    expect(await u.traces()).toEqual(before);
    expect((await u.put(v, sized, png)).status).toBe(200);
    const kept = await u.record(v, sized, {
      fileName: 'retry.png',
      fileType: 'image/png',
      fileSize: png.length,
    });
    expect(kept.status).toBe(201);

    // An unsized URL takes no more than the length given. What follows the declared bytes is a
    // malformed next request: the parser answers 400 and drops the connection, and the upload on it
    // is abandoned. At most the declared bytes could be kept, and never listed as the whole file.
    const unsized = await u.ticket(v, {});
    before = await u.traces();
    const declared = 1024;
    const truncated = u.rawPut(v, unsized, [
      'Content-Type: image/png',
      `Content-Length: ${declared}`,
    ]);
    await truncated.write(png);
    expect((await truncated.response).status).toBe(400);
    const retry = await u.put(v, unsized, png, 'image/png');
    const whole = { fileName: 'whole.png', fileType: 'image/png', fileSize: png.length };
    if (retry.status === 200) {
      // The usual case: nothing was kept, and the browser's retry goes through.
      expect(await retry.json()).toMatchObject({ size: png.length });
      expect((await u.record(v, unsized, whole)).status).toBe(201);
    } else {
      // The declared bytes were stored first: they are all there is, and cannot pass for the file.
      expect(retry.status).toBe(403);
      const row = await server.database.db
        .selectFrom('mediaUploads')
        .selectAll()
        .where('id', '=', u.ticketIdOf(unsized))
        .executeTakeFirstOrThrow();
      expect(Number(row.storedSize)).toBe(declared);
      expect((await u.record(v, unsized, whole)).status).toBe(400);
      const after = await u.traces();
      expect(after.onDisk).toEqual(before.onDisk);
      expect(after.files).toEqual(before.files);
    }
    expect(await u.incomingFiles()).toEqual([]);
  });

  it('lets only one of two simultaneous PUTs of one URL through, keeping no second file', async () => {
    const v = await u.visitor();
    const first = fixtures.png;
    // The same picture with other bytes at its end: as valid, as long, and distinguishable.
    const second = Buffer.concat([first.subarray(0, -4), Buffer.from('ABCD')]);
    const t = await u.ticket(v, { fileType: 'image/png', fileSize: first.length });
    const before = await u.traces();
    const headers = ['Content-Type: image/png', `Content-Length: ${first.length}`];
    const puts = [u.rawPut(v, t, headers), u.rawPut(v, t, headers)];
    const half = Math.floor(first.length / 2);
    await puts[0]!.write(first.subarray(0, half));
    await puts[1]!.write(second.subarray(0, half));
    // Both bodies are streaming: both PUTs got past the URL's checks.
    await waitFor(
      'both bodies to reach the disk',
      async () => (await u.incomingFiles()).length === 2,
    );
    await puts[0]!.write(first.subarray(half));
    await puts[1]!.write(second.subarray(half));
    const answers = await Promise.all(puts.map((p) => p.response));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403]);
    expect(answers.find((a) => a.status === 403)!.body).toMatch(/already been used/);
    expect(await u.incomingFiles()).toEqual([]);

    const winner = answers[0]!.status === 200 ? first : second;
    const listed = await u.record(v, t, {
      fileName: 'race.png',
      fileType: 'image/png',
      fileSize: first.length,
    });
    expect(listed.status).toBe(201);
    const file = (await listed.json()) as MediaFile;
    const served = Buffer.from(await (await v.request('GET', file.contentUrl)).arrayBuffer());
    expect(served.equals(winner)).toBe(true);
    const after = await u.traces();
    // One file and its thumbnail (each with its type beside it), nothing else.
    const added = after.onDisk.filter((f) => !before.onDisk.includes(f));
    expect(added).toHaveLength(4);
    for (const line of added) expect(line).toMatch(/^storage\/(media|thumbnails)\//);
  });

  it('keeps only the last segment of a file name with folders or control characters, and writes nowhere else', async () => {
    const v = await u.visitor();
    const token = randomBytes(6).toString('hex');
    const cases: [string, string | null][] = [
      [`../../etc/passwd-${token}.jpg`, `passwd-${token}.jpg`],
      [`..\\..\\windows-${token}.jpg`, `windows-${token}.jpg`],
      [`/abs/root-${token}.jpg`, `root-${token}.jpg`],
      [`a/b-${token}.jpg`, `b-${token}.jpg`],
      [`C:\\Users\\me\\drive-${token}.jpg`, `drive-${token}.jpg`],
      [`new\r\nline-${token}.jpg`, `newline-${token}.jpg`],
      // NUL: refused outright (PostgreSQL cannot store it), or dropped like other control characters.
      [`nul\u0000byte-${token}.jpg`, `nulbyte-${token}.jpg`],
      ['../..', null],
      ['folder/', null],
    ];
    for (const [fileName, shown] of cases) {
      const t = await u.ticket(v, { fileType: 'image/jpeg', fileSize: fixtures.jpeg.length });
      expect((await u.put(v, t, fixtures.jpeg)).status).toBe(200);
      const before = await u.traces();
      const response = await u.record(v, t, {
        fileName,
        fileType: 'image/jpeg',
        fileSize: fixtures.jpeg.length,
      });
      if (response.status === 400) {
        // Refused: the upload waits for a proper name, nothing else changed.
        expect(shown === null || fileName.includes('\u0000'), JSON.stringify(fileName)).toBe(true);
        expect(await u.traces()).toEqual(before);
        continue;
      }
      expect(response.status, JSON.stringify(fileName)).toBe(201);
      const file = (await response.json()) as MediaFile;
      expect(file.fileName).toBe(shown);
      const download = await v.request('GET', `${file.contentUrl}?download=1`);
      const disposition = download.headers.get('content-disposition')!;
      expect(disposition).toContain(`filename="${shown}"`);
      expect(disposition).not.toMatch(/\.\.|[\\/]/);
    }
    // Stored under keys the server made, never under a visitor's name.
    const onDisk = (await u.traces()).onDisk.map((line) => line.split(' ')[0]!);
    for (const file of onDisk) {
      expect(file).toMatch(
        /^storage\/(media\/[0-9a-f-]{36}|thumbnails\/[0-9a-f-]{36}\.jpg)(\.content-type)?$/,
      );
    }
    // And nothing named after the visitor's file anywhere near DATA_DIR.
    for (const dir of [server.dataDir, path.dirname(server.dataDir), process.cwd(), '/etc']) {
      expect((await readdir(dir)).filter((name) => name.includes(token))).toEqual([]);
    }
  });
});

describe('an upload still arriving when its URL expires', { timeout: 60_000 }, () => {
  /** Short enough for a test, long enough for a slow machine to start the PUT in time. */
  const TTL_SECONDS = 6;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ UPLOAD_URL_TTL_SECONDS: String(TTL_SECONDS) });
  });
  afterAll(async () => {
    await server?.close();
  });
  const u = uploadsOn(() => server);

  it('is cut off at the expiry with a 403, leaving no partial file and no ticket', async () => {
    const v = await u.visitor();
    const png = fixtures.png;
    const t = await u.ticket(v, { fileType: 'image/png', fileSize: png.length });
    const expiresAt = Date.parse(t.expiresAt);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(TTL_SECONDS * 1000);
    const before = await u.traces();

    const slow = u.rawPut(v, t, ['Content-Type: image/png', `Content-Length: ${png.length}`]);
    await slow.write(png.subarray(0, 1000));
    // The server took the PUT, so the URL was still valid: its body is on the disk.
    await waitFor('the body to reach the disk', async () => (await u.incomingFiles()).length > 0);
    // A few bytes at a time, never the whole file: a slow line, or a client holding the URL open.
    let sent = 1000;
    let answered = false;
    void slow.response.then(() => (answered = true));
    while (!answered && sent < png.length - 1) {
      if (!(await slow.write(png.subarray(sent, sent + 16)))) break;
      sent += 16;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const answer = await slow.response;
    expect(answer.status).toBe(403);
    expect(answer.body).toMatch(/expired/);
    expect(sent).toBeLessThan(png.length);

    expect(await u.incomingFiles()).toEqual([]);
    expect(await u.traces()).toEqual(u.without(before, t));
    const listed = await u.record(v, t, {
      fileName: 'late.png',
      fileType: 'image/png',
      fileSize: png.length,
    });
    expect(listed.status).toBe(400);
  });
});

describe('partial uploads a crash left behind', { timeout: 60_000 }, () => {
  it('are removed at the next start once older than any upload, and recent ones kept', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'aj-abuse-'));
    const testDb = await createTestDatabaseUrl();
    const incoming = path.join(dataDir, 'storage', '.incoming');
    await mkdir(incoming, { recursive: true });
    const stale = path.join(incoming, 'left-by-a-crash');
    const current = path.join(incoming, 'arriving-now');
    await writeFile(stale, randomBytes(1000));
    await writeFile(current, randomBytes(1000));
    const aDayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
    await utimes(stale, aDayAgo, aDayAgo);

    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      CLIENT_DIST: path.join(dataDir, 'no-client'),
      ...(testDb ? { DATABASE_URL: testDb.url } : {}),
    });
    const { database, sessionSecret } = await createContext(config);
    const app = await buildApp({ config, database, sessionSecret });
    try {
      await app.ready();
      await waitFor('the sweep at start', async () => (await readdir(incoming)).length < 2);
      expect(await readdir(incoming)).toEqual(['arriving-now']);
    } finally {
      await app.close();
      await database.close();
      await testDb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
