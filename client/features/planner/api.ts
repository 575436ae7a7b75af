import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CalendarSubscription,
  CreatePlannerItemInput,
  CreateTripInput,
  CreateTripShareInput,
  PlannerItem,
  Trip,
  TripShare,
  UpdatePlannerItemInput,
  UpdateTripInput,
} from '../../../contracts/planner';
import {
  plannerItemsApiPath,
  TRIPS_PATH,
  tripSharesApiPath,
} from '../../../contracts/planner.values';
import { apiGet, apiRequest } from '../../lib/api';
import { postOnce, useIntentKeys } from '../../lib/intent-keys';

const enc = encodeURIComponent;

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
  trips: ['planner', 'trips'] as const,
  tripShares: (plannerId: string) => [...plannerKeys.trips, plannerId, 'shares'] as const,
  items: (plannerId: string) => ['planner', 'items', plannerId] as const,
  itemsBetween: (plannerId: string, range: DayRange) =>
    [...plannerKeys.items(plannerId), range] as const,
  allItems: (plannerId: string) => [...plannerKeys.items(plannerId), 'all'] as const,
};
/** Where an items key holds its trip's id. */
const ITEMS_KEY_TRIP = 2;

// ---------------------------------------------------------------------------------------------
// Trips

/** GET /api/trip-planners: the visitor's trips, newest first. */
export const fetchTrips = () => apiGet<Trip[]>(TRIPS_PATH);

export const tripsQuery = queryOptions({ queryKey: plannerKeys.trips, queryFn: fetchTrips });

export function useTrips() {
  return useQuery(tripsQuery);
}

export function useCreateTrip() {
  const queryClient = useQueryClient();
  const keys = useIntentKeys();
  return useMutation({
    mutationFn: (input: CreateTripInput) => postOnce<Trip>(keys, TRIPS_PATH, input),
    onSuccess: (trip) => {
      queryClient.setQueryData(tripsQuery.queryKey, (trips) => [
        trip,
        ...(trips ?? []).filter((t) => t.id !== trip.id),
      ]);
    },
  });
}

/**
 * PATCH /api/trip-planners/:id. The list shows the change at once (a status chosen with the arrow
 * keys saves on every key), goes back if it fails, and is read again once the last change settles.
 */
export function useUpdateTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateTripInput }) =>
      apiRequest<Trip>('PATCH', `/api/trip-planners/${enc(id)}`, changes),
    onMutate: async ({ id, changes }) => {
      await queryClient.cancelQueries({ queryKey: plannerKeys.trips });
      const before = queryClient.getQueryData(tripsQuery.queryKey);
      if (changes.status) {
        const status = changes.status;
        queryClient.setQueryData(tripsQuery.queryKey, (trips) =>
          trips?.map((t) => (t.id === id ? { ...t, status } : t)),
        );
      }
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(tripsQuery.queryKey, context.before);
    },
    onSuccess: (trip) => {
      queryClient.setQueryData(tripsQuery.queryKey, (trips) =>
        trips?.map((t) => (t.id === trip.id ? trip : t)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: plannerKeys.trips }),
  });
}

/** DELETE /api/trip-planners/:id: the trip and its items go together. */
export function useDeleteTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `/api/trip-planners/${enc(id)}`),
    onSuccess: (_result, id) => {
      queryClient.setQueryData(tripsQuery.queryKey, (trips) => trips?.filter((t) => t.id !== id));
      queryClient.removeQueries({ queryKey: plannerKeys.items(id) });
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Planner items

/** GET /api/planner-items: the trip's items (between two days, when given), in the planner's order. */
export const fetchItems = (plannerId: string, range?: DayRange) =>
  apiGet<PlannerItem[]>(plannerItemsApiPath(plannerId, range));

export const itemsBetweenQuery = (plannerId: string, range: DayRange) =>
  queryOptions({
    queryKey: plannerKeys.itemsBetween(plannerId, range),
    queryFn: () => fetchItems(plannerId, range),
  });

/** The trip's items between two days (both included), in the planner's order. */
export function useItemsBetween(plannerId: string | null, from: string, to: string) {
  return useQuery({
    ...itemsBetweenQuery(plannerId ?? '', { from, to }),
    enabled: plannerId !== null,
    // Moving between months keeps the last month on screen until the next one arrives.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[ITEMS_KEY_TRIP] === plannerId ? previous : undefined,
  });
}

export const allItemsQuery = (plannerId: string) =>
  queryOptions({
    queryKey: plannerKeys.allItems(plannerId),
    queryFn: () => fetchItems(plannerId),
  });

/** All of the trip's items, sorted by date, then slot, priority and the order they were added. */
export function useAllItems(plannerId: string | null) {
  return useQuery({ ...allItemsQuery(plannerId ?? ''), enabled: plannerId !== null });
}

/** Add, change or delete one item; every items query of its trip is refreshed afterwards. */
export function useItemMutations(plannerId: string | null) {
  const queryClient = useQueryClient();
  const refresh = () =>
    plannerId
      ? queryClient.invalidateQueries({ queryKey: plannerKeys.items(plannerId) })
      : Promise.resolve();
  const keys = useIntentKeys();
  const create = useMutation({
    mutationFn: (input: CreatePlannerItemInput) =>
      postOnce<PlannerItem>(keys, '/api/planner-items', input),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdatePlannerItemInput }) =>
      apiRequest<PlannerItem>('PATCH', `/api/planner-items/${enc(id)}`, changes),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `/api/planner-items/${enc(id)}`),
    onSuccess: refresh,
  });
  return { create, update, remove };
}

// ---------------------------------------------------------------------------------------------
// Export and share

/** The .ics download of a trip (a same-origin link: the session cookie goes along). */
export const calendarFileUrl = (plannerId: string) =>
  `/api/trip-planners/${enc(plannerId)}/calendar.ics`;

/** POST: a new private subscription address (an earlier one stops working). */
export function useCreateCalendarSubscription(plannerId: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest<CalendarSubscription>(
        'POST',
        `/api/trip-planners/${enc(plannerId)}/calendar-subscription`,
      ),
  });
}

/** DELETE: the subscription address stops working. */
export function useDeleteCalendarSubscription(plannerId: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest<void>('DELETE', `/api/trip-planners/${enc(plannerId)}/calendar-subscription`),
  });
}

/** GET /api/trip-planners/:id/shares: the trip's itinerary links (without their tokens, which are only shown when made). */
export const fetchTripShares = (plannerId: string) =>
  apiGet<TripShare[]>(tripSharesApiPath(plannerId));

export const tripSharesQuery = (plannerId: string) =>
  queryOptions({
    queryKey: plannerKeys.tripShares(plannerId),
    queryFn: () => fetchTripShares(plannerId),
  });

export function useTripShares(plannerId: string, enabled = true) {
  return useQuery({ ...tripSharesQuery(plannerId), enabled });
}

/** Create link: one link and one e-mail for a request repeated as it was (its Idempotency-Key). */
export function useCreateTripShare(plannerId: string) {
  const queryClient = useQueryClient();
  const keys = useIntentKeys();
  return useMutation({
    mutationFn: (input: CreateTripShareInput) =>
      postOnce<TripShare>(keys, tripSharesApiPath(plannerId), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plannerKeys.tripShares(plannerId) }),
  });
}

export function useRevokeTripShare(plannerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) =>
      apiRequest<void>('DELETE', `${tripSharesApiPath(plannerId)}/${enc(shareId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plannerKeys.tripShares(plannerId) }),
  });
}
