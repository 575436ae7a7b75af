import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip } from './content-encoding.js';

const gzipAsync = promisify(gzip);

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A body made once and sent many times (a trip's listing, its calendar), kept as bytes so that no
 * answer encodes it again, and gzipped the first time a client accepts that: off the event loop,
 * at the fastest level, which still shrinks JSON and iCalendar text several times over.
 */
export class EncodedBody {
  #gzipped: Promise<Buffer> | undefined;
  constructor(readonly identity: Buffer) {}

  get byteLength(): number {
    return this.identity.byteLength;
  }

  body(encoding: 'identity' | 'gzip'): Promise<Buffer> {
    if (encoding === 'identity') return Promise.resolve(this.identity);
    this.#gzipped ??= gzipAsync(this.identity, { level: constants.Z_BEST_SPEED });
    return this.#gzipped;
  }
}

/**
 * Sends a kept body as it is, gzipped when the client accepts it. The reply is untyped: the body is
 * already the answer, past any response schema.
 */
export async function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
  contentType: string,
): Promise<FastifyReply> {
  const gzip = acceptsGzip(request.headers['accept-encoding']);
  reply.type(contentType).header('vary', 'accept-encoding');
  if (gzip) reply.header('content-encoding', 'gzip');
  return reply.send(await body.body(gzip ? 'gzip' : 'identity'));
}
