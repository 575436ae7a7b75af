import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MediaFile, UploadTicket } from '../../contracts/media.js';
import { buildApp, type App } from '../../server/app.js';
import { createContext } from '../../server/context.js';
import { makeMediaFixtures, type MediaFixtures } from '../helpers/media-files.js';
import { createVisitor, startTestServer, type TestServer } from '../helpers/server.js';

// Thumbnails are made by a job after the upload is recorded: a file recorded while no worker can
// take that job is listed as processing, and the next start of the site makes its thumbnail.

let fixtures: MediaFixtures;
let first: TestServer;
let second: App | undefined;
beforeAll(async () => {
  fixtures = await makeMediaFixtures();
  first = await startTestServer();
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await fixtures?.close();
});

it('lists a file recorded while no worker runs as processing, and makes its thumbnail at the next start', async () => {
  // This process takes no more jobs, as if every worker were busy or gone.
  await first.app.jobs!.stop();
  const visitor = createVisitor(first.url);
  const ticketResponse = await visitor.request('POST', '/api/media/upload', {
    body: { fileType: 'image/png', fileSize: fixtures.png.length },
  });
  const ticket = (await ticketResponse.json()) as UploadTicket;
  const cookie = [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const put = await fetch(new URL(ticket.uploadURL, first.url), {
    method: 'PUT',
    headers: { ...ticket.headers, cookie },
    body: fixtures.png,
  });
  expect(put.status).toBe(200);
  const recorded = await visitor.request('PUT', '/api/media', {
    body: {
      mediaURL: new URL(ticket.uploadURL, first.url).toString(),
      fileName: 'lake.png',
      fileType: 'image/png',
      fileSize: fixtures.png.length,
      description: 'A lake',
    },
  });
  expect(recorded.status).toBe(201);
  const file = (await recorded.json()) as MediaFile;
  expect(file).toMatchObject({ fileName: 'lake.png', processing: true, thumbnailUrl: null });
  const listed = (await (await visitor.request('GET', '/api/media')).json()) as MediaFile[];
  expect(listed).toMatchObject([{ id: file.id, processing: true, thumbnailUrl: null }]);

  // Another process on the same data starts, and reads what was left unread.
  const { database, sessionSecret } = await createContext(first.config);
  second = await buildApp({ config: first.config, database, sessionSecret });
  await second.listen({ port: 0, host: '127.0.0.1' });
  const address = second.server.address() as { port: number };
  const again = createVisitor(`http://127.0.0.1:${address.port}`);
  for (const [name, value] of visitor.cookies) again.cookies.set(name, value);
  await expect
    .poll(
      async () => ((await (await again.request('GET', '/api/media')).json()) as MediaFile[])[0],
      { timeout: 20_000, interval: 250 },
    )
    .toMatchObject({ processing: false, thumbnailUrl: `/api/media/${file.id}/thumbnail` });
  const thumbnail = await again.request('GET', `/api/media/${file.id}/thumbnail`);
  expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
  expect(
    Buffer.from(await thumbnail.arrayBuffer())
      .subarray(0, 3)
      .toString('hex'),
  ).toBe('ffd8ff');
});
