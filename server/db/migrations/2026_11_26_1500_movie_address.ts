import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code. Which network a movie was asked from,
// as an HMAC of the address's key (an IPv4 address, or an IPv6 /64) with the session secret: the
// render queue holds a few unfinished movies per network, so throw-away visitors from one address
// cannot fill it (issue 25). Movies made before this change have none and count for no network.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media_movies').addColumn('address_tag', 'text').execute();
  await db.schema
    .createIndex('media_movies_address_idx')
    .on('media_movies')
    .columns(['address_tag', 'status'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are schema-agnostic
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('media_movies_address_idx').execute();
  await db.schema.alterTable('media_movies').dropColumn('address_tag').execute();
}
