import { describe, expect, it } from 'vitest';
import { isIsoDate } from '../../contracts/dates.js';
import {
  INTERNATIONAL_NUMBER_PATTERN,
  LOCAL_EMERGENCY_NUMBER_PATTERN,
  emergencyContactSchema,
} from '../../contracts/emergency.js';
import { FALLBACK_CONTACTS } from '../../contracts/emergency-fallback.js';
import { countryKey } from '../features/emergency/service.js';
import { ADVISORIES } from './advisories.js';
import { DESTINATIONS } from './destinations.js';
import {
  EMERGENCY_CONTACTS,
  EMERGENCY_CONTACTS_CHECKED_AT,
  US_OVERSEAS_CITIZENS_SERVICES,
} from './emergency-contacts.js';

// The only countries without a local number: none could be confirmed. Adding a country here is a
// decision (the page shows "not known"), so it has to be made in this list, not by accident.
const COUNTRIES_WITHOUT_A_CONFIRMED_NUMBER = ['LY', 'NE', 'KP'];
const MIN_COUNTRIES = 80;
// The world's most visited countries (UN Tourism arrivals), which travellers ask about first.
const MOST_VISITED = [
  'FR',
  'ES',
  'US',
  'TR',
  'IT',
  'MX',
  'GB',
  'DE',
  'GR',
  'AT',
  'JP',
  'TH',
  'CN',
  'PT',
  'NL',
  'AE',
  'SA',
  'HK',
  'MY',
  'PL',
  'CA',
  'HR',
];

const NUMBER_FIELDS = ['emergencyNumber', 'police', 'ambulance', 'fire'] as const;

describe('the curated emergency contacts', () => {
  it('has at least 80 countries, sorted by country, each valid for the contract', () => {
    expect(EMERGENCY_CONTACTS.length).toBeGreaterThanOrEqual(MIN_COUNTRIES);
    const names = EMERGENCY_CONTACTS.map((c) => c.country);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    for (const c of EMERGENCY_CONTACTS) {
      expect(() => emergencyContactSchema.parse(c), c.country).not.toThrow();
    }
  });

  it('has no duplicate country, code or alias, even ignoring case and accents', () => {
    const keys = EMERGENCY_CONTACTS.flatMap((c) => [
      c.country,
      c.countryCode,
      ...(c.aliases ?? []),
    ]).map(countryKey);
    const duplicates = keys.filter((key, i) => keys.indexOf(key) !== i);
    expect(duplicates).toEqual([]);
  });

  it('uses upper-case ISO 3166-1 alpha-2 shaped codes', () => {
    for (const c of EMERGENCY_CONTACTS) expect(c.countryCode, c.country).toMatch(/^[A-Z]{2}$/);
  });

  it('writes every local number as digits only', () => {
    for (const c of EMERGENCY_CONTACTS) {
      for (const field of NUMBER_FIELDS) {
        const value = c[field];
        if (value !== undefined) expect(value, `${c.country} ${field}`).toMatch(/^\d+$/);
        if (value !== undefined) expect(value).toMatch(LOCAL_EMERGENCY_NUMBER_PATTERN);
      }
    }
  });

  it('lists police, ambulance and fire only where they differ from the general number', () => {
    for (const c of EMERGENCY_CONTACTS) {
      for (const field of ['police', 'ambulance', 'fire'] as const) {
        if (c[field] !== undefined)
          expect(c[field], `${c.country} ${field}`).not.toBe(c.emergencyNumber);
      }
    }
  });

  it('has a general number for every country but the few where none could be confirmed', () => {
    const without = EMERGENCY_CONTACTS.filter((c) => c.emergencyNumber === undefined);
    expect(without.map((c) => c.countryCode).sort()).toEqual(
      [...COUNTRIES_WITHOUT_A_CONFIRMED_NUMBER].sort(),
    );
    for (const c of without) {
      expect(c.police ?? c.ambulance ?? c.fire, c.country).toBeUndefined();
      expect(c.notes, c.country).toMatch(/not (confirm|known)/);
    }
  });

  it('covers every country of the destinations and the advisories, spelled the same way', () => {
    const byCode = new Map(EMERGENCY_CONTACTS.map((c) => [c.countryCode, c]));
    for (const d of DESTINATIONS) expect(byCode.get(d.countryCode)?.country, d.id).toBe(d.country);
    for (const a of ADVISORIES) {
      expect(byCode.get(a.countryCode)?.country, a.countryCode).toBe(a.country);
    }
  });

  it("covers the world's most visited countries", () => {
    const codes = new Set(EMERGENCY_CONTACTS.map((c) => c.countryCode));
    for (const code of MOST_VISITED) expect(codes.has(code), code).toBe(true);
  });

  it('knows the numbers everyone knows', () => {
    const byCode = new Map(EMERGENCY_CONTACTS.map((c) => [c.countryCode, c]));
    expect(byCode.get('US')?.emergencyNumber).toBe('911');
    expect(byCode.get('GB')?.emergencyNumber).toBe('999');
    expect(byCode.get('FR')?.emergencyNumber).toBe('112');
    expect(byCode.get('AU')?.emergencyNumber).toBe('000');
    expect(byCode.get('NZ')?.emergencyNumber).toBe('111');
    expect(byCode.get('JP')).toMatchObject({
      emergencyNumber: '110',
      ambulance: '119',
      fire: '119',
    });
  });

  it('has an https source, a real check date no later than the refresh date, and a verified flag', () => {
    expect(isIsoDate(EMERGENCY_CONTACTS_CHECKED_AT)).toBe(true);
    for (const c of EMERGENCY_CONTACTS) {
      expect(new URL(c.source).protocol, c.country).toBe('https:');
      expect(isIsoDate(c.checkedAt), c.country).toBe(true);
      expect(c.checkedAt <= EMERGENCY_CONTACTS_CHECKED_AT, c.country).toBe(true);
      expect(typeof c.verified, c.country).toBe('boolean');
    }
  });

  it('gives the State Department consular line everywhere but on U.S. soil, as dialled from there', () => {
    for (const number of [
      US_OVERSEAS_CITIZENS_SERVICES.fromUsOrCanada,
      US_OVERSEAS_CITIZENS_SERVICES.fromOverseas,
    ]) {
      expect(number).toMatch(INTERNATIONAL_NUMBER_PATTERN);
    }
    for (const c of EMERGENCY_CONTACTS) {
      const expected = ['US', 'PR'].includes(c.countryCode)
        ? undefined
        : c.countryCode === 'CA'
          ? '+1-888-407-4747'
          : '+1-202-501-4444';
      expect(c.consularNumber, c.country).toBe(expected);
    }
  });

  it('describes deaf access in words, never as a bare number', () => {
    for (const c of EMERGENCY_CONTACTS) {
      if (c.deafAccess !== undefined)
        expect(c.deafAccess.split(' ').length, c.country).toBeGreaterThan(5);
    }
  });

  it("holds the emergency page's built-in list (shown offline) to the same facts, entry by entry", () => {
    expect(FALLBACK_CONTACTS.length).toBeGreaterThan(0);
    for (const fallback of FALLBACK_CONTACTS) {
      const served = EMERGENCY_CONTACTS.find((c) => c.countryCode === fallback.countryCode);
      expect(fallback, fallback.country).toEqual(served);
    }
  });
});
