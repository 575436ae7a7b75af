import type { PlannerItem, Trip } from '../../../contracts/planner.js';
import { buildTripCalendar, type TripCalendarOptions } from './calendar.js';

export interface CalendarTask {
  trip: Trip;
  items: PlannerItem[];
  options: TripCalendarOptions;
}

/** A trip's calendar written in a worker thread (server/workers/pool.ts), as UTF-8 bytes. */
export default function writeTripCalendar({ trip, items, options }: CalendarTask): Uint8Array {
  return Buffer.from(buildTripCalendar(trip, items, options));
}
