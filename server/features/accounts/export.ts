import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { ACCOUNT_EXPORT, AUTH_MESSAGES, type Passkey } from '../../../contracts/auth.js';
import { NotFoundInStorage, type MediaStorage } from '../../adapters/storage/types.js';
import { Conflict } from '../../errors.js';
import {
  EXPORTED_TABLES,
  type AccountRow,
  type AccountsRepository,
  type ExportedTable,
} from './repository.js';

/** Rows read per query, and written to the archive per push. */
const EXPORT_BATCH = 500;
/**
 * What the photos, videos and movies of one archive may hold: a ZIP without its 64-bit extension
 * (fflate writes none) ends at 4 GiB, and the records and headers need room besides.
 */
const EXPORT_MAX_MEDIA_BYTES = 2 ** 32 - 256 * 2 ** 20;
/** Room the archive's stream buffers before waiting for the client (backpressure). */
const EXPORT_BUFFER_BYTES = 1024 * 1024;
/**
 * Columns never written to the archive: the hashes of secret tokens (share links, calendar
 * addresses, verification links) and the HMAC of a client's address. Named in `account.json`.
 */
export const NOT_EXPORTED_COLUMNS = ['tokenHash', 'addressTag'] as const;

/** One stored object in the archive: where it is, and the record it belongs to. */
interface ArchivedObject {
  path: string;
  table: 'mediaFiles' | 'mediaMovies';
  id: string;
  key: string;
}

/**
 * A name safe in any unzip tool: letters, digits, dot, dash, underscore and space; no leading dot;
 * at most 100 characters. The id before it keeps two files of one name apart.
 */
export function archiveName(fileName: string): string {
  const safe = fileName
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._ -]/gu, '_')
    .replace(/^[. ]+/, '')
    .slice(0, 100);
  return safe || 'file';
}

/** Every stored object of the account's media, by its archive path. */
function archivedObjects(media: Awaited<ReturnType<AccountsRepository['mediaOf']>>) {
  const objects: ArchivedObject[] = media.files.map((file) => ({
    path: `${ACCOUNT_EXPORT.mediaFolder}${file.id}-${archiveName(file.fileName)}`,
    table: 'mediaFiles',
    id: file.id,
    key: file.objectKey,
  }));
  for (const movie of media.movies) {
    for (const key of [movie.videoKey, movie.calmVideoKey, movie.captionsKey]) {
      if (!key) continue;
      const name = archiveName(key.split('/').at(-1)!);
      objects.push({
        path: `${ACCOUNT_EXPORT.moviesFolder}${movie.id}-${name}`,
        table: 'mediaMovies',
        id: movie.id,
        key,
      });
    }
  }
  return objects;
}

/** A row as exported: secrets dropped, and big integers (PostgreSQL's) written as text. */
function exportedRow(row: Record<string, unknown>): string {
  const copy = { ...row };
  for (const column of NOT_EXPORTED_COLUMNS) delete copy[column];
  return JSON.stringify(copy, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
}

/** The writable end of the archive: chunks go out, and the producer waits while the client reads. */
function archiveStream() {
  const out = new PassThrough({ highWaterMark: EXPORT_BUFFER_BYTES });
  const zip = new Zip((error, chunk, final) => {
    if (error) out.destroy(error);
    else if (!out.destroyed) {
      out.write(chunk);
      if (final) out.end();
    }
  });
  /** Resolves once the client has read what is buffered (or has gone away). */
  const drained = () =>
    !out.writableNeedDrain || out.destroyed
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const done = () => {
            out.off('drain', done);
            out.off('close', done);
            resolve();
          };
          out.on('drain', done);
          out.on('close', done);
        });
  return { out, zip, drained };
}

export interface AccountExportDeps {
  repository: AccountsRepository;
  /** The account's passkeys: their names and dates (a public key means nothing to its owner). */
  passkeysOf: (accountId: string) => Promise<Passkey[]>;
  storage: MediaStorage;
  now?: () => Date;
  log: { error(details: object, message: string): void };
}

/**
 * The download of everything an account holds (issue 27), as one ZIP streamed while it is made:
 * each photo, video and movie file's stored bytes, read from storage one at a time at the pace
 * the client reads, then `account.json`: the account, its devices, and every row of every table
 * of its things (EXPORTED_TABLES), read in batches, with an index of the files. Nothing is held
 * whole in memory. docs/features/account-data.md describes the archive.
 */
