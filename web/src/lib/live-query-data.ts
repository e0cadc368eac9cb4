import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Call after a realtime message changed cached data: a read of the same data already on its way
 * (a page asking for its visitor's own copy right after hydrating) may have been answered before
 * the change, and its answer would undo it when it lands. Such a read is cancelled and asked again;
 * the gateway dropped its cached copy before the message went out. Not for a visitor's own writes,
 * whose change may reach the gateway's cache after their answer does.
 */
export function refetchIfInFlight(queryClient: QueryClient, queryKey: QueryKey): void {
  if (queryClient.isFetching({ queryKey }) > 0) void queryClient.invalidateQueries({ queryKey });
}
