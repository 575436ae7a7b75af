/** A range of days, both included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * The planner's query keys: each key has one shape, the one its fetcher returns. A trip's share
 * links sit under the trips' key, so refreshing the trips refreshes them too; every items query
 * of one trip starts with `items(plannerId)`, so one invalidation refreshes them all.
 */
export const plannerKeys = {
  all: ['planner'] as const,
  trips: ['planner', 'trips'] as const,
  tripShares: (plannerId: string) => [...plannerKeys.trips, plannerId, 'shares'] as const,
  items: (plannerId: string) => ['planner', 'items', plannerId] as const,
  itemsBetween: (plannerId: string, range: DayRange) =>
    [...plannerKeys.items(plannerId), range] as const,
  allItems: (plannerId: string) => [...plannerKeys.items(plannerId), 'all'] as const,
};
/** Where an items key holds its trip's id, and its range of days ('all' for every day). */
export const ITEMS_KEY_TRIP = 2;
export const ITEMS_KEY_RANGE = 3;
