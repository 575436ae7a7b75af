import type { EmergencyContact } from '../../../contracts/emergency.js';
import type { CatalogueEmergencyContact } from '../../catalogue/emergency-contacts.js';
import type { CountryNames } from '../../../contracts/countries.js';
import { withoutAccents } from '../../../contracts/text.js';

/** Lower case, accents removed, spaces collapsed: "Türkiye", "turkiye" and " TURKIYE " all match. */
export function countryKey(value: string): string {
  return withoutAccents(value).toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A sentence's words only: countryKey without punctuation ("korea's" -> "korea s"). */
function sentenceKey(value: string): string {
  return countryKey(value.replace(/[^\p{L}\p{N}\s]/gu, ' '));
}

export interface EmergencyContactFilter {
  /** A country name, an alias or an ISO code; blank means every country. */
  country?: string;
}

/** Emergency numbers are curated data the site ships with (server/catalogue), served from memory. */
export function createEmergencyService(catalogue: readonly CatalogueEmergencyContact[]) {
  const byKey = new Map<string, EmergencyContact>();
  const list: EmergencyContact[] = [];
  for (const entry of catalogue) {
    const contact: EmergencyContact = entry;
    list.push(contact);
    for (const name of [entry.country, entry.countryCode, ...(entry.aliases ?? [])]) {
      byKey.set(countryKey(name), contact);
    }
  }
  list.sort((a, b) => a.country.localeCompare(b.country, 'en'));

  const byCountry = (nameOrCode: string): EmergencyContact | undefined =>
    byKey.get(countryKey(nameOrCode));

  // Names and aliases as they may appear in a sentence. Acronyms ("UK", "USA") count only in
  // capitals; "America" alone is left out ("South America" is not the United States).
  const phrases = catalogue.flatMap((entry) =>
    [entry.country, ...(entry.aliases ?? [])]
      .filter((name) => name !== 'America')
      .map((name) => {
        const acronym = /^[A-Z]{2,5}$/.test(name);
        const words = acronym ? name : sentenceKey(name);
        return {
          acronym,
          pattern: new RegExp(`(?<![\\p{L}\\d])${words}(?![\\p{L}\\d])`, 'u'),
          contact: byKey.get(countryKey(entry.country))!,
        };
      }),
  );

  return {
    /** Every country by name, or the one country the filter names (an unknown name gives []). */
    list(filter: EmergencyContactFilter = {}): EmergencyContact[] {
      if (!filter.country?.trim()) return [...list];
      const contact = byCountry(filter.country);
      return contact ? [contact] : [];
    },
    /** The contacts for a country name, alias or ISO code, ignoring case and accents. */
    byCountry,

    /** Every country with the names it goes by, its own first, for matching free text. */
    countryNames(): CountryNames[] {
      return catalogue.map((entry) => ({
        countryCode: entry.countryCode,
        names: [entry.country, ...(entry.aliases ?? [])],
      }));
    },

    /**
     * The countries a sentence names, in the order named; a name inside a longer one counts once
     * ("South Sudan" is not also Sudan, "Northern Ireland" is the United Kingdom).
     */
    namedIn(sentence: string): EmergencyContact[] {
      const text = sentenceKey(sentence);
      const hits: { start: number; end: number; contact: EmergencyContact }[] = [];
      for (const { acronym, pattern, contact } of phrases) {
        const match = pattern.exec(acronym ? sentence : text);
        if (!match) continue;
        // Acronym positions are in the raw sentence: they never hide another name.
        const start = acronym ? -1 : match.index;
        hits.push({ start, end: acronym ? -1 : start + match[0].length, contact });
      }
      const inside = (a: (typeof hits)[number], b: (typeof hits)[number]) =>
        a !== b &&
        a.start >= 0 &&
        b.start <= a.start &&
        a.end <= b.end &&
        b.end - b.start > a.end - a.start;
      const kept = hits.filter((hit) => !hits.some((other) => inside(hit, other)));
      kept.sort((a, b) => a.start - b.start);
      return [...new Set(kept.map((hit) => hit.contact))];
    },
  };
}
export type EmergencyService = ReturnType<typeof createEmergencyService>;
