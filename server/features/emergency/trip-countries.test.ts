import { describe, expect, it } from 'vitest';
import { DESTINATIONS } from '../../catalogue/destinations.js';
import { EMERGENCY_CONTACTS } from '../../catalogue/emergency-contacts.js';
import { createEmergencyService } from './service.js';
import { createTripCountryMatcher, placeNames } from '../../../contracts/countries.js';

describe('the trip country matcher', () => {
  const match = createTripCountryMatcher(
    [
      { countryCode: 'PT', names: ['Portugal'] },
      { countryCode: 'TR', names: ['Türkiye', 'Turkey'] },
      { countryCode: 'SS', names: ['South Sudan'] },
      { countryCode: 'SD', names: ['Sudan'] },
      { countryCode: 'NE', names: ['Niger'] },
      { countryCode: 'NG', names: ['Nigeria'] },
      { countryCode: 'GB', names: ['United Kingdom', 'UK', 'England'] },
      { countryCode: 'US', names: ['United States', 'USA', 'America'] },
      { countryCode: 'CI', names: ["Côte d'Ivoire"] },
    ],
    [
      { name: 'Banff', countryCode: 'CA' },
      { name: 'Louvre Museum', countryCode: 'FR' },
    ],
  );

  it('finds a country named as a whole word, ignoring case, accents and punctuation', () => {
    expect(match(['Lisbon, Portugal'])).toEqual(['PT']);
    expect(match(['ISTANBUL, TURKIYE'])).toEqual(['TR']);
    expect(match(['Abidjan (cote d’ivoire)'])).toEqual(['CI']);
    expect(match(['Portugalia tour'])).toEqual([]);
  });

  it('counts a name inside a longer one once', () => {
    expect(match(['Juba, South Sudan'])).toEqual(['SS']);
    expect(match(['Lagos, Nigeria'])).toEqual(['NG']);
    expect(match(['Niger and Nigeria'])).toEqual(['NE', 'NG']);
  });

  it('takes acronyms only in capitals, and not "America" alone', () => {
    expect(match(['London, UK'])).toEqual(['GB']);
    expect(match(['a trip for us', 'uk style tea rooms'])).toEqual([]);
    expect(match(['South America by train'])).toEqual([]);
    expect(match(['New York, USA'])).toEqual(['US']);
  });

  it('falls back to known places, and keeps the trips order without repeats', () => {
    expect(
      match(['Banff in winter', 'Paris: the Louvre Museum', 'Porto, Portugal', 'Lisbon, Portugal']),
    ).toEqual(['CA', 'FR', 'PT']);
    expect(match(['Banff, Portugal'])).toEqual(['PT']);
    expect(match(['Somewhere nice', ''])).toEqual([]);
  });

  it('knows the catalogue: every destination resolves to its own country', () => {
    const curated = createTripCountryMatcher(
      createEmergencyService(EMERGENCY_CONTACTS).countryNames(),
      placeNames(DESTINATIONS),
    );
    for (const destination of DESTINATIONS) {
      expect(curated([destination.location]), destination.location).toEqual([
        destination.countryCode,
      ]);
      expect(curated([destination.name]), destination.name).toEqual([destination.countryCode]);
    }
    expect(curated(['Edinburgh, Scotland', 'Hanoi, Viet Nam', 'Yangon, Burma'])).toEqual([
      'GB',
      'VN',
      'MM',
    ]);
  });
});
