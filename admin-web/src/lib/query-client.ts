import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { LIST_STALE_MS } from '../config/constants.ts';
import { isApiError } from './api-client.ts';
import { SIGNED_OUT, staffLoginQueryOptions } from './staff-login.ts';

/**
 * Admin data defaults (spec 3 §7): lists are cached 30 s; no retries, no refetch on focus.
 * A 401 from any admin call means the staff login has ended: it turns signed out,
 * which sends the panel to the login page.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (isApiError(error, 401)) queryClient.setQueryData(staffLoginQueryOptions().queryKey, SIGNED_OUT);
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: LIST_STALE_MS,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
