import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function up(db: Kysely<any>): Promise<void> {
  // One row per upload URL handed out: the object it may write, for whom, what it was declared as,
  // and how far it got (pending, stored, recorded). A URL works once; rows past their expiry are
  // swept together with any object they left behind.
  await db.schema
    .createTable('media_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('object_key', 'text', (c) => c.notNull().unique())
    .addColumn('declared_type', 'text')
    .addColumn('declared_size', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('stored_type', 'text')
    .addColumn('stored_size', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('media_uploads_expires_at_idx')
    .on('media_uploads')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('media_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('object_key', 'text', (c) => c.notNull().unique())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_type', 'text', (c) => c.notNull())
    .addColumn('file_size', 'integer')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('captured_at', 'text')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('thumbnail_key', 'text')
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('media_files_visitor_idx')
    .on('media_files')
    .columns(['visitor_id', 'uploaded_at'])
    .execute();

  await db.schema
    .createTable('media_movies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('script', 'text', (c) => c.notNull())
    // JSON list of caption lines, one per file, in the order shown.
    .addColumn('scenes', 'text', (c) => c.notNull())
    .addColumn('style', 'text', (c) => c.notNull())
    .addColumn('duration', 'text', (c) => c.notNull())
    // JSON list of media file ids, in the order shown (by capture time).
    .addColumn('media_ids', 'text', (c) => c.notNull())
    .addColumn('written_by', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'double precision', (c) => c.notNull())
    .addColumn('seconds', 'double precision')
    .addColumn('video_key', 'text')
    .addColumn('calm_video_key', 'text')
    .addColumn('captions_key', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('media_movies_visitor_idx')
    .on('media_movies')
    .columns(['visitor_id', 'created_at'])
    .execute();

  // A share link: only the token's hash is kept, so a copy of the database opens no shares.
  await db.schema
    .createTable('media_shares')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('share_type', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    // JSON list of media file ids.
    .addColumn('media_ids', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('media_shares_visitor_idx')
    .on('media_shares')
    .columns(['visitor_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['media_shares', 'media_movies', 'media_files', 'media_uploads']) {
    await db.schema.dropTable(table).execute();
  }
}
