import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatResponse } from '../../contracts/chat.js';
import { SAFETY_KIT_PATH } from '../../contracts/emergency.js';
import type { UploadTicket } from '../../contracts/media.js';
import type { PlannerItem, Trip } from '../../contracts/planner.js';
import { DESTINATIONS } from '../../server/catalogue/destinations.js';
import { EMERGENCY_CONTACTS } from '../../server/catalogue/emergency-contacts.js';
import { createTestDatabaseUrl } from '../helpers/database.js';
import { makeMediaFixtures } from '../helpers/media-files.js';
import { startServerProcess } from '../helpers/process.js';
import { createVisitor } from '../helpers/server.js';

/** Polls until `check` holds; fails naming `what` if it never does. */
async function waitFor(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Gave up waiting for ${what}`);
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function inBatches<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += limit) {
    results.push(...(await Promise.all(items.slice(i, i + limit).map(work))));
  }
  return results;
}

/** Whether a fetch failed because the connection was refused (nothing listening any more). */
const refused = (error: unknown) =>
  (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';

/**
 * A model provider (OpenAI-compatible chat completions) that holds each request until released, so
 * a chat request is known to be in flight inside the server.
 */
async function startHeldModel() {
  const held: ServerResponse[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => held.push(res));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    held,
    release(text: string) {
      for (const res of held.splice(0)) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-held',
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: 'held',
            choices: [
              { index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' },
            ],
          }),
        );
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Each test starts real server processes (one or two cold starts), so the default 30 s is too tight
// on a busy machine.
describe('the server process', { timeout: 150_000 }, () => {
  let dataDir: string;
  let env: Record<string, string>;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'aj-proc-'));
    const testDb = await createTestDatabaseUrl();
    dropDatabase = testDb?.drop;
    env = { DATA_DIR: dataDir, CLIENT_DIST: path.join(dataDir, 'no-client') };
    if (testDb) env.DATABASE_URL = testDb.url;
  });
  afterAll(async () => {
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('loses nothing it answered 2xx for when killed with SIGKILL right after', async () => {
    const first = await startServerProcess(env);
    const write = await fetch(`${first.url}/api/destinations/populate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(write.status).toBe(200);
    expect(await write.json()).toEqual({ inserted: DESTINATIONS.length });
    await first.stop('SIGKILL');

    const second = await startServerProcess(env);
    try {
      const list = (await (await fetch(`${second.url}/api/destinations`)).json()) as unknown[];
      expect(list).toHaveLength(DESTINATIONS.length);
    } finally {
      await second.stop('SIGKILL');
    }
  });

  it('shuts down gracefully on SIGTERM and on SIGINT, and migrates idempotently on restart', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const server = await startServerProcess(env);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect(await server.stop(signal)).toBe(0);
    }
  });

  it('keeps every write it acknowledged when killed with SIGKILL in the middle of a burst of 200', async () => {
    const VISITORS = 100;
    const WORKERS_PER_VISITOR = 2;
    /** Acknowledged writes of the burst after which the process is killed. */
    const KILL_AFTER = 300;
    const first = await startServerProcess(env);
    // Each visitor gets a session and a trip to add items to (the planner's per-visitor write
    // limit is 120 a minute, so the burst is spread over many visitors).
    const visitors = await inBatches(
      Array.from({ length: VISITORS }, (_, i) => i),
      20,
      async (i) => {
        const visitor = createVisitor(first.url);
        const response = await visitor.request('POST', '/api/trip-planners', {
          body: { title: `Base trip ${i}`, destination: 'Lisbon, Portugal' },
        });
        expect(response.status).toBe(201);
        return { visitor, tripId: ((await response.json()) as Trip).id };
      },
    );

    const acknowledged: { visitor: number; kind: 'trip' | 'item'; id: string; name: string }[] = [];
    let failedInFlight = 0;
    let killed: Promise<number | null> | undefined;
    // Two writers per visitor, each writing until the process is gone: one adds trips, one items.
    const writer = async (index: number) => {
      const owner = Math.floor(index / WORKERS_PER_VISITOR);
      const { visitor, tripId } = visitors[owner]!;
      const kind = index % WORKERS_PER_VISITOR === 0 ? 'trip' : 'item';
      for (let n = 0; n < 100; n += 1) {
        const name = `Burst ${kind} ${index}-${n}`;
        let response: Response;
        try {
          response =
            kind === 'trip'
              ? await visitor.request('POST', '/api/trip-planners', {
                  body: { title: name, destination: 'Porto, Portugal' },
                })
              : await visitor.request('POST', '/api/planner-items', {
                  body: {
                    plannerId: tripId,
                    itemType: 'activity',
                    itemName: name,
                    scheduledDate: '2027-05-01',
                  },
                });
          const body = (await response.json()) as { id?: string };
          if (response.status !== 201 || !body.id) return;
          acknowledged.push({ visitor: owner, kind, id: body.id, name });
        } catch (error) {
          // Refused: the process had gone before this request. Anything else: cut off mid-request.
          if (!refused(error)) failedInFlight += 1;
          return;
        }
        if (acknowledged.length >= KILL_AFTER) killed ??= first.stop('SIGKILL');
      }
    };
    await Promise.all(
      Array.from({ length: VISITORS * WORKERS_PER_VISITOR }, (_, index) => writer(index)),
    );
    expect(killed).toBeDefined();
    expect(await killed).toBeNull();
    // The kill landed while writes were being answered, not after the burst.
    expect(failedInFlight).toBeGreaterThan(0);

    const second = await startServerProcess(env);
    try {
      for (const [owner, { visitor, tripId }] of visitors.entries()) {
        const mine = acknowledged.filter((write) => write.visitor === owner);
        const asked = createVisitor(second.url);
        for (const [name, value] of visitor.cookies) asked.cookies.set(name, value);
        const trips = (await (await asked.request('GET', '/api/trip-planners')).json()) as Trip[];
        const items = (await (
          await asked.request('GET', `/api/planner-items?plannerId=${tripId}`)
        ).json()) as PlannerItem[];
        const found = new Map<string, string>([
          ...trips.map((t) => [t.id, t.title] as const),
          ...items.map((i) => [i.id, i.itemName] as const),
        ]);
        for (const write of mine) expect(found.get(write.id), write.name).toBe(write.name);
      }
    } finally {
      await second.stop('SIGKILL');
    }
  });

  it('finishes the requests in flight on SIGTERM, refusing new connections, then exits 0', async () => {
    const model = await startHeldModel();
    const fixtures = await makeMediaFixtures();
    const server = await startServerProcess({
      ...env,
      AI_BASE_URL: model.baseUrl,
      AI_MODEL: 'held',
    });
    try {
      const visitor = createVisitor(server.url);
      const cookie = () => [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

      // 1. An upload whose body is half sent: the server is streaming it to disk.
      const png = fixtures.png;
      const ticket = (await (
        await visitor.request('POST', '/api/media/upload', {
          body: { fileType: 'image/png', fileSize: png.length },
        })
      ).json()) as UploadTicket;
      const incoming = path.join(dataDir, 'storage', '.incoming');
      const upload = slowPut(new URL(ticket.uploadURL, server.url), cookie(), png);
      await upload.send(png.subarray(0, Math.floor(png.length / 2)));
      await waitFor('the upload to reach the disk', async () => {
        const names = await readdir(incoming).catch(() => []);
        return names.length > 0;
      });

      // 2. A chat message the server has passed to the model, which has not answered yet.
      const chat = visitor.request('POST', '/api/chat', { body: { message: 'Hello Beth' } });
      await waitFor('the chat to reach the model', async () => model.held.length > 0);

      // 3. A safety kit of 50 countries (the slowest page the site makes), counted by the
      // server's rate limiter before SIGTERM: the limiter runs when a request starts.
      const fifty = EMERGENCY_CONTACTS.slice(0, 50).map((c) => c.countryCode);
      const kit = visitor.request('GET', `${SAFETY_KIT_PATH}?countries=${fifty.join(',')}`);
      let probes = 0;
      await waitFor('the kit to be started', async () => {
        probes += 1;
        // An unknown country: refused at once, but counted, and it tells what is left.
        const probe = await visitor.request('GET', `${SAFETY_KIT_PATH}?countries=ZZ`);
        const remaining = Number(probe.headers.get('x-ratelimit-remaining'));
        const limit = Number(probe.headers.get('x-ratelimit-limit'));
        return remaining === limit - probes - 1;
      });

      const exited = once(server.child, 'exit');
      server.child.kill('SIGTERM');
      // New connections are refused as soon as the server starts closing...
      const { port } = new URL(server.url);
      await waitFor('new connections to be refused', () => connectionRefused(Number(port)));
      // ...while the requests in flight go on: the process is still there for them.
      expect(server.child.exitCode).toBeNull();

      await upload.send(png.subarray(Math.floor(png.length / 2)));
      model.release('Hello! I can help you plan an accessible trip.');
      const uploaded = await upload.response;
      expect(uploaded.status).toBe(200);
      expect(JSON.parse(uploaded.body)).toMatchObject({ size: png.length });

      const answered = await chat;
      expect(answered.status).toBe(200);
      expect(((await answered.json()) as ChatResponse).response).toBe(
        'Hello! I can help you plan an accessible trip.',
      );

      const pdf = await kit;
      expect(pdf.status).toBe(200);
      const bytes = Buffer.from(await pdf.arrayBuffer());
      expect(bytes.length).toBe(Number(pdf.headers.get('content-length')));
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(bytes.subarray(-8).toString()).toMatch(/%%EOF\s*$/);

      const [code] = (await exited) as [number | null];
      expect(code).toBe(0);
    } finally {
      await server.stop('SIGKILL');
      await model.close();
      await fixtures.close();
    }
  });

  it('refuses to start with bad configuration, naming every bad key', async () => {
    await expect(
      startServerProcess({ ...env, DATABASE_URL: 'not a url', LOG_LEVEL: 'loud' }),
    ).rejects.toThrow(/DATABASE_URL[\s\S]*LOG_LEVEL/);
  });
});

/** Whether a new TCP connection to the port is refused. */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/** A PUT whose body is sent in parts, when the test says; resolves its status and body. */
function slowPut(url: URL, cookie: string, body: Buffer) {
  const socket = connect(Number(url.port), url.hostname);
  socket.write(
    [
      `PUT ${url.pathname}${url.search} HTTP/1.1`,
      `Host: ${url.host}`,
      `Cookie: ${cookie}`,
      'Content-Type: image/png',
      `Content-Length: ${body.length}`,
      'Connection: close',
      '',
      '',
    ].join('\r\n'),
  );
  let data = '';
  socket.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
  socket.on('error', () => undefined);
  const response = new Promise<{ status: number; body: string }>((resolve) => {
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(data);
      resolve({ status: status ? Number(status[1]) : 0, body: data.split('\r\n\r\n')[1] ?? '' });
    });
  });
  return {
    send: (part: Buffer) => new Promise<void>((resolve) => socket.write(part, () => resolve())),
    response,
  };
}
