/*
 * The dates contract's helpers. Without zod: the browser's pages import these at first render, and
 * evaluating zod and every schema costs a phone's main thread noticeably (docs/decisions/013). The
 * schemas and their types are in dates.ts, which re-exports all of this.
 */

/** The days of each month, February of a common year. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The digit at `index` of `value`, or -1. */
function digitAt(value: string, index: number): number {
  const code = value.charCodeAt(index) - 48;
  return code >= 0 && code <= 9 ? code : -1;
}

/**
 * True for a real calendar date written YYYY-MM-DD (so 2026-02-30 is false), in the years 100 to
 * 9999 as before (the Date-based check read 0001–0099 as 1901–1999 and refused them). Read digit by
 * digit, without a regular expression's match or a Date: every request with a date in it asks.
 */
export function isIsoDate(value: string): boolean {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return false;
  let year = 0;
  for (let i = 0; i < 4; i++) {
    const digit = digitAt(value, i);
    if (digit < 0) return false;
    year = year * 10 + digit;
  }
  const m1 = digitAt(value, 5);
  const m2 = digitAt(value, 6);
  const d1 = digitAt(value, 8);
  const d2 = digitAt(value, 9);
  if (m1 < 0 || m2 < 0 || d1 < 0 || d2 < 0 || year < 100) return false;
  const month = m1 * 10 + m2;
  const day = d1 * 10 + d2;
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : MONTH_DAYS[month - 1]!);
}

/** Milliseconds from 1970 to the start of an ISO date's UTC day (NaN for what is not a date). */
function utcDayStart(iso: string): number {
  // A date of the years 100–9999 digit by digit (every search asks twice); else as Date reads it.
  if (isIsoDate(iso)) {
    const year = Number(iso.slice(0, 4));
    const month = digitAt(iso, 5) * 10 + digitAt(iso, 6);
    return Date.UTC(year, month - 1, digitAt(iso, 8) * 10 + digitAt(iso, 9));
  }
  return Date.parse(`${iso}T00:00:00Z`);
}

/** Whole days from one ISO date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDayStart(to) - utcDayStart(from)) / 86_400_000);
}

/** The ISO date `days` days after (or before, when negative) another. */
export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The months' English names, January first: the site writes dates in one fixed English form. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "3 December 2025": the day of a date in UTC. */
export function formatUtcDay(date: Date): string {
  return `${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
