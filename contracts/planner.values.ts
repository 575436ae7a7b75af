/*
 * The planner contract's statuses, item types, time slots, limits, Quick Add defaults, share
 * options and the itinerary grouping. Without zod: the browser's pages import these at first
 * render, and evaluating zod and every schema costs a phone's main thread noticeably
 * (docs/decisions/013). The schemas and their types are in planner.ts, which re-exports all of
 * this.
 */

/** Spec §3: a trip is `planning` on creation; `active` and `completed` are the visitor's to choose. */
export const TRIP_STATUSES = ['planning', 'active', 'completed'] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];
export const TRIP_STATUS_LABELS: Record<TripStatus, string> = {
  planning: 'Planning',
  active: 'Active',
  completed: 'Completed',
};

/** Spec §3: what a planner item is. */
export const ITEM_TYPES = ['flight', 'hotel', 'car', 'activity'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
export const ITEM_TYPE_LABELS: Record<ItemType, string> = {
  flight: 'Flight',
  hotel: 'Hotel',
  car: 'Car',
  activity: 'Activity',
};

/** Several items of a type: the tab names (Flights, Hotels, Cars, Activities). */
export const ITEM_TYPE_PLURALS: Record<ItemType, string> = {
  flight: 'Flights',
  hotel: 'Hotels',
  car: 'Cars',
  activity: 'Activities',
};

/** Spec §3: the time slots of a day; an item may also have none (the empty string, shown as All Day). */
export const TIME_SLOTS = ['morning', 'afternoon', 'evening', 'night', 'allday'] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number];
/** What `scheduledTime` may hold: a time slot, or the empty string for none. */
export const SCHEDULED_TIMES = [...TIME_SLOTS, ''] as const;
export type ScheduledTime = (typeof SCHEDULED_TIMES)[number];

export interface TimeSlotInfo {
  label: string;
  /** The hours as the spec writes them, or null for All Day. */
  hours: string | null;
  /** The slot covers fromHour <= hour < toHour (0-24); null for All Day. */
  fromHour: number | null;
  toHour: number | null;
}

/** Spec §9: Morning 6AM-12PM, Afternoon 12PM-6PM, Evening 6PM-12AM, Night 12AM-6AM, otherwise All Day. */
export const TIME_SLOT_INFO: Record<TimeSlot, TimeSlotInfo> = {
  morning: { label: 'Morning', hours: '6AM-12PM', fromHour: 6, toHour: 12 },
  afternoon: { label: 'Afternoon', hours: '12PM-6PM', fromHour: 12, toHour: 18 },
  evening: { label: 'Evening', hours: '6PM-12AM', fromHour: 18, toHour: 24 },
  night: { label: 'Night', hours: '12AM-6AM', fromHour: 0, toHour: 6 },
  allday: { label: 'All Day', hours: null, fromHour: null, toHour: null },
};

/** The slot an hour of the day (0-23) falls in. */
export function timeSlotForHour(hour: number): TimeSlot {
  const found = TIME_SLOTS.find((slot) => {
    const { fromHour, toHour } = TIME_SLOT_INFO[slot];
    return fromHour !== null && toHour !== null && hour >= fromHour && hour < toHour;
  });
  return found ?? 'allday';
}

/** The slot a scheduled time is shown under: none means All Day (spec §9 "otherwise All Day"). */
export const timeSlotOf = (time: ScheduledTime): TimeSlot => (time === '' ? 'allday' : time);

/**
 * The order of a day's items: morning, afternoon, evening, night, then all-day (or no slot); within a
 * slot by priority (highest first), then in the order they were added.
 */
export const TIME_SLOT_ORDER: readonly TimeSlot[] = TIME_SLOTS;

/** A priority is a small whole number; higher comes first within a time slot. */
export const PRIORITY_MIN = -1000;
export const PRIORITY_MAX = 1000;
/** A planner price above this is a typing mistake, not a trip item (and it fits a 32-bit cents column). */
export const MAX_ITEM_PRICE = 1_000_000;

export const TRIP_TITLE_MAX = 200;
export const TRIP_DESTINATION_MAX = 200;
export const ITEM_NAME_MAX = 200;
export const ITEM_DESCRIPTION_MAX = 2000;

