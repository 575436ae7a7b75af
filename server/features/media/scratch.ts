import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MediaStorage } from '../../adapters/storage/types.js';

/**
 * Scratch space on this machine: copies of stored objects for ffmpeg to read, made thumbnails,
 * renders, and (local storage) bodies still arriving. What a crash leaves there is cleared by the
 * upload sweep.
 */

/** Scratch files older than this are leftovers of a crash: no upload or render takes so long. */
const SCRATCH_MAX_AGE_MS = 6 * 60 * 60 * 1000;

/**
 * Runs `work` with the object as a file on this machine: the stored file itself on local disk, else
 * a temporary copy that is removed afterwards.
 */
export async function withLocalFile<T>(
  storage: MediaStorage,
  tempDir: string,
  key: string,
  work: (filePath: string) => Promise<T>,
): Promise<T> {
  if (storage.localPath) return work(storage.localPath(key));
  await mkdir(tempDir, { recursive: true });
  const dir = await mkdtemp(path.join(tempDir, 'copy-'));
  try {
    const file = path.join(dir, 'object');
    await pipeline(await storage.read(key), createWriteStream(file));
    return await work(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Scratch files older than any upload, copy or render can take, in each of `dirs`. */
export async function clearOldScratch(dirs: readonly string[]): Promise<void> {
  for (const dir of dirs) await removeOldEntries(dir, SCRATCH_MAX_AGE_MS);
}

/**
 * Removes entries of a scratch folder older than `olderThanMs`: what a crash left in the middle of
 * an upload, a copy or a render. A missing folder is fine.
 */
export async function removeOldEntries(dir: string, olderThanMs: number): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const entry = path.join(dir, name);
    const info = await stat(entry).catch(() => null);
    if (info && Date.now() - info.mtimeMs > olderThanMs) {
      await rm(entry, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}
