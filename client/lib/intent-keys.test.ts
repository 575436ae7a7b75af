import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntentKeys, postOnce } from './intent-keys';

describe('intent keys', () => {
  let server: Server;
  let base: string;
  /** The Idempotency-Key of each request, as the server read it. */
  const keys: (string | undefined)[] = [];
  let failNext = false;

  beforeAll(async () => {
    server = createServer((req, res) => {
      keys.push(req.headers['idempotency-key'] as string | undefined);
      res.writeHead(failNext ? 503 : 201, { 'content-type': 'application/json' });
      failNext = false;
      res.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('sends one quoted key per request, the same on a retry after a failure, a new one after a success', async () => {
    const intents = createIntentKeys();
    const url = `${base}/bookings`;
    keys.length = 0;
    failNext = true;
    await expect(postOnce(intents, url, { a: 1 })).rejects.toThrow('503');
    await postOnce(intents, url, { a: 1 }); // the retry
    await postOnce(intents, url, { a: 1 }); // a new intent
    expect(keys[0]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('gives another request (a changed field, another path) another key', () => {
    const intents = createIntentKeys();
    const first = intents.keyFor('/a', { email: 'x@example.com' });
    expect(intents.keyFor('/a', { email: 'x@example.com' })).toBe(first);
    expect(intents.keyFor('/a', { email: 'y@example.com' })).not.toBe(first);
    expect(intents.keyFor('/b', { email: 'x@example.com' })).not.toBe(first);
  });
});
