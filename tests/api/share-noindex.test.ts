import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripShareSchema } from '../../contracts/planner.js';
import { sharedMediaPath, sharedTripPath } from '../../contracts/routes.js';
import { newToken } from '../../server/lib/tokens.js';
import { createTrip } from '../factories/planner.js';
import { createVisitor, startTestServer, type TestServer } from '../helpers/server.js';

const NOINDEX = 'noindex, nofollow';
const ROBOTS_META = /<meta name="robots" content="noindex, nofollow">/;

/**
 * A share link is public to whoever holds it, but not for search engines: its pages and every
 * answer of its API (errors too) say noindex, and the pages carry the robots meta as well.
 */
describe('share links are kept out of search engines', () => {
  let server: TestServer;
  let clientDist: string;

  beforeAll(async () => {
    clientDist = await mkdtemp(path.join(tmpdir(), 'aj-client-'));
    await writeFile(
      path.join(clientDist, 'index.html'),
      '<!doctype html><html lang="en"><head><title>app shell</title></head><body><div id="root"></div></body></html>',
    );
    server = await startTestServer({ CLIENT_DIST: clientDist });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await rm(clientDist, { recursive: true, force: true });
  });

  const get = (pathname: string) => fetch(new URL(pathname, server.url));

  async function tripShareToken(): Promise<string> {
    const visitor = createVisitor(server.url);
    const trip = await createTrip(visitor);
    const share = tripShareSchema.parse(
      await (
        await visitor.request('POST', `/api/trip-planners/${trip.id}/shares`, { body: {} })
      ).json(),
    );
    return share.shareUrl.split('/').pop()!;
  }

  it('sends the shared itinerary and gallery pages with X-Robots-Tag and a robots meta', async () => {
    const token = await tripShareToken();
    const unknown = newToken();
    for (const pathname of [
      sharedTripPath(token),
      sharedTripPath(unknown),
      sharedMediaPath(unknown),
    ]) {
      const page = await get(pathname);
      expect(page.status, pathname).toBe(200);
      expect(page.headers.get('x-robots-tag'), pathname).toBe(NOINDEX);
      const html = await page.text();
      expect(html, pathname).toMatch(ROBOTS_META);
      expect(html.indexOf('<meta name="robots"'), pathname).toBeLessThan(html.indexOf('</head>'));
    }
    // Other pages stay indexable.
    const home = await get('/media-gallery');
    expect(home.headers.get('x-robots-tag')).toBeNull();
    expect(await home.text()).not.toMatch(ROBOTS_META);
  });

  it('says noindex on every answer of the share APIs, errors included', async () => {
    const token = await tripShareToken();
    const unknown = newToken();
    const answers = [
      ['/api/shared-trips/' + token, 200],
      ['/api/shared-trips/' + unknown, 404],
      ['/api/shared/' + unknown, 404],
      [`/api/shared/${unknown}/files/${randomUUID()}/content`, 404],
      [`/api/shared/${unknown}/files/${randomUUID()}/thumbnail`, 404],
    ] as const;
    for (const [pathname, status] of answers) {
      const answer = await get(pathname);
      expect(answer.status, pathname).toBe(status);
      expect(answer.headers.get('x-robots-tag'), pathname).toBe(NOINDEX);
    }
  });
});