/**
 * What one visitor may keep: far beyond any traveller's real use (a year of daily plans is a few
 * hundred items), and low enough that one client cannot fill the database or make a trip's feed
 * and itinerary too costly to write.
 */
export const TRIPS_PER_VISITOR_MAX = 200;
export const ITEMS_PER_TRIP_MAX = 2000;
export const TOO_MANY_TRIPS = `You can keep up to ${TRIPS_PER_VISITOR_MAX} trips. Delete a trip you no longer need to start a new one.`;
export const TOO_MANY_ITEMS = `A trip can hold up to ${ITEMS_PER_TRIP_MAX} items. Delete some items, or start a new trip.`;

export interface QuickAddItem {
  itemName: string;
  /**
   * What the owner might write in the item's description, said to them beside the field. Never
   * the description itself: a stored hint would reach everyone the trip is shared with (its link,
   * its calendar feed) as if the owner had written it.
   */
  hint: string;
  /** Wire format: a decimal string with two decimals. */
  price: string;
}

/** Spec §9: the Quick Add buttons' defaults, with the fallback prices flight 350, hotel 120, car 75, activity 50. */
export const QUICK_ADD: Record<ItemType, QuickAddItem> = {
  flight: {
    itemName: 'Flight',
    hint: 'Add the airline, flight number and any assistance you have requested',
    price: '350.00',
  },
  hotel: {
    itemName: 'Hotel stay',
    hint: 'Confirm an accessible room and the features you need',
    price: '120.00',
  },
  car: {
    itemName: 'Car rental',
    hint: 'Ask for hand controls or a wheelchair-accessible vehicle if you need one',
    price: '75.00',
  },
  activity: {
    itemName: 'Activity',
    hint: 'Check step-free access and quiet times before you go',
    price: '50.00',
  },
};

/** Itinerary links (Share Itinerary): how long a link lasts; null means until it is revoked. */
export const TRIP_SHARE_EXPIRY_DAYS = [1, 7, 30] as const;
export const DEFAULT_TRIP_SHARE_EXPIRY_DAYS = 7;
export const TRIP_SHARE_MESSAGE_MAX = 500;

export interface ItineraryDay<T> {
  date: string;
  slots: { slot: TimeSlot; items: T[] }[];
}

/**
 * Items (already in the planner's order) grouped by day, then by time slot in TIME_SLOT_ORDER; a
 * slot-less item counts as All Day. Days come in date order; empty slots are left out.
 */
export function groupItinerary<T extends { scheduledDate: string; scheduledTime: ScheduledTime }>(
  items: readonly T[],
): ItineraryDay<T>[] {
  const days = new Map<string, Map<TimeSlot, T[]>>();
  for (const item of items) {
    const day = days.get(item.scheduledDate) ?? new Map<TimeSlot, T[]>();
    days.set(item.scheduledDate, day);
    const slot = timeSlotOf(item.scheduledTime);
    day.set(slot, [...(day.get(slot) ?? []), item]);
  }
  return [...days.keys()].sort().map((date) => {
    const day = days.get(date)!;
    return {
      date,
      slots: TIME_SLOT_ORDER.flatMap((slot) => {
        const slotItems = day.get(slot);
        return slotItems ? [{ slot, items: slotItems }] : [];
      }),
    };
  });
}

/** GET a trip link's itinerary (its public page's read; the server names it in that page's answer too). */
export const sharedTripApiPath = (token: string) =>
  `/api/shared-trips/${encodeURIComponent(token)}`;

/** GET the visitor's trips, newest first; POST makes one. */
export const TRIPS_PATH = '/api/trip-planners';

/** GET a trip's items, all or those between two days (both included). */
export function plannerItemsApiPath(plannerId: string, range?: { from: string; to: string }) {
  return `/api/planner-items?${new URLSearchParams({ plannerId, ...range }).toString()}`;
}

/** GET a trip's itinerary links (without their tokens); POST makes one. */
export const tripSharesApiPath = (plannerId: string) =>
  `/api/trip-planners/${encodeURIComponent(plannerId)}/shares`;
