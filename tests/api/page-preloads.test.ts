import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaFile, ShareResult, UploadTicket } from '../../contracts/media.js';
import { cardPictureUrl, PRIORITY_THUMBNAILS } from '../../contracts/media.values.js';
import { APP_ROUTES, PRERENDERED_DIR, prerenderedFile } from '../../contracts/routes.js';
import { makeMediaFixtures, type MediaFixtures } from '../helpers/media-files.js';
import { createVisitor, startTestServer, type TestServer } from '../helpers/server.js';

type Visitor = ReturnType<typeof createVisitor>;

/** The paths a page's Link header asks the browser to preload, in order. */
function preloadedPaths(response: Response): string[] {
  const header = response.headers.get('link');
  if (!header) return [];
  return header.split(', ').map((hint) => {
    expect(hint).toMatch(/^<[^>]+>; rel=preload; as=image; fetchpriority=high$/);
    return hint.slice(1, hint.indexOf('>'));
  });
}

describe('pages name the photos they show first', () => {
  let server: TestServer;
  let clientDist: string;
  let fixtures: MediaFixtures;

  beforeAll(async () => {
    fixtures = await makeMediaFixtures();
    clientDist = await mkdtemp(path.join(tmpdir(), 'aj-client-'));
    await writeFile(path.join(clientDist, 'index.html'), '<!doctype html><title>app shell</title>');
    await mkdir(path.join(clientDist, PRERENDERED_DIR));
    await writeFile(
      path.join(clientDist, prerenderedFile(APP_ROUTES.mediaGallery)),
      '<title>gallery page',
    );
    server = await startTestServer({ CLIENT_DIST: clientDist });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await fixtures?.close();
    await rm(clientDist, { recursive: true, force: true });
  });

  const page = (pathname: string, visitor?: Visitor) =>
    visitor ? visitor.request('GET', pathname) : fetch(new URL(pathname, server.url));

  async function upload(visitor: Visitor, bytes: Buffer, fileType: string, fileName: string) {
    const ticketAnswer = await visitor.request('POST', '/api/media/upload', {
      body: { fileType, fileSize: bytes.length },
    });
    expect(ticketAnswer.status).toBe(200);
    const ticket = (await ticketAnswer.json()) as UploadTicket;
    const url = new URL(ticket.uploadURL, server.url).toString();
    const cookie = [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const stored = await fetch(url, {
      method: 'PUT',
      headers: { ...ticket.headers, cookie },
      body: bytes,
    });
    expect(stored.status).toBe(200);
    const recorded = await visitor.request('PUT', '/api/media', {
      body: { mediaURL: url, fileName, fileType, fileSize: bytes.length },
    });
    expect(recorded.status).toBe(201);
    return (await recorded.json()) as MediaFile;
  }

  /** What the gallery's first cards show, as the page itself will ask for them. */
  async function firstCardPictures(visitor: Visitor): Promise<string[]> {
    const files = (await (await visitor.request('GET', '/api/media')).json()) as MediaFile[];
    return files.slice(0, PRIORITY_THUMBNAILS).flatMap((file) => cardPictureUrl(file) ?? []);
  }

  it("names a returning visitor's first pictures on the gallery page, and no one else's", async () => {
    const owner = createVisitor(server.url);
    const { png, jpeg, portrait, mp4 } = fixtures;
    await upload(owner, png, 'image/png', 'lake.png');
    await upload(owner, mp4, 'video/mp4', 'boat.mp4');
    await upload(owner, jpeg, 'image/jpeg', 'bars.jpg');
    await upload(owner, portrait, 'image/jpeg', 'fractal.jpg');
    await upload(owner, png, 'image/png', 'lake-again.png');

    const expected = await firstCardPictures(owner);
    expect(expected).toHaveLength(PRIORITY_THUMBNAILS);
    const answer = await page(APP_ROUTES.mediaGallery, owner);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('gallery page');
    expect(preloadedPaths(answer)).toEqual(expected);
    // Made for this visitor: a shared cache must not keep it.
    expect(answer.headers.get('cache-control')).toBe('private, no-cache');
    // The browser can really fetch what it was told to preload, with the same cookie.
    for (const picture of expected) {
      const fetched = await owner.request('GET', picture);
      expect(fetched.status, picture).toBe(200);
      expect(fetched.headers.get('content-type'), picture).toMatch(/^image\//);
    }

    // Another visitor with photos of their own gets theirs, never the owner's.
    const other = createVisitor(server.url);
    await upload(other, jpeg, 'image/jpeg', 'mine.jpg');
    const theirs = preloadedPaths(await page(APP_ROUTES.mediaGallery, other));
    expect(theirs).toEqual(await firstCardPictures(other));
    expect(theirs.some((p) => expected.includes(p))).toBe(false);
  });

  it('names nothing, and starts no session, for a newcomer, a forged cookie or a tab in the query', async () => {
    const sessionsBefore = await server.database.db
      .selectFrom('sessions')
      .select('tokenHash')
      .execute();
    const newcomer = await page(APP_ROUTES.mediaGallery);
    expect(newcomer.status).toBe(200);
    expect(newcomer.headers.get('link')).toBeNull();
    expect(newcomer.headers.get('set-cookie')).toBeNull();
    expect(newcomer.headers.get('cache-control')).toBe('no-cache');

    const forged = await fetch(new URL(APP_ROUTES.mediaGallery, server.url), {
      headers: { cookie: 'sid=made-up.signature' },
    });
    expect(forged.status).toBe(200);
    expect(forged.headers.get('link')).toBeNull();

    // A cookie signed by this server whose session was never stored (the visitor's first call
    // made none): still a newcomer, and the page does not store one.
    const unseen = createVisitor(server.url);
    await unseen.request('GET', '/api/health');
    expect(unseen.cookies.size).toBe(1);
    expect(preloadedPaths(await page(APP_ROUTES.mediaGallery, unseen))).toEqual([]);
    const sessionsAfter = await server.database.db
      .selectFrom('sessions')
      .select('tokenHash')
      .execute();
    expect(sessionsAfter).toHaveLength(sessionsBefore.length);

    const owner = createVisitor(server.url);
    await upload(owner, fixtures.png, 'image/png', 'lake.png');
    expect(preloadedPaths(await page(APP_ROUTES.mediaGallery, owner))).toHaveLength(1);
    // A query may show another tab: the shell, with no hints that could be wrong.
    const withQuery = await page(`${APP_ROUTES.mediaGallery}?tab=videos`, owner);
    expect(withQuery.status).toBe(200);
    expect(withQuery.headers.get('link')).toBeNull();
  });

  it("names a share link's first pictures on its public page, and nothing for a link that is gone", async () => {
    const owner = createVisitor(server.url);
    const photo = await upload(owner, fixtures.jpeg, 'image/jpeg', 'bars.jpg');
    const video = await upload(owner, fixtures.mp4, 'video/mp4', 'boat.mp4');
    const shared = await owner.request('POST', '/api/media/share', {
      body: { mediaIds: [photo.id, video.id], shareType: 'social', socialPlatform: 'facebook' },
    });
    expect(shared.status).toBe(200);
    const token = new URL(((await shared.json()) as ShareResult).shareUrl).pathname
      .split('/')
      .pop()!;

    const publicPage = (await (
      await fetch(new URL(`/api/shared/${token}`, server.url))
    ).json()) as {
      files: MediaFile[];
    };
    const expected = publicPage.files.flatMap((file) => cardPictureUrl(file) ?? []);
    expect(expected.length).toBeGreaterThan(0);

    const stranger = await page(`/shared/${token}`);
    expect(stranger.status).toBe(200);
    expect(await stranger.text()).toContain('app shell');
    expect(preloadedPaths(stranger)).toEqual(expected);
    for (const picture of expected) {
      expect((await fetch(new URL(picture, server.url))).status, picture).toBe(200);
    }

    const gone = await page(`/shared/${token}x`);
    expect(gone.status).toBe(200);
    expect(gone.headers.get('link')).toBeNull();
  });
});
