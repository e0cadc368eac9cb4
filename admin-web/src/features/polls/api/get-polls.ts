import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminPollsResponse } from '@wfm/contracts/catalog';
import { LIST_STALE_MS } from '../../../config/constants.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The newest this many polls are listed (the server's most per call). */
export const ADMIN_POLLS_LIMIT = 500;

export async function getAdminPolls(signal?: AbortSignal): Promise<AdminPollsResponse> {
  return AdminPollsResponse.parse(await api.get(`/api/admin/polls?limit=${ADMIN_POLLS_LIMIT}`, { signal }));
}

export const adminPollsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.polls(), queryFn: ({ signal }) => getAdminPolls(signal), staleTime: LIST_STALE_MS });

export function useAdminPolls() {
  return useQuery(adminPollsQueryOptions());
}
