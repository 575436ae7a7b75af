import type { Insertable, Selectable } from 'kysely';
import { accessibilityFeatureSchema, type Destination } from '../../../contracts/destinations.js';
import { fromFlag, type Db } from '../../db/database.js';
import type { DestinationTable } from './table.js';

const NUMERIC_PRICE = /^\d+(\.\d+)?$/;

function toDestination(row: Selectable<DestinationTable>): Destination {
  const features = JSON.parse(row.accessibilityFeatures) as unknown[];
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    country: row.country,
    countryCode: row.countryCode,
    price: NUMERIC_PRICE.test(row.price) ? Number(row.price) : row.price,
    priceBasis: row.priceBasis,
    currency: row.currency,
    category: row.category,
    description: row.description,
    imageUrl: row.imageUrl,
    safetyLevel: row.safetyLevel,
    isAccessible: fromFlag(row.isAccessible),
    isVeteranFriendly: fromFlag(row.isVeteranFriendly),
    isNeuroFriendly: fromFlag(row.isNeuroFriendly),
    // A feature dropped from the vocabulary later must not break the whole list.
    accessibilityFeatures: features.flatMap((f) => {
      const parsed = accessibilityFeatureSchema.safeParse(f);
      return parsed.success ? [parsed.data] : [];
    }),
  };
}

export function createDestinationRepository(db: Db) {
  return {
    async list(): Promise<Destination[]> {
      const rows = await db.selectFrom('destinations').selectAll().orderBy('name').execute();
      return rows.map(toDestination);
    },

    /** Inserts the rows whose id is not stored yet, in one transaction; returns how many were new. */
    async insertMissing(rows: Insertable<DestinationTable>[]): Promise<number> {
      if (rows.length === 0) return 0;
      return db.transaction().execute(async (trx) => {
        let inserted = 0;
        for (const row of rows) {
          const result = await trx
            .insertInto('destinations')
            .values(row)
            .onConflict((oc) => oc.column('id').doNothing())
            .executeTakeFirst();
          inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
        }
        return inserted;
      });
    },
  };
}
export type DestinationRepository = ReturnType<typeof createDestinationRepository>;
