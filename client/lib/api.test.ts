import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorMessage, parseErrorBody } from './api';

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
      } else if (req.url === '/field-errors') {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          '{"message":"Invalid request","errors":[{"path":"email","message":"Enter an e-mail address"}]}',
        );
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

  it("reads a 400's field errors from the answer", async () => {
    const error = await apiRequest('POST', `${base}/field-errors`, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).fieldErrors).toEqual({ email: 'Enter an e-mail address' });
  });

  it('uses the status text when the body is empty', async () => {
    const error = await apiRequest('GET', `${base}/empty-error`).catch((e: unknown) => e);
    expect((error as ApiError).message).toBe('503: Service Unavailable');
    expect(errorMessage(error, 'fallback')).toBe('fallback');
  });
});

describe('ApiError', () => {
  const envelope = (body: object) => JSON.stringify(body);

  it("reads the contract's envelope once: the message, every field problem in order, and the body", () => {
    const body = {
      message: 'Invalid request',
      errors: [
        { path: 'travelInterests.0', message: 'Unknown interest' },
        { path: 'email', message: 'Enter an e-mail address' },
      ],
    };
    const error = new ApiError(400, envelope(body));
    expect(error.message).toBe(`400: ${envelope(body)}`);
    expect(error.serverMessage).toBe('Invalid request');
    expect(error.issues).toEqual(body.errors);
    expect(error.body).toEqual(body);
  });

  it('keeps the first message for each top-level field, as the schema reports the most basic first', () => {
    const error = new ApiError(
      400,
      envelope({
        message: 'Invalid request',
        errors: [
          {
            path: 'checkoutDate',
            message: 'Check-out date must be a real date written YYYY-MM-DD',
          },
          { path: 'checkoutDate', message: 'Check-out date cannot be before the check-in date' },
          { path: 'accessibilityNeeds.2', message: 'Unknown accessibility need' },
          { path: 'accessibilityNeeds.0', message: 'Another message' },
          { path: '', message: 'The request as a whole' },
        ],
      }),
    );
    expect(error.fieldErrors).toEqual({
      checkoutDate: 'Check-out date must be a real date written YYYY-MM-DD',
      accessibilityNeeds: 'Unknown accessibility need',
      '': 'The request as a whole',
    });
  });

  it('has no message and no field errors for a body that is not the envelope', () => {
    for (const text of [
      'Service Unavailable',
      '<Error><Code>Oops</Code></Error>',
      '[1,2]',
      'null',
    ]) {
      const error = new ApiError(503, text);
      expect(error.serverMessage, text).toBeUndefined();
      expect(error.issues, text).toEqual([]);
      expect(error.fieldErrors, text).toEqual({});
      expect(errorMessage(error, 'fallback'), text).toBe('fallback');
    }
  });

  it('skips field problems that are not {path, message} strings', () => {
    const error = new ApiError(
      400,
      envelope({
        message: 7,
        errors: [{ path: 'a' }, { path: 'b', message: 'kept' }, 'c', { message: 'no path' }],
      }),
    );
    expect(error.serverMessage).toBeUndefined();
    expect(error.issues).toEqual([{ path: 'b', message: 'kept' }]);
    expect(error.fieldErrors).toEqual({ b: 'kept' });
  });

  it('keeps a field named like an Object property as data', () => {
    const error = new ApiError(
      400,
      envelope({ message: 'x', errors: [{ path: '__proto__', message: 'odd but said' }] }),
    );
    expect(Object.keys(error.fieldErrors)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(error.fieldErrors)).toBe(Object.prototype);
  });

  it('parses a body handed over as text the same way (an upload answer)', () => {
    expect(parseErrorBody(envelope({ message: 'The file is empty' }))).toEqual({
      message: 'The file is empty',
      errors: [],
    });
    expect(parseErrorBody('<Error/>')).toEqual({ message: undefined, errors: [] });
  });
});

describe("a newcomer's session cookie", () => {
  /** A server that answers each request only when the test releases it, and logs arrivals. */
  async function heldServer() {
    const arrived: string[] = [];
    const waiting = new Map<string, () => void>();
    const server = createServer((req, res) => {
      const name = `${req.method} ${req.url}`;
      arrived.push(name);
      waiting.set(name, () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const until = async (check: () => boolean) => {
      while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    return {
      base: `http://127.0.0.1:${port}`,
      arrived,
      until,
      release: async (name: string) => {
        await until(() => waiting.has(name));
        waiting.get(name)!();
        waiting.delete(name);
      },
      close: () => new Promise((resolve) => server.close(resolve)),
    };
  }

  it('holds a write until the requests sent before the first answer are answered, and others while it is on its way', async () => {
    // A fresh module: the page has had no answer yet.
    vi.resetModules();
    const { apiRequest: request } = await import('./api');
    const server = await heldServer();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
    try {
      const a = request('GET', `${server.base}/a`);
      const b = request('GET', `${server.base}/b`);
      const write = request('POST', `${server.base}/w`, {});
      // A read asked for while the write waits goes: the write waits for it too.
      const c = request('GET', `${server.base}/c`);
      await server.until(() => server.arrived.length === 3);
      await server.release('GET /a');
      await a;
      await settle();
      // One answer came, but two answers that may set a cookie are still on their way.
      expect(server.arrived).toEqual(['GET /a', 'GET /b', 'GET /c']);

      await server.release('GET /b');
      await server.release('GET /c');
      await Promise.all([b, c]);
      await server.until(() => server.arrived.length === 4);
      expect(server.arrived[3]).toBe('POST /w');

      // The browser holds a cookie now: a read goes while the write is on its way.
      const d = request('GET', `${server.base}/d`);
      await server.until(() => server.arrived.length === 5);
      await server.release('GET /d');
      await d;
      await server.release('POST /w');
      await write;

      const together = [
        request('POST', `${server.base}/x`, {}),
        request('POST', `${server.base}/y`, {}),
        request('GET', `${server.base}/z`),
      ];
      await server.until(() => server.arrived.length === 8);
      for (const name of ['POST /x', 'POST /y', 'GET /z']) await server.release(name);
      await Promise.all(together);
    } finally {
      await server.close();
    }
  });
});
