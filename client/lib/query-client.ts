import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { isNoAnswer } from './connection';

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

/**
 * A read that got no answer is tried again, a few times: by then the site knows whether it is
 * offline (client/lib/connection.ts), and offline the retry waits for the connection, the page
 * showing what was saved, instead of failing.
 */
const NO_ANSWER_RETRIES = 3;

/**
 * Spec §4: data never goes stale, no periodic or focus refetch, no retries of an answer (an error
 * the server sent is shown, not asked again).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: noFetcher,
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: (failures, error) => isNoAnswer(error) && failures < NO_ANSWER_RETRIES,
      },
      mutations: { retry: false },
    },
  });
}
