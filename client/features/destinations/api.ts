import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Destination, PopulateDestinationsResponse } from '../../../contracts/destinations';
import { DESTINATIONS_PATH } from '../../../contracts/destinations.values';
import { apiGet, apiRequest } from '../../lib/api';

/** Spec §9: the destinations list is cached for 5 minutes. */
export const DESTINATIONS_STALE_MS = 5 * 60 * 1000;

/** The destinations feature's query keys: each key has one shape, the one its fetcher returns. */
export const destinationsKeys = {
  all: ['destinations'] as const,
};

/** GET /api/destinations. */
export const fetchDestinations = (signal?: AbortSignal) =>
  apiGet<Destination[]>(DESTINATIONS_PATH, signal);

export const destinationsQuery = queryOptions({
  queryKey: destinationsKeys.all,
  queryFn: ({ signal }) => fetchDestinations(signal),
  staleTime: DESTINATIONS_STALE_MS,
});

export function useDestinations() {
  return useQuery(destinationsQuery);
}

export const populateDestinations = () =>
  apiRequest<PopulateDestinationsResponse>('POST', '/api/destinations/populate', {});

export function usePopulateDestinations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: populateDestinations,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: destinationsKeys.all }),
  });
}
