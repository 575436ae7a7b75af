import {
  onlineManager,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
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
import { isNoAnswer } from '../../lib/connection';
import { postOnce, useIntentKeys } from '../../lib/intent-keys';
import { hasPendingChanges, loadPendingChanges, pendingChanges, queueChange } from './change-queue';
import { ITEMS_KEY_TRIP, plannerKeys, type DayRange } from './keys';
import {
  itemFieldsOf,
  LOCAL_ID_PREFIX,
  priceText,
  tripFieldsOf,
  tripsWithChanges,
  withChanges,
} from './pending-changes';

const PLANNER_ITEMS_PATH = '/api/planner-items';

const enc = encodeURIComponent;

export { plannerKeys, type DayRange } from './keys';

/**
 * A change made while offline, or while earlier ones still wait, joins the queue (change-queue.ts)
 * and shows at once; so does one whose request never reached the server. Otherwise it is sent now.
 */
async function sendOrQueue<T>(
  send: () => Promise<T>,
  queue: (attempted: boolean) => Promise<T>,
): Promise<T> {
  await loadPendingChanges();
  if (!onlineManager.isOnline() || hasPendingChanges()) return queue(false);
  try {
    return await send();
  } catch (error) {
    // Sent, and no answer came: the server may have done it.
    if (isNoAnswer(error)) return queue(true);
    throw error;
  }
}

/** Changes are made offline too: the mutation decides whether to send or keep them. */
const WORKS_OFFLINE = 'always';

// ---------------------------------------------------------------------------------------------
// Trips

/** GET /api/trip-planners: the visitor's trips, newest first, with the changes still waiting. */
export async function fetchTrips(): Promise<Trip[]> {
  const trips = await apiGet<Trip[]>(TRIPS_PATH);
  await loadPendingChanges();
  return tripsWithChanges(trips, pendingChanges());
}

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
    networkMode: WORKS_OFFLINE,
    mutationFn: ({ id, changes }: { id: string; changes: UpdateTripInput }) =>
      sendOrQueue(
        () => apiRequest<Trip>('PATCH', `/api/trip-planners/${enc(id)}`, changes),
        async () => {
          const trip = queryClient.getQueryData(tripsQuery.queryKey)?.find((t) => t.id === id);
          if (!trip) throw new Error('This trip is not on this device; reconnect to change it.');
          await queueChange(queryClient, { kind: 'updateTrip', trip, changes });
          return tripsWithChanges([trip], pendingChanges())[0]!;
        },
      ),
    onMutate: async ({ id, changes }) => {
      await queryClient.cancelQueries({ queryKey: plannerKeys.trips });
      const before = queryClient.getQueryData(tripsQuery.queryKey);
      queryClient.setQueryData(tripsQuery.queryKey, (trips) =>
        trips?.map((t) => (t.id === id ? { ...t, ...tripFieldsOf(changes) } : t)),
      );
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

/**
 * GET /api/planner-items: the trip's items (between two days, when given), in the planner's order,
 * with the changes still waiting to be sent.
 */
export async function fetchItems(plannerId: string, range?: DayRange): Promise<PlannerItem[]> {
  const items = await apiGet<PlannerItem[]>(plannerItemsApiPath(plannerId, range));
  await loadPendingChanges();
  return withChanges(items, pendingChanges(), plannerId, range);
}

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

/** The item as the lists on screen show it. */
function itemOnScreen(queryClient: QueryClient, plannerId: string, id: string) {
  for (const [, items] of queryClient.getQueriesData<PlannerItem[]>({
    queryKey: plannerKeys.items(plannerId),
  })) {
    const item = items?.find((each) => each.id === id);
    if (item) return item;
  }
  throw new Error('This item is not on this device; reconnect to change it.');
}

/**
 * Add, change or delete one item; every items query of its trip is refreshed afterwards. Offline,
 * the change is kept on the device and sent when the network returns (change-queue.ts).
 */
export function useItemMutations(plannerId: string | null) {
  const queryClient = useQueryClient();
  const refresh = () =>
    plannerId
      ? queryClient.invalidateQueries({ queryKey: plannerKeys.items(plannerId) })
      : Promise.resolve();
  const keys = useIntentKeys();
  const create = useMutation({
    networkMode: WORKS_OFFLINE,
    mutationFn: (input: CreatePlannerItemInput) =>
      sendOrQueue(
        () => postOnce<PlannerItem>(keys, PLANNER_ITEMS_PATH, input),
        async (attempted) => {
          const id = keys.keyFor(PLANNER_ITEMS_PATH, input);
          const item = localItem(input);
          await queueChange(queryClient, { kind: 'createItem', id, item, input, attempted });
          keys.succeeded(PLANNER_ITEMS_PATH, input);
          return item;
        },
      ),
    onSuccess: refresh,
  });
  const update = useMutation({
    networkMode: WORKS_OFFLINE,
    mutationFn: ({ id, changes }: { id: string; changes: UpdatePlannerItemInput }) =>
      sendOrQueue(
        () => apiRequest<PlannerItem>('PATCH', `${PLANNER_ITEMS_PATH}/${enc(id)}`, changes),
        async () => {
          const item = itemOnScreen(queryClient, plannerId ?? '', id);
          await queueChange(queryClient, { kind: 'updateItem', item, changes });
          return { ...item, ...itemFieldsOf(changes) };
        },
      ),
    onSuccess: refresh,
  });
  const remove = useMutation({
    networkMode: WORKS_OFFLINE,
    mutationFn: (id: string) =>
      sendOrQueue(
        () => apiRequest<void>('DELETE', `${PLANNER_ITEMS_PATH}/${enc(id)}`),
        async () => {
          const item = itemOnScreen(queryClient, plannerId ?? '', id);
          await queueChange(queryClient, { kind: 'deleteItem', item });
        },
      ),
    onSuccess: refresh,
  });
  return { create, update, remove };
}

/** An item added offline, as the server would make it, under an id of the device's own. */
function localItem(input: CreatePlannerItemInput): PlannerItem {
  return {
    id: `${LOCAL_ID_PREFIX}${crypto.randomUUID()}`,
    plannerId: input.plannerId,
    itemType: input.itemType,
    itemName: input.itemName.trim(),
    itemDescription: input.itemDescription?.trim() || null,
    scheduledDate: input.scheduledDate,
    scheduledTime: input.scheduledTime ?? '',
    price: priceText(input.price ?? '0'),
    isBooked: false,
    priority: input.priority ?? 0,
    createdAt: new Date().toISOString(),
    version: 0,
  };
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
