import type { Advisory } from '../../../contracts/advisories.js';
import type { CatalogueAdvisory } from '../../catalogue/advisories.js';

/** Advisories are curated data the site ships with (server/catalogue), served from memory. */
export function createAdvisoryService(catalogue: readonly CatalogueAdvisory[]) {
  // Most serious first, then by country, so a list cut short still shows what matters.
  const list: Advisory[] = [...catalogue]
    .sort((a, b) => b.level - a.level || a.country.localeCompare(b.country, 'en'))
    .map(({ countryCode, country, level, title, summary, updatedAt, source }) => ({
      countryCode,
      country,
      level,
      title,
      summary,
      updatedAt,
      source,
    }));
  const byCode = new Map(list.map((a) => [a.countryCode, a]));

  return {
    list: (): Advisory[] => list,
    forCountry: (countryCode: string): Advisory | undefined =>
      byCode.get(countryCode.toUpperCase()),
  };
}
export type AdvisoryService = ReturnType<typeof createAdvisoryService>;
