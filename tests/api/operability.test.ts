/**
 * What operators and proxies ask of each process: liveness (`/api/health`), readiness
 * (`/api/health/ready`: the database and storage answer) and Prometheus metrics (`/metrics`, behind
 * a bearer token).
 */
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MediaFile, UploadTicket } from '../../contracts/media.js';
import { registerHealth } from '../../server/health.js';
import { createMetrics } from '../../server/metrics.js';
import { makeMediaFixtures, type MediaFixtures } from '../helpers/media-files.js';
import { createVisitor, startTestServer, type TestServer } from '../helpers/server.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

describe('GET /api/health/ready', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('is ready when the database and local storage answer', async () => {
    server = await startTestServer();
    const response = await fetch(`${server.url}/api/health/ready`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', storage: 'ok' },
    });
  });

  it('is 503 naming the database, without its error, once the database is gone', async () => {
    server = await startTestServer();
    await server.database.close();
    const response = await fetch(`${server.url}/api/health/ready`);
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      status: 'unready',
      checks: { database: 'failed', storage: 'ok' },
    });
    expect(text).not.toMatch(/destroyed|Error|stack/i);
    // Liveness does not depend on the database.
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it('takes further checks, each bounded by its timeout, and logs what failed', async () => {
    const logged: string[] = [];
    const app = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => void logged.push(line) } },
    });
    app.setSerializerCompiler(serializerCompiler);
    registerHealth(app, {
      checks: {
        database: async () => {},
        queue: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.7:6379')),
        cache: () => new Promise(() => {}),
      },
      timeoutMs: 50,
    });
    try {
      const response = await app.inject('/api/health/ready');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unready',
        checks: { database: 'ok', queue: 'failed', cache: 'timeout' },
      });
      expect(response.body).not.toContain('ECONNREFUSED');
      expect(logged.join('\n')).toContain('ECONNREFUSED 10.0.0.7:6379');
      expect(logged.join('\n')).toContain('readiness check timed out');
    } finally {
      await app.close();
    }
  });
});

describe('GET /metrics', () => {
  let fixtures: MediaFixtures;
  let server: TestServer;
  beforeAll(async () => {
    fixtures = await makeMediaFixtures();
    server = await startTestServer({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await server?.close();
    await fixtures?.close();
  });

  const scrape = (token = TOKEN) =>
    fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });

  it('is not served without METRICS_TOKEN', async () => {
    const bare = await startTestServer();
    try {
      const response = await fetch(`${bare.url}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('http_request_duration_seconds');
    } finally {
      await bare.close();
    }
  });

  it('is 401 without the token or with a wrong one', async () => {
    const none = await fetch(`${server.url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await scrape(`${TOKEN}x`)).status).toBe(401);
    expect((await scrape('short')).status).toBe(401);
    const basic = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
    });
    expect(basic.status).toBe(401);
  });

  it('times requests by route pattern, never by URL, and leaves scrapes out', async () => {
    const id = randomUUID();
    expect((await fetch(`${server.url}/api/trip-planners/${id}`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/destinations`)).status).toBe(200);
    await scrape();
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/trip-planners\/:id",status_code="404"\} 1/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="[\d.+Inf]+",method="GET",route="\/api\/destinations",status_code="200"\}/,
    );
    expect(text).not.toContain(id);
    expect(text).not.toContain('route="/metrics"');
    // The process's default metrics.
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts the bytes of accepted uploads', async () => {
    const before = uploadBytes(await (await scrape()).text());
    const v = createVisitor(server.url);
    const ticketAnswer = await v.request('POST', '/api/media/upload', {
      body: { fileType: 'image/png', fileSize: fixtures.png.length },
    });
    const ticket = (await ticketAnswer.json()) as UploadTicket;
    const cookie = [...v.cookies].map(([k, val]) => `${k}=${val}`).join('; ');
    const put = await fetch(new URL(ticket.uploadURL, server.url), {
      method: 'PUT',
      headers: { ...ticket.headers, cookie },
      body: fixtures.png,
    });
    expect(put.status).toBe(200);
    const recorded = await v.request('PUT', '/api/media', {
      body: {
        mediaURL: new URL(ticket.uploadURL, server.url).toString(),
        fileName: 'metrics.png',
        fileType: 'image/png',
        fileSize: fixtures.png.length,
        description: 'Counted',
      },
    });
    expect(recorded.status).toBe(201);
    expect(((await recorded.json()) as MediaFile).fileSize).toBe(fixtures.png.length);
    expect(uploadBytes(await (await scrape()).text())).toBe(before + fixtures.png.length);
  });
});

function uploadBytes(text: string): number {
  return Number(/^media_upload_bytes_total (\d+)$/m.exec(text)?.[1] ?? Number.NaN);
}

describe('createMetrics', () => {
  it('records jobs and reads the queue depth at each scrape, in a registry of its own', async () => {
    const metrics = createMetrics();
    const other = createMetrics();
    metrics.observeJob('thumbnail', 0.2, true);
    metrics.observeJob('thumbnail', 1.5, false);
    metrics.observeJob('movie', 42, true);
    let depth = { movie: 3, thumbnail: 0 };
    metrics.setQueueDepthSource(async () => depth);
    let text = await metrics.registry.metrics();
    expect(text).toMatch(/jobs_duration_seconds_count\{job="thumbnail",outcome="ok"\} 1/);
    expect(text).toMatch(/jobs_duration_seconds_count\{job="thumbnail",outcome="failed"\} 1/);
    expect(text).toMatch(/jobs_failed_total\{job="thumbnail"\} 1/);
    expect(text).not.toMatch(/jobs_failed_total\{job="movie"\}/);
    expect(text).toMatch(/jobs_queued\{job="movie"\} 3/);
    depth = { movie: 1, thumbnail: 0 };
    text = await metrics.registry.metrics();
    expect(text).toMatch(/jobs_queued\{job="movie"\} 1/);
    // A queue that cannot be read leaves the gauge empty; the scrape still answers.
    metrics.setQueueDepthSource(() => Promise.reject(new Error('queue down')));
    text = await metrics.registry.metrics();
    expect(text).not.toMatch(/jobs_queued\{/);
    expect(text).toContain('jobs_duration_seconds');
    // Another app's metrics are its own.
    expect(await other.registry.metrics()).not.toMatch(/jobs_failed_total\{/);
  });
});
