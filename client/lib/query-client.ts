import { QueryClient, type QueryFunction } from '@tanstack/react-query';

/**
 * Every read is made through its feature's `queryOptions` (client/features/<name>/api.ts), which
 * brings its own fetcher; there is no fetcher for a bare key. A query made without its options
 * fails at once, says so in the console (a test fails on that) and shows its error state, rather
 * than asking some URL for a shape nobody declared: two reads of one key in different shapes made
 * whichever loaded first win (issue 26).
 */
const noFetcher: QueryFunction = ({ queryKey }) => {
  const problem = `No fetcher for the query ${JSON.stringify(queryKey)}: use its feature's queryOptions (client/features/<name>/api.ts)`;
  console.error(problem);
  throw new Error(problem);
};

/** Spec §4: data never goes stale, no periodic or focus refetch, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: noFetcher,
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
