/**
 * The month calendar's date maths and labels. The month maths the server shares (the days a
 * month's grid shows) is in contracts/calendar.values.ts; all of it works on UTC midnights, so the
 * visitor's time zone (and summer time) never shifts a day.
 */

import {
  addMonths,
  DAYS_IN_WEEK,
  daysInMonth,
  firstOfMonth,
  monthGrid,
  monthOf,
  pad,
  visibleRange,
  weekdayOf,
} from '../../../contracts/calendar.values';
import { addDays } from '../../../contracts/dates.values';
import { formatDayHeading, formatMonthOfYear } from '../../lib/dates';

export { addMonths, monthGrid, monthOf, visibleRange };

export const WEEKDAYS = [
  { short: 'Sun', long: 'Sunday' },
  { short: 'Mon', long: 'Monday' },
  { short: 'Tue', long: 'Tuesday' },
  { short: 'Wed', long: 'Wednesday' },
  { short: 'Thu', long: 'Thursday' },
  { short: 'Fri', long: 'Friday' },
  { short: 'Sat', long: 'Saturday' },
] as const;

/** Spec §9: a calendar cell names at most 2 items, then "+N more". */
export const MAX_NAMES_IN_CELL = 2;

/** The same day of the month `n` months away, or that month's last day when it is shorter. */
function shiftMonth(date: string, n: number): string {
  const month = addMonths(monthOf(date), n);
  const day = Math.min(Number(date.slice(8)), daysInMonth(month));
  return `${month}-${pad(day)}`;
}

/** Where a key moves the focused day, as in the WAI-ARIA date picker grid; null for other keys. */
export function moveDate(date: string, key: string): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -DAYS_IN_WEEK);
    case 'ArrowDown':
      return addDays(date, DAYS_IN_WEEK);
    case 'Home':
      return addDays(date, -weekdayOf(date));
    case 'End':
      return addDays(date, DAYS_IN_WEEK - 1 - weekdayOf(date));
    case 'PageUp':
      return shiftMonth(date, -1);
    case 'PageDown':
      return shiftMonth(date, 1);
    default:
      return null;
  }
}

/** The visitor's own calendar day (local time, not UTC). */
export function todayIso(now: Date = new Date()): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** "March 2027". */
export function formatMonthTitle(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return formatMonthOfYear(year!, monthNumber! - 1);
}

/**
 * Whether a day is one of the trip's. A trip with only one of its dates set marks just that day;
 * a trip with neither marks none.
 */
export function isWithinTrip(
  date: string,
  trip: { startDate: string | null; endDate: string | null },
): boolean {
  const from = trip.startDate ?? trip.endDate;
  const to = trip.endDate ?? trip.startDate;
  return from !== null && to !== null && from <= date && date <= to;
}

/** Items grouped by their day, keeping the order they came in. */
export function itemsByDate<T extends { scheduledDate: string }>(
  items: readonly T[],
): Map<string, T[]> {
  const days = new Map<string, T[]>();
  for (const item of items) {
    const day = days.get(item.scheduledDate);
    if (day) day.push(item);
    else days.set(item.scheduledDate, [item]);
  }
  return days;
}

/** "+1 more" when a day has more items than its cell names, else null. */
export function moreLabel(count: number): string | null {
  return count > MAX_NAMES_IN_CELL ? `+${count - MAX_NAMES_IN_CELL} more` : null;
}

/**
 * A day button's accessible name, e.g. "Tuesday 2 March 2027, 3 items: Flight, Hotel stay and 1
 * more, today, in the trip" or "Tuesday 2 March 2027, no items". Item names of null (still loading,
 * or failed to load) say nothing about items rather than claim there are none.
 */
export function dayAccessibleName(
  date: string,
  itemNames: readonly string[] | null,
  marks: { today: boolean; inTrip: boolean },
): string {
  const count = itemNames?.length ?? 0;
  let items: string | null = itemNames === null ? null : 'no items';
  if (itemNames !== null && count > 0) {
    const named = itemNames.slice(0, MAX_NAMES_IN_CELL);
    const rest = count - named.length;
    const parts = rest > 0 ? [...named, `${rest} more`] : named;
    const list =
      parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
    items = `${count} ${count === 1 ? 'item' : 'items'}: ${list}`;
  }
  return [
    formatDayHeading(date),
    items,
    marks.today ? 'today' : null,
    marks.inTrip ? 'in the trip' : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * The one day of the grid that Tab reaches (roving tabindex): the day last moved to with the keys
 * if it is in the month, else the selected day, else the trip's first day if it is in the month,
 * else today if the grid shows them, else the 1st. The trip's first day comes before today so that
 * Tab into a trip's month lands where its plan starts.
 */
export function tabStopDate(
  month: string,
  days: { active: string | null; selected: string | null; tripStart: string | null; today: string },
): string {
  const { from, to } = visibleRange(month);
  const shown = (date: string | null): date is string =>
    date !== null && from <= date && date <= to;
  if (days.active !== null && monthOf(days.active) === month) return days.active;
  if (shown(days.selected)) return days.selected;
  if (days.tripStart !== null && monthOf(days.tripStart) === month) return days.tripStart;
  if (shown(days.today)) return days.today;
  return firstOfMonth(month);
}

/** A trip's first day: its start, or its end when only that is set (as isWithinTrip reads them). */
export const tripFirstDay = (trip: { startDate: string | null; endDate: string | null }) =>
  trip.startDate ?? trip.endDate;
