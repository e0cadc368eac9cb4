import { queryOptions, useQuery } from '@tanstack/react-query';
import { StaffSessionsResponse, type StaffSession } from '@wfm/contracts/ama';
import { LIST_STALE_MS } from '../../../config/constants.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * The staff list of AMA sessions (stored status, booking and question counts): the AMA tab lists
 * it and the Bookings tab picks a session from it.
 */
export async function getAmaSessions(signal?: AbortSignal): Promise<StaffSession[]> {
  return StaffSessionsResponse.parse(await api.get('/api/admin/ama/sessions', { signal }));
}

export const amaSessionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.ama.sessions(),
    queryFn: ({ signal }) => getAmaSessions(signal),
    staleTime: LIST_STALE_MS,
  });

export function useAmaSessions(enabled = true) {
  return useQuery({ ...amaSessionsQueryOptions(), enabled });
}
