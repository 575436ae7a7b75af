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
  it('agrees with the calendar of Date on every month and day number of years around century rules', () => {
    const byDate = (year: number, month: number, day: number) => {
      const date = new Date(Date.UTC(year, month - 1, day));
      return (
        date.getUTCFullYear() === year &&
        date.getUTCMonth() === month - 1 &&
        date.getUTCDate() === day
      );
    };
    const two = (n: number) => String(n).padStart(2, '0');
    for (const year of [100, 1600, 1700, 1899, 1900, 1996, 2000, 2023, 2024, 2100, 2400, 9999]) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const value = `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`;
          expect(isIsoDate(value), value).toBe(byDate(year, month, day));
        }
      }
    }
  });
  it.each([
    '0099-12-31',
    '0000-01-01',
    '2026-1a-01',
    '2026-11-2 ',
    ' 026-11-21',
    '2026/11/21',
    '２０２６-11-21',
  ])('%j is not a date either', (value) => expect(isIsoDate(value)).toBe(false));
  it('counts whole days, across a month and a daylight-saving change', () => {
    expect(daysBetween('2026-03-01', '2026-04-01')).toBe(31);
    expect(daysBetween('2026-10-20', '2026-11-10')).toBe(21);
    expect(daysBetween('2026-01-02', '2026-01-01')).toBe(-1);
  });
  it('counts as Date does, over leap years and centuries, and for what is not a date', () => {
    const byParse = (from: string, to: string) =>
      Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
    const dates = ['0100-03-01', '1899-12-31', '1900-02-28', '1900-03-01', '2000-02-29'];
    dates.push('2024-02-29', '2026-11-28', '9999-12-31', '2026-02-30', '0050-01-01', 'soon');
    for (const from of dates) {
      for (const to of dates) {
        expect(daysBetween(from, to), `${from} → ${to}`).toEqual(byParse(from, to));
      }
    }
  });
});
