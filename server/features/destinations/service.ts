import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Insertable } from 'kysely';
import type { Destination } from '../../../contracts/destinations.js';
import type { CatalogueDestination } from '../../catalogue/destinations.js';
import { toFlag } from '../../db/database.js';
import type { DestinationRepository } from './repository.js';
import type { DestinationTable } from './table.js';

function toRow(d: CatalogueDestination, now: string): Insertable<DestinationTable> {
  return {
    id: d.id,
    name: d.name,
    location: d.location,
    country: d.country,
    countryCode: d.countryCode,
    price: String(d.price),
    priceBasis: d.priceBasis,
    currency: d.currency,
    category: d.category,
    description: d.description,
    imageUrl: d.imageUrl,
    safetyLevel: d.safetyLevel,
    isAccessible: toFlag(d.isAccessible),
    isVeteranFriendly: toFlag(d.isVeteranFriendly),
    isNeuroFriendly: toFlag(d.isNeuroFriendly),
    accessibilityFeatures: JSON.stringify(d.accessibilityFeatures),
    source: d.source,
    checkedAt: d.checkedAt,
    createdAt: now,
  };
}

const gzipAsync = promisify(gzip);

/** The catalogue as sent over HTTP: its JSON, and that JSON gzipped, each made once. */
export interface CatalogueBody {
  json: Buffer;
  gzipped: Buffer;
}

export function createDestinationService(
  repository: DestinationRepository,
  catalogue: readonly CatalogueDestination[],
) {
  // The stored catalogue changes only through populate (which adds the same curated rows in every
  // process), so a non-empty list can be kept in memory. An empty one is never kept: another process
  // may populate at any moment.
  let cached: Destination[] | undefined;
  let body: Promise<CatalogueBody> | undefined;

  return {
    async list(): Promise<Destination[]> {
      if (cached) return cached;
      const list = await repository.list();
      if (list.length > 0) cached = list;
      return list;
    },

    /**
     * The list for GET /api/destinations, serialised once while the stored catalogue stays the
     * same: the repository's own rows, mapped to the contract's type, so not validated again.
     */
    async listBody(): Promise<CatalogueBody> {
      if (body) return body;
      const list = await this.list();
      const json = Buffer.from(JSON.stringify(list));
      const made = gzipAsync(json).then((gzipped) => ({ json, gzipped }));
      // Like the list, an empty catalogue is not kept.
      if (list.length > 0) body = made;
      return made;
    },

    /** The list, filling an empty store with the curated catalogue first (search, assistant). */
    async listOrPopulate(): Promise<Destination[]> {
      const list = await this.list();
      if (list.length > 0) return list;
      await this.populate();
      return this.list();
    },

    /** Adds the curated catalogue; destinations already stored are left as they are. */
    async populate(): Promise<{ inserted: number }> {
      const now = new Date().toISOString();
      const inserted = await repository.insertMissing(catalogue.map((d) => toRow(d, now)));
      cached = undefined;
      body = undefined;
      return { inserted };
    },
  };
}
export type DestinationService = ReturnType<typeof createDestinationService>;
