import { queryOptions, useQuery } from '@tanstack/react-query';
import { StaffSessionsResponse, type StaffSession } from '@wfm/contracts/ama';
import { LIST_STALE_MS } from '../config/constants.ts';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The staff list of AMA sessions (stored status, booking and question counts): the AMA tab lists
 * it and the Bookings tab picks a session from it, so it lives here, shared by both (docs/decisions.md).
 */
export async function getAdminAmaSessions(signal?: AbortSignal): Promise<StaffSession[]> {
  return StaffSessionsResponse.parse(await api.get('/api/admin/ama/sessions', { signal }));
}

export const adminAmaSessionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.ama.sessions(),
    queryFn: ({ signal }) => getAdminAmaSessions(signal),
    staleTime: LIST_STALE_MS,
  });

export function useAdminAmaSessions(enabled = true) {
  return useQuery({ ...adminAmaSessionsQueryOptions(), enabled });
}
