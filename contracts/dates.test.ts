import { describe, expect, it } from 'vitest';
import { daysBetween, isIsoDate } from './dates.js';

describe('dates', () => {
  it.each(['2026-11-21', '2028-02-29', '1999-12-31'])('%s is a date', (value) => {
    expect(isIsoDate(value)).toBe(true);
  });
  it.each([
    '2026-02-30',
    '2027-02-29',
    '2026-13-01',
    '2026-1-5',
    '21/11/2026',
    '',
    '2026-11-21T00:00',
  ])('%j is not', (value) => expect(isIsoDate(value)).toBe(false));
  it('counts whole days, across a month and a daylight-saving change', () => {
    expect(daysBetween('2026-03-01', '2026-04-01')).toBe(31);
    expect(daysBetween('2026-10-20', '2026-11-10')).toBe(21);
    expect(daysBetween('2026-01-02', '2026-01-01')).toBe(-1);
  });
});
