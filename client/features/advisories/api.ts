import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Advisory } from '../../../contracts/advisories';

export const advisoriesQuery = queryOptions<Advisory[]>({ queryKey: ['/api/advisories'] });

export function useAdvisories() {
  return useQuery(advisoriesQuery);
}
