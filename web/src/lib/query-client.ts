import { MutationCache, QueryClient } from '@tanstack/react-query';
import { resetVisitorTokenOnUnauthorized } from './visitor-token.ts';

/** Data-fetch defaults of spec 1 §9: no retries, no refetch on focus or interval, never stale. */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    mutationCache: new MutationCache({ onError: (error) => resetVisitorTokenOnUnauthorized(queryClient, error) }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
