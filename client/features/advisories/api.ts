import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Advisory } from '../../../contracts/advisories';
import { ADVISORIES_PATH } from '../../../contracts/advisories.values';
import { apiGet } from '../../lib/api';

/** The advisories feature's query keys: each key has one shape, the one its fetcher returns. */
export const advisoriesKeys = {
  all: ['advisories'] as const,
};

/** GET /api/advisories: every country's current level. */
export const fetchAdvisories = (signal?: AbortSignal) =>
  apiGet<Advisory[]>(ADVISORIES_PATH, signal);

export const advisoriesQuery = queryOptions({
  queryKey: advisoriesKeys.all,
  queryFn: ({ signal }) => fetchAdvisories(signal),
});

export function useAdvisories() {
  return useQuery(advisoriesQuery);
}
