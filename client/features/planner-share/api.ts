import { queryOptions, useQuery } from '@tanstack/react-query';
import { formatUtcDay, MONTH_NAMES } from '../../../contracts/dates.values';
import type { SharedTrip } from '../../../contracts/planner';
import { sharedTripApiPath } from '../../../contracts/planner.values';
import { ApiError, apiGet } from '../../lib/api';
import { dateTimeFormat } from '../../lib/intl';

/** The shared itinerary's query keys: each key has one shape, the one its fetcher returns. */
export const sharedTripKeys = {
  one: (token: string) => ['planner-share', token] as const,
};

/** GET /api/shared-trips/:token: 404 unknown or revoked, 410 expired. */
export const fetchSharedTrip = (token: string) => apiGet<SharedTrip>(sharedTripApiPath(token));

/** A trip link's page's read: the server may answer it while rendering that page (`readPath`). */
export const sharedTripQuery = (token: string) =>
  queryOptions({
    queryKey: sharedTripKeys.one(token),
    queryFn: () => fetchSharedTrip(token),
    meta: { readPath: sharedTripApiPath(token) },
    // A missing or expired link stays that way: asking again does not help.
    retry: (count, error) =>
      !(error instanceof ApiError && (error.status === 404 || error.status === 410)) && count < 2,
  });

export function useSharedTrip(token: string) {
  return useQuery({ ...sharedTripQuery(token), enabled: token !== '' });
}

/** Why an itinerary link does not open: it never existed or was revoked, or it ran out. */
export function sharedTripProblem(error: unknown): 'missing' | 'expired' | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404) return 'missing';
  if (error.status === 410) return 'expired';
  return null;
}

const at = (isoDate: string) => new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);

/*
 * The planner's dates are written in one fixed English form ("Tuesday 2 March 2027"), so they are
 * put together here rather than by Intl: the first Intl date format a page makes costs a phone
 * about 25 ms, and the planner's first render writes dozens of dates.
 */
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

/** "Tuesday 2 March 2027" for a YYYY-MM-DD day. */
export function formatDayHeading(isoDate: string): string {
  return `${WEEKDAYS[at(isoDate).getUTCDay()]} ${formatLongDate(isoDate)}`;
}

/** "2 March 2027" for the visitor's own day of a timestamp (when a link was made or expires). */
export function formatLocalDate(timestamp: string, locale = 'en-GB', timeZone?: string): string {
  return dateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  }).format(new Date(timestamp));
}

/** "2 March 2027" for a YYYY-MM-DD day (or the day of a timestamp, in UTC). */
export function formatLongDate(iso: string): string {
  return formatUtcDay(at(iso));
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
