import { describe, expect, it } from 'vitest';
import { ADVISORY_LEVEL_LABELS, advisorySchema } from '../../contracts/advisories.js';
import { ADVISORIES, ADVISORIES_CHECKED_AT } from './advisories.js';
import { DESTINATIONS } from './destinations.js';

// Countries whose State Department title uses another name than our English short name.
const STATE_DEPARTMENT_NAMES: Record<string, string> = { MM: 'Burma', BS: 'The Bahamas' };

const isValidDate = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

describe('the curated travel advisories', () => {
  it('is a non-empty list, sorted by country, valid for the contract', () => {
    expect(ADVISORIES.length).toBeGreaterThan(0);
    const names = ADVISORIES.map((a) => a.country);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    for (const a of ADVISORIES) expect(() => advisorySchema.parse(a), a.country).not.toThrow();
  });

  it('has unique, upper-case two-letter country codes', () => {
    const codes = ADVISORIES.map((a) => a.countryCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('has levels 1 to 4, and titles that name the country and match the level', () => {
    for (const a of ADVISORIES) {
      expect([1, 2, 3, 4], a.country).toContain(a.level);
      const name = STATE_DEPARTMENT_NAMES[a.countryCode] ?? a.country;
      expect(a.title.startsWith(name), a.title).toBe(true);
      expect(a.title, a.country).toContain(`Level ${a.level}: ${ADVISORY_LEVEL_LABELS[a.level]}`);
      for (const n of [1, 2, 3, 4].filter((n) => n !== a.level)) {
        expect(a.title, a.country).not.toContain(`Level ${n}`);
      }
      expect(a.summary.trim().length, a.country).toBeGreaterThan(0);
    }
  });

  it('has valid dates no later than the check date, and https sources', () => {
    expect(isValidDate(ADVISORIES_CHECKED_AT)).toBe(true);
    for (const a of ADVISORIES) {
      expect(isValidDate(a.updatedAt), `${a.country} ${a.updatedAt}`).toBe(true);
      expect(a.updatedAt <= ADVISORIES_CHECKED_AT, a.country).toBe(true);
      expect(new URL(a.source).protocol, a.country).toBe('https:');
    }
  });

  it('covers every country in the destination catalogue, plus Mexico and Myanmar', () => {
    const codes = new Set(ADVISORIES.map((a) => a.countryCode));
    for (const d of DESTINATIONS) expect(codes.has(d.countryCode), d.countryCode).toBe(true);
    expect(ADVISORIES.find((a) => a.countryCode === 'MX')?.country).toBe('Mexico');
    expect(ADVISORIES.find((a) => a.countryCode === 'MM')?.country).toBe('Myanmar');
  });

  it('agrees with the safety level of every destination', () => {
    const byCode = new Map(ADVISORIES.map((a) => [a.countryCode, a]));
    for (const d of DESTINATIONS) {
      const advisory = byCode.get(d.countryCode);
      expect(advisory?.country, d.id).toBe(d.country);
      expect(d.safetyLevel, `${d.id} (${d.country})`).toBe(advisory?.level);
    }
  });
});
