import type { MediaFile } from '../../../contracts/media.js';
import type { MediaStorage } from '../../adapters/storage/types.js';
import { NotFound } from '../../errors.js';
import { downloadName } from './file-kind.js';
import type { MediaFileRow, MediaRepository } from './repository.js';
import type { StoredContent } from './send-stored.js';

/** Files read per query when all of a visitor's are removed. */
const REMOVE_BATCH = 100;

/** What the media feature's services log through (the app's logger). */
export interface MediaLogger {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export const thumbnailKeyOf = (id: string) => `thumbnails/${id}.jpg`;
export const contentUrlOf = (id: string) => `/api/media/${id}/content`;
export const thumbnailUrlOf = (id: string) => `/api/media/${id}/thumbnail`;

export function toMediaFile(row: MediaFileRow): MediaFile {
  return {
    id: row.id,
    fileName: row.fileName,
    fileType: row.fileType,
    fileSize: row.fileSize === null ? null : Number(row.fileSize),
    uploadedAt: row.uploadedAt,
    description: row.description,
    capturedAt: row.capturedAt,
    contentUrl: contentUrlOf(row.id),
    thumbnailUrl: row.thumbnailKey ? thumbnailUrlOf(row.id) : null,
    processing: row.describedAt === null,
  };
}

export function fileContent(row: MediaFileRow): StoredContent {
  if (row.fileSize === null) throw new NotFound('Media file not found');
  return {
    key: row.objectKey,
    size: Number(row.fileSize),
    contentType: row.fileType,
    fileName: downloadName(row.fileName, row.fileType),
  };
}

export function thumbnailContent(row: MediaFileRow): StoredContent {
  if (!row.thumbnailKey) throw new NotFound('This file has no thumbnail');
  return {
    key: row.thumbnailKey,
    size: null,
    contentType: 'image/jpeg',
    fileName: 'thumbnail.jpg',
  };
}

/** The visitor's gallery: the files recorded, listed, sent and deleted (uploads are ./uploads). */
export function createGalleryService(deps: { repository: MediaRepository; storage: MediaStorage }) {
  const { repository, storage } = deps;

  /** Objects first (deleting is idempotent), so a failure leaves the file listed, not orphaned. */
  async function removeFile(row: MediaFileRow): Promise<boolean> {
    await storage.delete(row.objectKey);
    await storage.delete(thumbnailKeyOf(row.id));
    return (await repository.deleteFile(row.visitorId, row.id)) !== undefined;
  }

  /** Null: a visitor with no stored session, who has no files. */
  async function ownFile(visitorId: string | null, id: string): Promise<MediaFileRow> {
    const row = visitorId ? await repository.getFile(visitorId, id) : undefined;
    if (!row) throw new NotFound('Media file not found');
    return row;
  }

  return {
    /** The visitor's files, newest first (the gallery's order); with a limit, the first ones. */
    async list(visitorId: string | null, limit?: number): Promise<MediaFile[]> {
      if (!visitorId) return [];
      return (await repository.listFiles(visitorId, limit)).map(toMediaFile);
    },

    async content(visitorId: string | null, id: string): Promise<StoredContent> {
      const row = await ownFile(visitorId, id);
      return fileContent(row);
    },

    async thumbnail(visitorId: string | null, id: string): Promise<StoredContent> {
      return thumbnailContent(await ownFile(visitorId, id));
    },

    async remove(visitorId: string, id: string): Promise<void> {
      const row = await ownFile(visitorId, id);
      if (!(await removeFile(row))) throw new NotFound('Media file not found');
    },

    /**
     * Deletes every file of the visitor, objects and thumbnails too (the retention sweep, which
     * removes the visitor's upload tickets after). Returns how many files went.
     */
    async removeAll(visitorId: string): Promise<number> {
      let removed = 0;
      for (;;) {
        const rows = await repository.listFiles(visitorId, REMOVE_BATCH);
        for (const row of rows) if (await removeFile(row)) removed += 1;
        if (rows.length < REMOVE_BATCH) return removed;
      }
    },
  };
}
export type GalleryService = ReturnType<typeof createGalleryService>;
