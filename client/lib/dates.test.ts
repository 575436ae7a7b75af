import { describe, expect, it } from 'vitest';
import {
  formatAdvisoryDate,
  formatCalendarDay,
  formatClockTime,
  formatDateTime,
  formatDayHeading,
  formatLocalDate,
  formatLongDate,
  formatMonthOfYear,
  formatShortDate,
  formatTripDates,
  formatWeekdayDate,
} from './dates';

// ICU versions differ on the space before AM/PM (U+202F or U+0020).
const plain = (text: string) => text.replace(/\s/g, ' ');

describe("the planner's fixed English dates", () => {
  it('names the day, whatever the time zone', () => {
    expect(formatDayHeading('2027-03-02')).toBe('Tuesday 2 March 2027');
    expect(formatDayHeading('2028-02-29')).toBe('Tuesday 29 February 2028');
    expect(formatLongDate('2027-03-09T23:30:00.000Z')).toBe('9 March 2027');
    expect(formatMonthOfYear(2027, 2)).toBe('March 2027');
  });

  it("says a trip's dates as far as they are known", () => {
    expect(formatTripDates({ startDate: '2027-03-02', endDate: '2027-03-09' })).toBe(
      '2 March 2027 to 9 March 2027',
    );
    expect(formatTripDates({ startDate: '2027-03-02', endDate: '2027-03-02' })).toBe(
      '2 March 2027',
    );
    expect(formatTripDates({ startDate: '2027-03-02', endDate: null })).toBe('From 2 March 2027');
    expect(formatTripDates({ startDate: null, endDate: '2027-03-09' })).toBe('Until 9 March 2027');
    expect(formatTripDates({ startDate: null, endDate: null })).toBeNull();
  });
});

describe("the reader's dates", () => {
  it('formats an upload date briefly, in the given language and zone', () => {
    expect(formatShortDate('2026-11-21T10:00:00.000Z', 'en-GB', 'UTC')).toBe('21 Nov 2026');
    expect(formatShortDate('2026-11-21T10:00:00.000Z', 'en-US', 'UTC')).toBe('Nov 21, 2026');
    // Late on the 21st in UTC is already the 22nd in Sydney.
    expect(formatShortDate('2026-11-21T20:00:00.000Z', 'en-GB', 'Australia/Sydney')).toBe(
      '22 Nov 2026',
    );
  });

  it('formats a moment with date and time in the given language and zone', () => {
    expect(plain(formatDateTime('2025-12-03T14:05:00.000Z', 'en-GB', 'UTC'))).toBe(
      '3 December 2025 at 14:05',
    );
    expect(plain(formatDateTime('2025-12-03T14:05:00.000Z', 'en-US', 'America/Denver'))).toBe(
      'December 3, 2025 at 7:05 AM',
    );
    expect(plain(formatDateTime(new Date('2026-11-28T14:05:00.000Z'), 'en-GB', 'UTC'))).toBe(
      '28 November 2026 at 14:05',
    );
  });

  it('shows text that is not a date as it is', () => {
    expect(formatShortDate('yesterday')).toBe('yesterday');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('soon')).toBe('soon');
  });

  it("gives a link's day in the reader's zone, English by default", () => {
    expect(formatLocalDate('2027-03-09T23:30:00.000Z', 'en-GB', 'UTC')).toBe('9 March 2027');
    expect(formatLocalDate('2027-03-09T23:30:00.000Z', 'en-GB', 'Pacific/Auckland')).toBe(
      '10 March 2027',
    );
  });

  it('reads a calendar day as that day, and an advisory day as the State Department writes it', () => {
    expect(formatCalendarDay('2026-11-21')).toMatch(/21/);
    expect(formatAdvisoryDate('2026-11-21')).toBe('Nov 21, 2026');
    expect(formatWeekdayDate('2026-12-03')).toMatch(/3/);
  });

  it('says the time of day in the given language', () => {
    expect(plain(formatClockTime('2026-12-03T09:00:00.000Z', 'en-US', 'UTC'))).toBe('9:00 AM');
    expect(formatClockTime('2026-12-03T21:00:00.000Z', 'en-GB', 'UTC')).toBe('21:00');
  });
});
