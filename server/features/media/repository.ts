import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type {
  MediaFileTable,
  MediaMovieTable,
  MediaShareTable,
  MediaUploadTable,
} from './table.js';

export type UploadRow = Selectable<MediaUploadTable>;
export type MediaFileRow = Selectable<MediaFileTable>;
export type MovieRow = Selectable<MediaMovieTable>;
export type ShareRow = Selectable<MediaShareTable>;

/** Every query of the media feature; every read of a visitor's record is scoped to that visitor. */
export function createMediaRepository(db: Db) {
  return {
    async insertUpload(row: Insertable<MediaUploadTable>): Promise<void> {
      await db.insertInto('mediaUploads').values(row).execute();
    },

    async findUpload(id: string): Promise<UploadRow | undefined> {
      return db.selectFrom('mediaUploads').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findVisitorUploadByKey(
      visitorId: string,
      objectKey: string,
    ): Promise<UploadRow | undefined> {
      return db
        .selectFrom('mediaUploads')
        .selectAll()
        .where('visitorId', '=', visitorId)
        .where('objectKey', '=', objectKey)
        .executeTakeFirst();
    },

    /** pending -> stored, once; false when another request got there first. */
    async markStored(id: string, storedType: string, storedSize: number): Promise<boolean> {
      const result = await db
        .updateTable('mediaUploads')
        .set({ status: 'stored', storedType, storedSize })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Keeps at most `keep` upload URLs of a visitor open: older pending ones are marked superseded
     * (their PUT is refused with a clear message), so an abandoned batch never blocks the next.
     */
    async supersedeOldUploads(visitorId: string, keep: number): Promise<void> {
      const old = await db
        .selectFrom('mediaUploads')
        .select('id')
        .where('visitorId', '=', visitorId)
        .where('status', '=', 'pending')
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .offset(keep)
        .limit(1000)
        .execute();
      if (old.length === 0) return;
      await db
        .updateTable('mediaUploads')
        .set({ status: 'superseded' })
        .where(
          'id',
          'in',
          old.map((row) => row.id),
        )
        .where('status', '=', 'pending')
        .execute();
    },

    async deleteUpload(id: string): Promise<void> {
      await db.deleteFrom('mediaUploads').where('id', '=', id).execute();
    },

    async listVisitorUploads(visitorId: string, limit: number): Promise<UploadRow[]> {
      return db
        .selectFrom('mediaUploads')
        .selectAll()
        .where('visitorId', '=', visitorId)
        .limit(limit)
        .execute();
    },

    /** Tickets past `before` that never became a listed file. */
    async listStaleUploads(before: string, limit: number): Promise<UploadRow[]> {
      return db
        .selectFrom('mediaUploads')
        .selectAll()
        .where('expiresAt', '<', before)
        .orderBy('expiresAt')
        .limit(limit)
        .execute();
    },

    /**
     * Lists an upload as a media file and marks its ticket recorded, in one transaction, only if
     * the ticket is still open: two recordings of one upload make one file. The recorded ticket is
     * kept until it expires, so the sweep can remove whatever a replayed URL writes afterwards.
     */
    async recordFile(uploadId: string, file: Insertable<MediaFileTable>): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('mediaUploads')
          .set({ status: 'recorded' })
          .where('id', '=', uploadId)
          .where('status', 'in', ['pending', 'stored'])
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) return false;
        await trx.insertInto('mediaFiles').values(file).execute();
        return true;
      });
    },

    /** What a visitor's gallery holds: its files, and their bytes. */
    async usage(visitorId: string): Promise<{ files: number; bytes: number }> {
      const row = await db
        .selectFrom('mediaFiles')
        .select((eb) => [eb.fn.countAll().as('files'), eb.fn.sum('fileSize').as('bytes')])
        .where('visitorId', '=', visitorId)
        .executeTakeFirstOrThrow();
      // PostgreSQL answers counts and sums of bigints as text.
      return { files: Number(row.files), bytes: Number(row.bytes ?? 0) };
    },

    /** Newest first; with a limit, only that many. */
    async listFiles(visitorId: string, limit?: number): Promise<MediaFileRow[]> {
      const query = db
        .selectFrom('mediaFiles')
        .selectAll()
        .where('visitorId', '=', visitorId)
        .orderBy('uploadedAt', 'desc')
        .orderBy('id', 'desc');
      return (limit === undefined ? query : query.limit(limit)).execute();
    },

    async getFile(visitorId: string, id: string): Promise<MediaFileRow | undefined> {
      return db
        .selectFrom('mediaFiles')
        .selectAll()
        .where('visitorId', '=', visitorId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async getFiles(visitorId: string, ids: readonly string[]): Promise<MediaFileRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('mediaFiles')
        .selectAll()
        .where('visitorId', '=', visitorId)
        .where('id', 'in', ids)
        .execute();
    },

    /** False when the file is gone. */
    async updateFile(id: string, changes: Updateable<MediaFileTable>): Promise<boolean> {
      const result = await db
        .updateTable('mediaFiles')
        .set(changes)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Any visitor's file, for background work. */
    async getFileById(id: string): Promise<MediaFileRow | undefined> {
      return db.selectFrom('mediaFiles').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Files whose thumbnail and capture time were never read, oldest first. */
    async undescribedFileIds(limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('mediaFiles')
        .select('id')
        .where('describedAt', 'is', null)
        .orderBy('uploadedAt')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    async deleteFile(visitorId: string, id: string): Promise<MediaFileRow | undefined> {
      const row = await this.getFile(visitorId, id);
      if (!row) return undefined;
      const result = await db
        .deleteFrom('mediaFiles')
        .where('visitorId', '=', visitorId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n ? row : undefined;
    },

    async insertMovie(row: Insertable<MediaMovieTable>): Promise<void> {
      await db.insertInto('mediaMovies').values(row).execute();
    },

    async getMovie(visitorId: string, id: string): Promise<MovieRow | undefined> {
      return db
        .selectFrom('mediaMovies')
        .selectAll()
        .where('visitorId', '=', visitorId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async getMovieById(id: string): Promise<MovieRow | undefined> {
      return db.selectFrom('mediaMovies').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async deleteMovie(visitorId: string, id: string): Promise<void> {
      await db
        .deleteFrom('mediaMovies')
        .where('visitorId', '=', visitorId)
        .where('id', '=', id)
        .execute();
    },

    async listMovies(visitorId: string, limit: number): Promise<MovieRow[]> {
      return db
        .selectFrom('mediaMovies')
        .selectAll()
        .where('visitorId', '=', visitorId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** One visitor's movies waiting or rendering, or everyone's. */
    /** Movies waiting or rendering: all of them, one visitor's, or one network's. */
    async countUnfinishedMovies(
      by: string | { visitorId?: string; addressTag?: string } = {},
    ): Promise<number> {
      const { visitorId, addressTag } = typeof by === 'string' ? { visitorId: by } : by;
      let query = db
        .selectFrom('mediaMovies')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('status', 'in', ['queued', 'rendering']);
      if (visitorId !== undefined) query = query.where('visitorId', '=', visitorId);
      if (addressTag !== undefined) query = query.where('addressTag', '=', addressTag);
      const row = await query.executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Movies a stopped server left queued or half rendered. */
    async listUnfinishedMovies(): Promise<MovieRow[]> {
      return db
        .selectFrom('mediaMovies')
        .selectAll()
        .where('status', 'in', ['queued', 'rendering'])
        .orderBy('createdAt')
        .execute();
    },

    async updateMovie(id: string, changes: Updateable<MediaMovieTable>): Promise<void> {
      await db
        .updateTable('mediaMovies')
        .set({ ...changes, updatedAt: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },

    async insertShare(row: Insertable<MediaShareTable>): Promise<void> {
      await db.insertInto('mediaShares').values(row).execute();
    },

    async listShares(visitorId: string): Promise<ShareRow[]> {
      return db
        .selectFrom('mediaShares')
        .selectAll()
        .where('visitorId', '=', visitorId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    async revokeShare(visitorId: string, id: string, at: string): Promise<ShareRow | undefined> {
      await db
        .updateTable('mediaShares')
        .set({ revokedAt: at })
        .where('visitorId', '=', visitorId)
        .where('id', '=', id)
        .where('revokedAt', 'is', null)
        .execute();
      return db
        .selectFrom('mediaShares')
        .selectAll()
        .where('visitorId', '=', visitorId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async findShareByTokenHash(tokenHash: string): Promise<ShareRow | undefined> {
      return db
        .selectFrom('mediaShares')
        .selectAll()
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst();
    },
  };
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
