import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { apiRequest } from '../../lib/api';

const enc = encodeURIComponent;

// ---------------------------------------------------------------------------------------------
// Trips

export const tripsKey = ['/api/trip-planners'] as const;

/** GET /api/trip-planners: the visitor's trips, newest first. */
export function useTrips() {
  return useQuery({
    queryKey: tripsKey,
    queryFn: () => apiRequest<Trip[]>('GET', '/api/trip-planners'),
  });
}

export function useCreateTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTripInput) => apiRequest<Trip>('POST', '/api/trip-planners', input),
    onSuccess: (trip) => {
      queryClient.setQueryData<Trip[]>(tripsKey, (trips) => [
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
      await queryClient.cancelQueries({ queryKey: tripsKey });
      const before = queryClient.getQueryData<Trip[]>(tripsKey);
      if (changes.status) {
        const status = changes.status;
        queryClient.setQueryData<Trip[]>(tripsKey, (trips) =>
          trips?.map((t) => (t.id === id ? { ...t, status } : t)),
        );
      }
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(tripsKey, context.before);
    },
    onSuccess: (trip) => {
      queryClient.setQueryData<Trip[]>(tripsKey, (trips) =>
        trips?.map((t) => (t.id === trip.id ? trip : t)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tripsKey }),
  });
}

/** DELETE /api/trip-planners/:id: the trip and its items go together. */
export function useDeleteTrip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `/api/trip-planners/${enc(id)}`),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<Trip[]>(tripsKey, (trips) => trips?.filter((t) => t.id !== id));
      queryClient.removeQueries({ queryKey: itemsKey(id) });
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Planner items

/** Every items query of one trip starts with this key, so one invalidation refreshes them all. */
export const itemsKey = (plannerId: string) => ['/api/planner-items', plannerId] as const;

const fetchItems = (plannerId: string, range?: { from: string; to: string }) => {
  const query = new URLSearchParams({ plannerId, ...range });
  return apiRequest<PlannerItem[]>('GET', `/api/planner-items?${query.toString()}`);
};

/** The trip's items between two days (both included), in the planner's order. */
export function useItemsBetween(plannerId: string | null, from: string, to: string) {
  return useQuery({
    queryKey: [...itemsKey(plannerId ?? ''), { from, to }],
    queryFn: () => fetchItems(plannerId ?? '', { from, to }),
    enabled: plannerId !== null,
    // Moving between months keeps the last month on screen until the next one arrives.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === plannerId ? previous : undefined,
  });
}

/** All of the trip's items, sorted by date, then slot, priority and the order they were added. */
export function useAllItems(plannerId: string | null) {
  return useQuery({
    queryKey: [...itemsKey(plannerId ?? ''), 'all'],
    queryFn: () => fetchItems(plannerId ?? ''),
    enabled: plannerId !== null,
  });
}

/** Add, change or delete one item; every items query of its trip is refreshed afterwards. */
export function useItemMutations(plannerId: string | null) {
  const queryClient = useQueryClient();
  const refresh = () =>
    plannerId
      ? queryClient.invalidateQueries({ queryKey: itemsKey(plannerId) })
      : Promise.resolve();
  const create = useMutation({
    mutationFn: (input: CreatePlannerItemInput) =>
      apiRequest<PlannerItem>('POST', '/api/planner-items', input),
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

export const tripSharesKey = (plannerId: string) =>
  ['/api/trip-planners', plannerId, 'shares'] as const;

/** The trip's itinerary links (without their tokens, which are only shown when made). */
export function useTripShares(plannerId: string, enabled = true) {
  return useQuery({
    queryKey: tripSharesKey(plannerId),
    queryFn: () => apiRequest<TripShare[]>('GET', `/api/trip-planners/${enc(plannerId)}/shares`),
    enabled,
  });
}

export function useCreateTripShare(plannerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTripShareInput) =>
      apiRequest<TripShare>('POST', `/api/trip-planners/${enc(plannerId)}/shares`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tripSharesKey(plannerId) }),
  });
}

export function useRevokeTripShare(plannerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) =>
      apiRequest<void>('DELETE', `/api/trip-planners/${enc(plannerId)}/shares/${enc(shareId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tripSharesKey(plannerId) }),
  });
}
