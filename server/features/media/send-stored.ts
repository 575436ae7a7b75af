import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import parseRange from 'range-parser';
import { NotFoundInStorage, type MediaStorage } from '../../adapters/storage/types.js';
import { NotFound } from '../../errors.js';

/** One stored object to send: its bytes' key, size and type. */
export interface StoredContent {
  key: string;
  /** Bytes, or null to ask storage. */
  size: number | null;
  contentType: string;
  /** The name a download gets. */
  fileName: string;
}

/** Reads `key` for sending; absent objects are a 404, never a 500. */
async function openStored(
  storage: MediaStorage,
  key: string,
  range?: { start: number; end: number },
): Promise<Readable> {
  try {
    return await storage.read(key, range);
  } catch (error) {
    if (error instanceof NotFoundInStorage) throw new NotFound('Media file not found');
    throw error;
  }
}

/**
 * A Content-Disposition header (RFC 6266): `filename` an ASCII stand-in for old clients (no quote,
 * backslash, percent sign or semicolon, which some of them misread), and `filename*` the full name
 * in RFC 8187 (was 5987) form, which browsers prefer. encodeURIComponent leaves ' ( ) * as they
 * are, but they are not attr-chars there, and a ' would end the charset part: they are escaped.
 */
export function disposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends a stored object with Range support (a video seeks by asking for ranges), its stored type
 * and nosniff, so the browser never guesses a type from the bytes. A single range is answered 206;
 * a range past the end is 416; several ranges or a malformed header get the whole file.
 */
export async function sendStored(
  reply: FastifyReply,
  storage: MediaStorage,
  content: StoredContent,
  options: { rangeHeader?: string; download?: boolean; cache: 'private' | 'public-share' },
) {
  let size = content.size;
  if (size === null) {
    const head = await storage.head(content.key);
    if (!head) throw new NotFound('Media file not found');
    size = head.size;
  }
  const ranges = options.rangeHeader ? parseRange(size, options.rangeHeader) : -2;
  if (ranges === -1) {
    return reply.code(416).header('content-range', `bytes */${size}`).send({
      message: 'The requested range is outside the file',
    });
  }
  reply
    .header('content-type', content.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('accept-ranges', 'bytes')
    // Served bytes are never a document: no scripts, no plugins, no framing, even if opened directly.
    .header('content-security-policy', "default-src 'none'; sandbox; frame-ancestors 'none'")
    .header(
      'cache-control',
      options.cache === 'private' ? 'private, max-age=3600' : 'private, no-store',
    )
    .header(
      'content-disposition',
      disposition(options.download ? 'attachment' : 'inline', content.fileName),
    );

  const single = Array.isArray(ranges) && ranges.length === 1 && ranges.type === 'bytes';
  if (reply.request.method === 'HEAD') {
    // The headers only: no object is opened, let alone read.
    if (single) {
      const { start, end } = ranges[0]!;
      reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
      return reply.header('content-length', end - start + 1).send(Readable.from([]));
    }
    // An empty stream: Fastify keeps the length we set for a stream, where it would count a string.
    return reply.code(200).header('content-length', size).send(Readable.from([]));
  }
  if (single) {
    const { start, end } = ranges[0]!;
    const body = await openStored(storage, content.key, { start, end });
    return reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${size}`)
      .header('content-length', end - start + 1)
      .send(body);
  }
  const body = await openStored(storage, content.key);
  return reply.code(200).header('content-length', size).send(body);
}
