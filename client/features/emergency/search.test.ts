import { describe, expect, it } from 'vitest';
import type { EmergencyContact } from '../../../contracts/emergency';
import { searchContacts, toSearchable } from './search';

const contact = (country: string, countryCode: string, aliases?: string[]): EmergencyContact => ({
  region: 'Europe',
  country,
  countryCode,
  ...(aliases ? { aliases } : {}),
  emergencyNumber: '112',
  source: 'https://example.org/',
  checkedAt: '2026-11-21',
  verified: false,
});

const entries = toSearchable([
  contact('New Zealand', 'NZ'),
  contact('Poland', 'PL'),
  contact('Portugal', 'PT'),
  contact('Spain', 'ES'),
  contact('Türkiye', 'TR', ['Turkey']),
  contact('United Kingdom', 'GB', ['UK', 'Britain']),
  contact('Ukraine', 'UA'),
  contact('Germany', 'DE'),
  contact('Japan', 'JP'),
]);
const names = (query: string) => searchContacts(entries, query).map((c) => c.country);

describe('searchContacts', () => {
  it('returns every country, in order, for an empty query', () => {
    expect(names('  ')).toHaveLength(9);
  });

  it('ranks the exact ISO code first', () => {
    expect(names('pt')[0]).toBe('Portugal');
    expect(names('GB')[0]).toBe('United Kingdom');
  });

  it('finds a name by its first letters, then later words and other names', () => {
    expect(names('po')).toEqual(['Poland', 'Portugal']);
    expect(names('zeal')).toEqual(['New Zealand']);
    expect(names('brit')).toEqual(['United Kingdom']);
  });

  it('ranks a short form or a whole other name typed exactly first', () => {
    expect(names('uk')[0]).toBe('United Kingdom');
    expect(names('UK')).toEqual(['United Kingdom', 'Ukraine']);
  });

  it('finds a country by its own name and by other languages’ names', () => {
    expect(names('Deutschland')).toEqual(['Germany']);
    expect(names('日本')).toEqual(['Japan']);
    expect(names('Polska')).toEqual(['Poland']);
    expect(names('Alemania')).toEqual(['Germany']);
    expect(names('espana')).toEqual(['Spain']);
  });

  it('ignores accents and case', () => {
    expect(names('TURKIYE')).toEqual(['Türkiye']);
    expect(names('türkey')).toEqual(['Türkiye']);
  });

  it('finds nothing for a name that is not there', () => {
    expect(names('atlantis')).toEqual([]);
  });
});
