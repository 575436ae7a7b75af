import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaFile, Movie, UploadTicket } from '../../contracts/media.js';
import { CHAT_PER_MINUTE } from '../../server/features/chat/routes.js';
import { createTestDatabaseUrl } from '../helpers/database.js';
import { makeMediaFixtures, type MediaFixtures } from '../helpers/media-files.js';
import { startServerProcess, type ServerProcess } from '../helpers/process.js';
import { REDIS_TEST_URL, probeTestRedis, testKeyPrefix } from '../helpers/redis.js';
import { createVisitor } from '../helpers/server.js';

/**
 * Two server processes on one PostgreSQL and one Redis, as a deployment behind a load balancer
 * runs them (issue 24): limits are counted once across both, a movie is rendered once and finished
 * by the other process when one dies, and the sweeper runs once per period across both.
 * Needs TEST_DATABASE_URL (CI's PostgreSQL run) and Redis at REDIS_TEST_URL; skipped otherwise.
 */
const SWEEP_SECONDS = 2;

const redisProbe = await probeTestRedis();
const available = Boolean(process.env.TEST_DATABASE_URL) && redisProbe.reachable;
const skipped = process.env.TEST_DATABASE_URL
  ? redisProbe.skipped
  : ' (skipped: it needs TEST_DATABASE_URL, a PostgreSQL; .ci/run sets it)';

/** Pino's JSON lines a process wrote, parsed. */
function logLines(server: ServerProcess): { msg?: string; movieId?: string; time?: number }[] {
  return server
    .output()
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as { msg?: string; movieId?: string; time?: number }];
      } catch {
        return [];
      }
    });
}

