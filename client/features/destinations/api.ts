import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Destination, PopulateDestinationsResponse } from '../../../contracts/destinations';
import { apiRequest } from '../../lib/api';

/** Spec §9: the destinations list is cached for 5 minutes. */
export const DESTINATIONS_STALE_MS = 5 * 60 * 1000;
export const destinationsKey = ['/api/destinations'] as const;

export const destinationsQuery = queryOptions<Destination[]>({
  queryKey: destinationsKey,
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: destinationsKey }),
  });
}
