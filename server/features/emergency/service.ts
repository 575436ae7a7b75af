import type { EmergencyContact } from '../../../contracts/emergency.js';
import type { CatalogueEmergencyContact } from '../../data/emergency-contacts.js';

/** Lower case, accents removed, spaces collapsed: "Türkiye", "turkiye" and " TURKIYE " all match. */
export function countryKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export interface EmergencyContactFilter {
  /** A country name, an alias or an ISO code; blank means every country. */
  country?: string;
}

/** The wire shape only: catalogue-only fields (aliases) stay on the server. */
function toContact({
  region,
  country,
  countryCode,
  emergencyNumber,
  police,
  ambulance,
  fire,
  consularNumber,
  deafAccess,
  notes,
  source,
  checkedAt,
  verified,
}: CatalogueEmergencyContact): EmergencyContact {
  return {
    region,
    country,
    countryCode,
    emergencyNumber,
    police,
    ambulance,
    fire,
    consularNumber,
    deafAccess,
    notes,
    source,
    checkedAt,
    verified,
  };
}

/** Emergency numbers are curated data the site ships with (server/data), served from memory. */
export function createEmergencyService(catalogue: readonly CatalogueEmergencyContact[]) {
  const byKey = new Map<string, EmergencyContact>();
  const list: EmergencyContact[] = [];
  for (const entry of catalogue) {
    const contact = toContact(entry);
    list.push(contact);
    for (const name of [entry.country, entry.countryCode, ...(entry.aliases ?? [])]) {
      byKey.set(countryKey(name), contact);
    }
  }
  list.sort((a, b) => a.country.localeCompare(b.country, 'en'));

  const byCountry = (nameOrCode: string): EmergencyContact | undefined =>
    byKey.get(countryKey(nameOrCode));

  return {
    /** Every country by name, or the one country the filter names (an unknown name gives []). */
    list(filter: EmergencyContactFilter = {}): EmergencyContact[] {
      if (!filter.country?.trim()) return [...list];
      const contact = byCountry(filter.country);
      return contact ? [contact] : [];
    },
    /** The contacts for a country name, alias or ISO code, ignoring case and accents. */
    byCountry,
  };
}
export type EmergencyService = ReturnType<typeof createEmergencyService>;
