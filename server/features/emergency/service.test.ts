import { describe, expect, it } from 'vitest';
import type { CatalogueEmergencyContact } from '../../catalogue/emergency-contacts.js';
import { EMERGENCY_CONTACTS } from '../../catalogue/emergency-contacts.js';
import { createEmergencyService } from './service.js';

const contact = (
  country: string,
  countryCode: string,
  extra: Partial<CatalogueEmergencyContact> = {},
): CatalogueEmergencyContact => ({
  region: 'Africa',
  country,
  countryCode,
  emergencyNumber: '112',
  source: 'https://example.org/numbers',
  checkedAt: '2026-11-21',
  verified: true,
  ...extra,
});

describe('the emergency service', () => {
  const service = createEmergencyService([
    contact('São Tomé and Príncipe', 'ST'),
    contact("Côte d'Ivoire", 'CI', { aliases: ['Ivory Coast'] }),
    contact('Benin', 'BJ'),
  ]);

  it('lists every country sorted by name, with its aliases for search', () => {
    const list = service.list();
    expect(list.map((c) => c.countryCode)).toEqual(['BJ', 'CI', 'ST']);
    expect(list.find((c) => c.countryCode === 'CI')?.aliases).toEqual(['Ivory Coast']);
  });

  it('finds a country by name, ISO code or alias, ignoring case, accents and spacing', () => {
    for (const query of ["cote d'ivoire", "CÔTE D'IVOIRE", 'ci', 'Ci', 'ivory  coast', ' CI ']) {
      expect(service.byCountry(query)?.countryCode, query).toBe('CI');
      expect(
        service.list({ country: query }).map((c) => c.countryCode),
        query,
      ).toEqual(['CI']);
    }
    expect(service.byCountry('sao tome and principe')?.countryCode).toBe('ST');
  });

  it('answers an unknown country with nothing, and a blank filter with everything', () => {
    expect(service.byCountry('Atlantis')).toBeUndefined();
    expect(service.list({ country: 'Atlantis' })).toEqual([]);
    expect(service.list({ country: '  ' })).toHaveLength(3);
  });

  it('does not let callers change the shared list', () => {
    service.list().pop();
    expect(service.list()).toHaveLength(3);
  });

  it('finds the curated countries by the names travellers use', () => {
    const curated = createEmergencyService(EMERGENCY_CONTACTS);
    expect(curated.byCountry('Turkey')?.country).toBe('Türkiye');
    expect(curated.byCountry('turkiye')?.country).toBe('Türkiye');
    expect(curated.byCountry('UK')?.countryCode).toBe('GB');
    expect(curated.byCountry('Burma')?.country).toBe('Myanmar');
    expect(curated.byCountry('USA')?.emergencyNumber).toBe('911');
  });
});