export function createAccountExport(deps: AccountExportDeps) {
  const { repository, storage } = deps;
  const now = deps.now ?? (() => new Date());

  /** Adds one stored object; false when storage no longer has it. */
  async function addObject(
    archive: ReturnType<typeof archiveStream>,
    object: ArchivedObject,
  ): Promise<boolean> {
    let bytes: Readable;
    try {
      bytes = await storage.read(object.key);
    } catch (error) {
      if (error instanceof NotFoundInStorage) return false;
      throw error;
    }
    const entry = new ZipPassThrough(object.path);
    archive.zip.add(entry);
    try {
      for await (const chunk of bytes) {
        if (archive.out.destroyed) return true;
        entry.push(chunk as Buffer);
        await archive.drained();
      }
    } finally {
      bytes.destroy();
    }
    entry.push(new Uint8Array(0), true);
    return true;
  }

  /** Writes `account.json`, table by table, a batch of rows per push. */
  async function addRecords(
    archive: ReturnType<typeof archiveStream>,
    account: AccountRow,
    files: (ArchivedObject & { stored: boolean })[],
  ): Promise<void> {
    const entry = new ZipDeflate(ACCOUNT_EXPORT.recordsFile, { level: 6 });
    archive.zip.add(entry);
    const push = async (text: string, final = false) => {
      entry.push(new TextEncoder().encode(text), final);
      await archive.drained();
    };
    const [sessions, passkeys] = await Promise.all([
      repository.sessions(account.id),
      deps.passkeysOf(account.id),
    ]);
    const head = {
      format: ACCOUNT_EXPORT.format,
      exportedAt: now().toISOString(),
      account: {
        id: account.id,
        email: account.email,
        createdAt: account.createdAt,
        lastSignInAt: account.lastSignInAt,
      },
      sessions,
      passkeys,
      files: files.map(({ key: _key, ...file }) => file),
      notExportedColumns: NOT_EXPORTED_COLUMNS,
    };
    await push(`${JSON.stringify(head, null, 1).slice(0, -2)},\n "tables": {`);
    for (const [index, table] of EXPORTED_TABLES.entries()) {
      await push(`${index ? ',' : ''}\n  ${JSON.stringify(table)}: [`);
      await addTable(table, account.visitorId, push);
      await push(']');
    }
    await push('\n }\n}\n', true);
  }

  async function addTable(
    table: ExportedTable,
    visitorId: string,
    push: (text: string) => Promise<void>,
  ): Promise<void> {
    let after = '';
    let first = true;
    for (;;) {
      const rows = await repository.exportBatch(table, visitorId, after, EXPORT_BATCH);
      if (rows.length === 0) return;
      await push(`${first ? '' : ','}\n   ${rows.map(exportedRow).join(',\n   ')}`);
      first = false;
      after = String(rows.at(-1)!.id);
      if (rows.length < EXPORT_BATCH) return;
    }
  }

  /** Refuses, before anything is sent, media that one ZIP cannot hold. */
  async function checkSize(
    media: Awaited<ReturnType<AccountsRepository['mediaOf']>>,
    objects: ArchivedObject[],
  ): Promise<void> {
    let bytes = media.files.reduce((sum, file) => sum + Number(file.fileSize ?? 0), 0);
    for (const object of objects) {
      if (object.table === 'mediaMovies') bytes += (await storage.head(object.key))?.size ?? 0;
    }
    if (bytes > EXPORT_MAX_MEDIA_BYTES) throw new Conflict(AUTH_MESSAGES.exportTooLarge);
  }

  return {
    /**
     * The archive of `account`, as a stream to send. Throws (nothing sent yet) when it cannot be
     * made; a failure once it is streaming ends the stream with an error, and is logged.
     */
    async archive(account: AccountRow): Promise<Readable> {
      const media = await repository.mediaOf(account.visitorId);
      const objects = archivedObjects(media);
      await checkSize(media, objects);
      const archive = archiveStream();
      const produce = async () => {
        const files: (ArchivedObject & { stored: boolean })[] = [];
        for (const object of objects) {
          if (archive.out.destroyed) return;
          files.push({ ...object, stored: await addObject(archive, object) });
        }
        if (archive.out.destroyed) return;
        await addRecords(archive, account, files);
        archive.zip.end();
      };
      produce().catch((error: unknown) => {
        deps.log.error({ err: error }, 'the account export failed while streaming');
        archive.out.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return archive.out;
    },
  };
}
export type AccountExport = ReturnType<typeof createAccountExport>;
