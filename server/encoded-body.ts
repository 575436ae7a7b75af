import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/**
 * A body made once and sent many times (a trip's listing, its calendar), kept as bytes so that no
 * answer encodes it again, and gzipped the first time a client accepts that: off the event loop,
 * at the fastest level, which still shrinks JSON and iCalendar text about sixfold.
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
