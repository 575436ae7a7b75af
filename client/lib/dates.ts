import { formatUtcDay, MONTH_NAMES } from '../../contracts/dates.values';
import { dateTimeFormat, whenIdle } from './intl';

/*
 * The client's date formatters, in one place, so that one kind of date reads the same on every
 * page. Two kinds:
 * - the planner's and itinerary's fixed English forms ("Tuesday 2 March 2027"), put together here
 *   rather than by Intl: the first Intl date format a page makes costs a phone's main thread
 *   noticeably (lib/intl.ts), and the planner's first render writes dozens of dates;
 * - the reader's own forms, through Intl, each format made once and kept (lib/intl.ts).
 * A formatter whose date a server-rendered page shows takes `(iso, locale?, timeZone?)`: it is a
 * ReaderTime format (lib/reader-date.tsx), said in English and UTC first, then in the reader's.
 */

// ---------------------------------------------------------------------------------------------
// Fixed English forms (the planner, the itinerary)

/** Midnight UTC of a YYYY-MM-DD day (or of a timestamp's UTC day). */
const utcDay = (isoDate: string) => new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);

const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** "March 2027" for the month (0-11) of a year. */
export const formatMonthOfYear = (year: number, month: number): string =>
  `${MONTH_NAMES[month]} ${year}`;

/** "2 March 2027" for a YYYY-MM-DD day (or the day of a timestamp, in UTC). */
export function formatLongDate(iso: string): string {
  return formatUtcDay(utcDay(iso));
}

/** "Tuesday 2 March 2027" for a YYYY-MM-DD day. */
export function formatDayHeading(isoDate: string): string {
  return `${WEEKDAYS[utcDay(isoDate).getUTCDay()]} ${formatLongDate(isoDate)}`;
}

/** "2 March 2027 to 9 March 2027", "From 2 March 2027", or null when the trip has no dates. */
export function formatTripDates(trip: { startDate: string | null; endDate: string | null }) {
  const { startDate, endDate } = trip;
  if (startDate && endDate) {
    return startDate === endDate
      ? formatLongDate(startDate)
      : `${formatLongDate(startDate)} to ${formatLongDate(endDate)}`;
  }
  if (startDate) return `From ${formatLongDate(startDate)}`;
  if (endDate) return `Until ${formatLongDate(endDate)}`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// The reader's own forms (Intl)

/** The Intl formats below, by name; `prepareDateFormats` makes them ahead of need. */
const FORMATS = {
  /** "21 Nov 2026" */
  shortDate: { day: 'numeric', month: 'short', year: 'numeric' },
  /** "21 November 2026" */
  longDate: { day: 'numeric', month: 'long', year: 'numeric' },
  /** "28 November 2026 at 14:05" */
  dateTime: { dateStyle: 'long', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateFormatName = keyof typeof FORMATS;

const format = (name: DateFormatName, locale?: string, timeZone?: string) =>
  dateTimeFormat(locale, { ...FORMATS[name], timeZone });

/**
 * Makes these formats for the reader's locale while the main thread is idle (lib/intl.ts's
 * whenIdle), before a page's data arrives and needs them: an effect,
 * `useEffect(() => prepareDateFormats('shortDate'), [])`.
 */
export function prepareDateFormats(...names: DateFormatName[]): () => void {
  return whenIdle(() => {
    for (const name of names) format(name);
  });
}

function validDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "21 Nov 2026" (an upload day) in the reader's language; text that is not a date shows as is. */
export function formatShortDate(iso: string, locale?: string, timeZone?: string): string {
  const date = validDate(iso);
  return date ? format('shortDate', locale, timeZone).format(date) : iso;
}

/**
 * "3 December 2025 at 14:05" in the reader's language and zone; text that is not a date is shown
 * as it is rather than as "Invalid Date".
 */
export function formatDateTime(value: string | Date, locale?: string, timeZone?: string): string {
  const date = validDate(value);
  if (date) return format('dateTime', locale, timeZone).format(date);
  return typeof value === 'string' ? value : '';
}

/** "2 March 2027" for the reader's own day of a timestamp (when a link was made or expires). */
export function formatLocalDate(timestamp: string, locale = 'en-GB', timeZone?: string): string {
  return format('longDate', locale, timeZone).format(new Date(timestamp));
}

/** A YYYY-MM-DD date as the reader writes dates ("21 November 2026"), read as a calendar day. */
export function formatCalendarDay(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return format('longDate').format(new Date(year!, month! - 1, day!));
}

/** "Thursday, 3 December 2026": a YYYY-MM-DD day with its weekday, in the reader's language. */
export function formatWeekdayDate(isoDate: string): string {
  return dateTimeFormat(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(utcDay(isoDate));
}

/** "Nov 21, 2026": an advisory's YYYY-MM-DD day, as the State Department writes it. */
export function formatAdvisoryDate(isoDate: string): string {
  return dateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/** "9:00 AM" or "09:00", as the reader writes the time of day. */
export function formatClockTime(iso: string, locale?: string, timeZone?: string): string {
  return dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone }).format(
    new Date(iso),
  );
}

/** "Sat 21 Nov, 14:05": a moment within the coming days, in the reader's language and zone. */
export function formatWeekdayTime(date: Date): string {
  return dateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}
