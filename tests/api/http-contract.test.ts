import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRERENDERED_DIR, PRERENDERED_NOT_FOUND, prerenderedFile } from '../../contracts/routes.js';
import { JSON_BODY_LIMIT_BYTES } from '../../server/app.js';
import { createVisitor, startTestServer, type TestServer } from '../helpers/server.js';

const post = (
  server: TestServer,
  pathname: string,
  body: string,
  headers: Record<string, string> = {},
) =>
  fetch(`${server.url}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

async function destinationCount(server: TestServer) {
  const response = await fetch(`${server.url}/api/destinations`);
  return ((await response.json()) as unknown[]).length;
}

describe('the HTTP contract', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('GET /api/health answers ok with a request id', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });

  it('an unknown /api path is a JSON 404 in the error shape', async () => {
    const response = await fetch(`${server.url}/api/no-such-thing`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ message: expect.stringContaining('Not Found') });
  });

  it('malformed JSON is a 400, never a 500, and writes nothing', async () => {
    const response = await post(server, '/api/destinations/populate', '{"oops": ');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Malformed JSON body' });
    expect(await destinationCount(server)).toBe(0);
  });

  it('a body of the wrong type is a 400 with the field errors, and writes nothing', async () => {
    const response = await post(server, '/api/destinations/populate', '"not an object"');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors: unknown[] };
    expect(body.message).toEqual(expect.any(String));
    expect(body.errors.length).toBeGreaterThan(0);
    expect(await destinationCount(server)).toBe(0);
  });

  it('an oversized body is a 413, and writes nothing', async () => {
    const huge = JSON.stringify({ padding: 'x'.repeat(JSON_BODY_LIMIT_BYTES + 1) });
    const response = await post(server, '/api/destinations/populate', huge);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Request body is too large' });
    expect(await destinationCount(server)).toBe(0);
  });

  it('an unsupported content type is a 415', async () => {
    const response = await post(server, '/api/destinations/populate', 'hello', {
      'content-type': 'text/plain',
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ message: 'Unsupported content type' });
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await fetch(`${server.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/destinations', '/api/destinations/populate']),
    );
    expect(JSON.stringify(document.paths['/api/destinations'])).toContain('safetyLevel');
  });

  it('sends the security headers and a CSP the app works under', async () => {
    const response = await fetch(`${server.url}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('sends an API answer the REST set: no page may load anything, frame it or sniff it', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    // What only a page uses is left off.
    for (const name of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection']) {
      expect(response.headers.get(name), name).toBeNull();
    }
  });
});

describe('a failure inside the server', () => {
  it('is a 500 with a generic message and the request id, never a stack trace', async () => {
    const server = await startTestServer();
    try {
      await server.database.close(); // every query now fails
      const visitor = createVisitor(server.url);
      const response = await visitor.request('GET', '/api/destinations');
      expect(response.status).toBe(500);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toEqual({
        message: 'Internal Server Error',
        requestId: response.headers.get('x-request-id'),
      });
      expect(JSON.stringify(body)).not.toMatch(/at |Error:|\.ts/);
    } finally {
      await server.close();
    }
  });
});

describe('the single-page app', () => {
  let server: TestServer;
  let clientDist: string;
  beforeAll(async () => {
    clientDist = await mkdtemp(path.join(tmpdir(), 'aj-client-'));
    await mkdir(path.join(clientDist, 'assets'));
    await writeFile(path.join(clientDist, 'index.html'), '<!doctype html><title>app shell</title>');
    await writeFile(path.join(clientDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // The build's Brotli copy (vite.config.ts), sent instead to browsers that accept it.
    await writeFile(
      path.join(clientDist, 'assets', 'app-abc123.js.br'),
      brotliCompressSync('console.log(1)'),
    );
    // Two pages as the build pre-renders them (scripts/prerender.ts); other routes have none here.
    await mkdir(path.join(clientDist, PRERENDERED_DIR));
    await writeFile(path.join(clientDist, prerenderedFile('/flight-plan')), '<title>planner page');
    await writeFile(path.join(clientDist, PRERENDERED_NOT_FOUND), '<title>not-found page');
    server = await startTestServer({ CLIENT_DIST: clientDist });
  });
  afterAll(async () => {
    await server.close();
    await rm(clientDist, { recursive: true, force: true });
  });

  it('serves the app shell for every route of the app, with history fallback', async () => {
    for (const route of ['/', '/media-gallery', '/verify-email?token=a&email=b', '/shared/abc']) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status, route).toBe(200);
      expect(await response.text()).toContain('app shell');
      // Revalidated on every load; `private` when made for this visitor (tests/api/page-preloads).
      expect(response.headers.get('cache-control')).toMatch(/^(private, )?no-cache$/);
    }
  });

  it("serves a route's pre-rendered page, and the shell when a query could change the page", async () => {
    for (const route of ['/flight-plan', '/flight-plan/']) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status, route).toBe(200);
      expect(await response.text(), route).toContain('planner page');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
    const withQuery = await fetch(`${server.url}/flight-plan?trip=abc`);
    expect(await withQuery.text()).toContain('app shell');
  });

  it('serves the pre-rendered not-found page with a 404 status for a path that is no page', async () => {
    const response = await fetch(`${server.url}/no/such/page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('not-found page');
  });

  it('does not serve the pre-rendered pages at their file paths', async () => {
    const response = await fetch(`${server.url}/${prerenderedFile('/flight-plan')}`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('planner page');
  });

  it('serves hashed assets with a long cache, and a missing asset is a 404', async () => {
    const asset = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await fetch(`${server.url}/assets/gone-123.js`);
    expect(missing.status).toBe(404);
  });

  it("sends the build's Brotli copy to a browser that accepts it, and says the answer varies", async () => {
    const url = `${server.url}/assets/app-abc123.js`;
    const brotli = await fetch(url, { headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('content-type')).toMatch(/javascript/);
    expect(await brotli.text()).toBe('console.log(1)');
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log(1)');
    for (const answer of [brotli, plain]) {
      expect(answer.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(answer.headers.get('cache-control')).toContain('immutable');
    }
  });
});
