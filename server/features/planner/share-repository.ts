import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { TripShareTable } from './table.js';

export type TripShareRow = Selectable<TripShareTable>;

/** A trip's itinerary links. Deleting the trip deletes them (foreign key, cascade). */
export function createTripShareRepository(db: Db) {
  return {
    async insert(row: Insertable<TripShareTable>): Promise<void> {
      await db.insertInto('tripShares').values(row).execute();
    },

    /** The trip's links, newest first. */
    async list(plannerId: string, visitorId: string): Promise<TripShareRow[]> {
      return db
        .selectFrom('tripShares')
        .selectAll()
        .where('plannerId', '=', plannerId)
        .where('visitorId', '=', visitorId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Revokes an open link of the trip; answers the link (revoked before or now), or undefined. */
    async revoke(
      plannerId: string,
      visitorId: string,
      id: string,
      at: string,
    ): Promise<TripShareRow | undefined> {
      await db
        .updateTable('tripShares')
        .set({ revokedAt: at })
        .where('id', '=', id)
        .where('plannerId', '=', plannerId)
        .where('visitorId', '=', visitorId)
        .where('revokedAt', 'is', null)
        .execute();
      return db
        .selectFrom('tripShares')
        .selectAll()
        .where('id', '=', id)
        .where('plannerId', '=', plannerId)
        .where('visitorId', '=', visitorId)
        .executeTakeFirst();
    },

    /** The link of a token whose trip still belongs to the link's owner, or undefined. */
    async findByTokenHash(tokenHash: string): Promise<TripShareRow | undefined> {
      return db
        .selectFrom('tripShares')
        .innerJoin('tripPlanners', 'tripPlanners.id', 'tripShares.plannerId')
        .selectAll('tripShares')
        .where('tripShares.tokenHash', '=', tokenHash)
        .whereRef('tripShares.visitorId', '=', 'tripPlanners.visitorId')
        .executeTakeFirst();
    },
  };
}
export type TripShareRepository = ReturnType<typeof createTripShareRepository>;
