import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiRequest, errorMessage } from './api';

describe('apiRequest', () => {
  let server: Server;
  let base: string;
  const seen: { method?: string; contentType?: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ method: req.method, contentType: req.headers['content-type'] });
      if (req.url === '/json-error') {
        res.writeHead(409, { 'content-type': 'application/json' });
        res.end('{"message":"This email is already registered"}');
      } else if (req.url === '/empty-error') {
        res.writeHead(503);
        res.end();
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('sets a JSON content type only when there is a body', async () => {
    await apiRequest('GET', `${base}/ok`);
    await apiRequest('POST', `${base}/ok`, { a: 1 });
    expect(seen.slice(-2)).toEqual([
      { method: 'GET', contentType: undefined },
      { method: 'POST', contentType: 'application/json' },
    ]);
  });

  it('fails with `STATUS: body`, keeping the server message for people', async () => {
    const error = await apiRequest('POST', `${base}/json-error`, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: {"message":"This email is already registered"}');
    expect(errorMessage(error, 'fallback')).toBe('This email is already registered');
  });

  it('uses the status text when the body is empty', async () => {
    const error = await apiRequest('GET', `${base}/empty-error`).catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('503: Service Unavailable');
    expect(errorMessage(error, 'fallback')).toBe('fallback');
  });
});
