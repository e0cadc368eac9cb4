import { QueryClient } from '@tanstack/react-query';

/** Data-fetch defaults of spec 1 §9: no retries, no refetch on focus or interval, never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}
