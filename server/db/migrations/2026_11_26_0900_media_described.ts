import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code. When a file's thumbnail and capture
// time were read (or found unreadable): a background job does it after the upload is recorded, so
// a file listed before then is shown as still being prepared. Files recorded before this change
// were read in their upload's request.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media_files').addColumn('described_at', 'text').execute();
  await db
    .updateTable('media_files')
    .set((eb) => ({ described_at: eb.ref('uploaded_at') }))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media_files').dropColumn('described_at').execute();
}
