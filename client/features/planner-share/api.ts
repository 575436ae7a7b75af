import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SharedTrip } from '../../../contracts/planner';
import { sharedTripApiPath } from '../../../contracts/planner.values';
import { linkProblem } from '../../components/ui/link-problem';
import { apiGet } from '../../lib/api';

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
    retry: (count, error) => linkProblem(error) === null && count < 2,
  });

export function useSharedTrip(token: string) {
  return useQuery({ ...sharedTripQuery(token), enabled: token !== '' });
}
