/*
 * The planner's month maths, shared by the browser's calendar (client/features/planner/
 * calendar-grid.ts) and the server, which names the month a trip opens on in the planner page's
 * preload hints: both must agree on the days a month's grid shows to the day. Days are
 * 'YYYY-MM-DD' strings and months 'YYYY-MM'; all maths is done on UTC midnights, so the visitor's
 * time zone (and summer time) never shifts a day. Without zod, like dates.values.ts.
 */
import { addDays } from './dates.values.js';

export const DAYS_IN_WEEK = 7;

export const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** 0 for Sunday to 6 for Saturday. */
export const weekdayOf = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`)).getUTCDay();

function splitMonth(month: string): [year: number, month: number] {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return [year, monthNumber];
}

export function daysInMonth(month: string): number {
  const [year, monthNumber] = splitMonth(month);
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
}

export const firstOfMonth = (month: string) => `${month}-01`;
const lastOfMonth = (month: string) => `${month}-${pad(daysInMonth(month))}`;

export const monthOf = (date: string): string => date.slice(0, 7);

export function addMonths(month: string, n: number): string {
  const [year, monthNumber] = splitMonth(month);
  const index = year * 12 + (monthNumber - 1) + n;
  return `${pad(Math.floor(index / 12), 4)}-${pad((((index % 12) + 12) % 12) + 1)}`;
}

/** The weeks (Sunday first) covering the month, with the neighbouring months' days filling the ends. */
export function monthGrid(month: string): string[][] {
  const first = addDays(firstOfMonth(month), -weekdayOf(firstOfMonth(month)));
  const last = lastOfMonth(month);
  const weeks: string[][] = [];
  for (let start = first; start <= last; start = addDays(start, DAYS_IN_WEEK)) {
    weeks.push(Array.from({ length: DAYS_IN_WEEK }, (_, day) => addDays(start, day)));
  }
  return weeks;
}

/** The first and last day the month's grid shows. */
export function visibleRange(month: string): { from: string; to: string } {
  const weeks = monthGrid(month);
  return { from: weeks[0]![0]!, to: weeks[weeks.length - 1]![DAYS_IN_WEEK - 1]! };
}
