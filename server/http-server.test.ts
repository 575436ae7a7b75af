import { once } from 'node:events';
import { Agent, request, type IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { closeConnectionsWhenClosing, createHttpServer, type HttpServer } from './http-server.js';

let app: HttpServer | undefined;
const agent = new Agent({ keepAlive: true });
afterEach(async () => {
  agent.destroy();
  await app?.close();
});

it('closes a keep-alive connection whose answer was still being written when the close began', async () => {
  app = createHttpServer(loadConfig({ LOG_LEVEL: 'silent' }), {});
  closeConnectionsWhenClosing(app);
  const body = new PassThrough();
  app.get('/slow', (_request, reply) => reply.type('text/plain').send(body));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };

  // The answer's headers and first bytes are sent on a keep-alive connection...
  body.write('first ');
  const response = await new Promise<IncomingMessage>((resolve) => {
    request({ port, host: '127.0.0.1', path: '/slow', agent }, resolve).end();
  });
  expect(response.headers.connection).toBe('keep-alive');
  const socket = response.socket;
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));

  // ...the server stops listening, and only then does the answer end.
  const closed = app.close();
  await expect.poll(() => app!.server.listening).toBe(false);
  body.end('last');
  await once(response, 'end');
  expect(Buffer.concat(chunks).toString()).toBe('first last');

  // The server ends that connection instead of keeping it for a next request that cannot come,
  // so the close is not held for Fastify's keep-alive timeout (72 s).
  await once(socket, 'close');
  await closed;
  app = undefined;
});