const until = async (what: string, check: () => Promise<boolean>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe.skipIf(!available)(
  `two processes on one PostgreSQL and one Redis${skipped}`,
  { timeout: 420_000 },
  () => {
    let dataDir: string;
    let dropDatabase: (() => Promise<void>) | undefined;
    let env: Record<string, string>;
    let fixtures: MediaFixtures;
    /** Every process started, so each one's log can be read after it stopped. */
    const started: ServerProcess[] = [];
    let a: ServerProcess;
    let b: ServerProcess;
    const start = async () => {
      const server = await startServerProcess(env, { captureOutput: true });
      started.push(server);
      return server;
    };

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'aj-engines-'));
      const testDb = (await createTestDatabaseUrl())!;
      dropDatabase = testDb.drop;
      env = {
        DATA_DIR: dataDir,
        CLIENT_DIST: path.join(dataDir, 'no-client'),
        DATABASE_URL: testDb.url,
        REDIS_URL: REDIS_TEST_URL,
        REDIS_KEY_PREFIX: testKeyPrefix(),
        LOG_LEVEL: 'info',
        UPLOAD_SWEEP_SECONDS: String(SWEEP_SECONDS),
      };
      [a, b, fixtures] = await Promise.all([start(), start(), makeMediaFixtures()]);
    }, 180_000);
    afterAll(async () => {
      // The one killed with SIGKILL has exited already.
      const running = started.filter((s) => s.child.exitCode === null && !s.child.signalCode);
      await Promise.all(running.map((server) => server.stop('SIGTERM')));
      await fixtures?.close();
      await dropDatabase?.();
      await rm(dataDir, { recursive: true, force: true });
    }, 60_000);

    /** One visitor (one cookie jar) whose requests go to whichever process is named. */
    function visitor() {
      const cookies = new Map<string, string>();
      return {
        cookies,
        async request(server: ServerProcess, method: string, pathname: string, body?: unknown) {
          const onServer = createVisitor(server.url);
          for (const [name, value] of cookies) onServer.cookies.set(name, value);
          const response = await onServer.request(
            method,
            pathname,
            body === undefined ? {} : { body },
          );
          for (const [name, value] of onServer.cookies) cookies.set(name, value);
          return response;
        },
      };
    }
    type Visitor = ReturnType<typeof visitor>;

    async function upload(v: Visitor, server: ServerProcess, name: string, bytes: Buffer) {
      await v.request(server, 'GET', '/api/media');
      const cookie = [...v.cookies].map(([k, val]) => `${k}=${val}`).join('; ');
      const ticket = (await (
        await v.request(server, 'POST', '/api/media/upload', {
          fileType: 'image/jpeg',
          fileSize: bytes.length,
        })
      ).json()) as UploadTicket;
      const put = await fetch(new URL(ticket.uploadURL, server.url), {
        method: 'PUT',
        headers: { ...ticket.headers, cookie },
        body: bytes,
      });
      expect(put.status).toBe(200);
      const recorded = await v.request(server, 'PUT', '/api/media', {
        mediaURL: ticket.uploadURL,
        fileName: name,
        fileType: 'image/jpeg',
        fileSize: bytes.length,
      });
      expect(recorded.status).toBe(201);
      return (await recorded.json()) as MediaFile;
    }

    async function newMovie(v: Visitor) {
      const files = [
        await upload(v, a, 'bars.jpg', fixtures.jpeg),
        await upload(v, b, 'fractal.jpg', fixtures.portrait),
      ];
      const response = await v.request(a, 'POST', '/api/media/create-movie', {
        mediaIds: files.map((f) => f.id),
        style: 'documentary',
        // The longest movie: long enough to be caught mid-render.
        duration: 'long',
      });
      expect(response.status).toBe(201);
      return (await response.json()) as Movie;
    }

    const movieOn = async (v: Visitor, server: ServerProcess, id: string) =>
      (await (await v.request(server, 'GET', `/api/media/movies/${id}`)).json()) as Movie;

    /** The process whose log says it started rendering `movieId`, once one does. */
    async function renderer(movieId: string, among: ServerProcess[]): Promise<ServerProcess> {
      let found: ServerProcess | undefined;
      await until(
        'a render to start',
        async () => {
          found = among.find((s) =>
            logLines(s).some((l) => l.msg === 'movie render started' && l.movieId === movieId),
          );
          return found !== undefined;
        },
        60_000,
      );
      return found!;
    }

    /** A new movie, once one process renders it and has made progress: which, and the other. */
    async function movieBeingRendered(v: Visitor) {
      const movie = await newMovie(v);
      const working = await renderer(movie.id, [a, b]);
      await until(
        'progress',
        async () => (await movieOn(v, working, movie.id)).render.progress > 0,
        60_000,
      );
      return { movie, working, other: working === a ? b : a };
    }

    /** Starts a process in place of `gone` (stopped or killed). */
    async function replace(gone: ServerProcess) {
      const next = await start();
      if (gone === a) a = next;
      else b = next;
      return next;
    }

    const countLines = (msg: string, movieId?: string) =>
      started
        .flatMap(logLines)
        .filter((l) => l.msg === msg && (movieId === undefined || l.movieId === movieId)).length;

    it(`gives a visitor ${CHAT_PER_MINUTE} chat replies a minute across both processes, not twice that`, async () => {
      const v = visitor();
      // A request without a cookie is counted by its address; from here on, by the visitor.
      await v.request(a, 'GET', '/api/media');
      const statuses: number[] = [];
      for (let i = 0; i < CHAT_PER_MINUTE + 4; i++) {
        const server = i % 2 === 0 ? a : b;
        const response = await v.request(server, 'POST', '/api/chat', {
          message: 'Which museums in Paris are step-free?',
        });
        statuses.push(response.status);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(CHAT_PER_MINUTE);
      expect(statuses.slice(CHAT_PER_MINUTE)).toEqual([429, 429, 429, 429]);
    });

    it('renders a movie once while the other process restarts mid-render', async () => {
      const v = visitor();
      const { movie, other } = await movieBeingRendered(v);

      // The other process restarts while the render goes on: it must not take the movie again.
      expect(await other.stop('SIGTERM')).toBe(0);
      const restarted = await replace(other);

      await until(
        'the movie',
        async () => (await movieOn(v, restarted, movie.id)).render.status === 'ready',
        300_000,
      );
      expect(countLines('movie render started', movie.id)).toBe(1);
      expect(countLines('movie rendered', movie.id)).toBe(1);
    });

    it('finishes within a minute on the other process a movie whose renderer was killed', async () => {
      const v = visitor();
      const { movie, working, other: survivor } = await movieBeingRendered(v);

      await working.stop('SIGKILL');
      const killedAt = Date.now();
      await renderer(movie.id, [survivor]);
      await until(
        'the movie',
        async () => (await movieOn(v, survivor, movie.id)).render.status === 'ready',
        // Taken over within a minute; the render itself then takes as long as it takes.
        300_000,
      );
      const takenOverAfter =
        logLines(survivor).find((l) => l.msg === 'movie render started' && l.movieId === movie.id)!
          .time! - killedAt;
      expect(takenOverAfter).toBeLessThan(60_000);
      expect(countLines('movie rendered', movie.id)).toBe(1);

      // The killed process comes back for the next test.
      await replace(working);
    });

    it('sweeps uploads once per period across both processes', async () => {
      const periods = 5;
      const from = Date.now();
      await new Promise((resolve) => setTimeout(resolve, periods * SWEEP_SECONDS * 1000));
      const to = Date.now();
      const sweeps = started
        .flatMap(logLines)
        .filter((l) => l.msg === 'uploads swept' && l.time! >= from && l.time! <= to).length;
      // One per period whichever process runs it (a period's job may run just after the window);
      // a sweeper in each process would make about twice as many.
      expect(sweeps).toBeGreaterThanOrEqual(periods - 2);
      expect(sweeps).toBeLessThanOrEqual(periods + 1);
    });
  },
);
