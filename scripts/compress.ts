import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text files worth compressing; below this size the headers outweigh the saving. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside a text file, at the highest levels: the server
 * sends them (@fastify/static preCompressed) without compressing per request.
 */
export async function precompressFile(file: string): Promise<void> {
  if (!COMPRESSIBLE.test(file)) return;
  const bytes = await readFile(file);
  if (bytes.length < MIN_COMPRESS_BYTES) return;
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  await writeFile(`${file}.br`, brotli);
  await writeFile(`${file}.gz`, gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }));
}

/** precompressFile for every file under `dir`. */
export async function precompressDir(dir: string): Promise<void> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (entry.isFile()) await precompressFile(path.join(entry.parentPath, entry.name));
  }
}
