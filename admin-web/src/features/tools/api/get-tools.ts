import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminToolsResponse } from '@wfm/contracts/catalog';
import { LIST_STALE_MS } from '../../../config/constants.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The newest this many tools are listed (the server's most per call). */
export const ADMIN_TOOLS_LIMIT = 500;

export async function getAdminTools(signal?: AbortSignal): Promise<AdminToolsResponse> {
  return AdminToolsResponse.parse(await api.get(`/api/admin/tools?limit=${ADMIN_TOOLS_LIMIT}`, { signal }));
}

export const adminToolsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.tools(), queryFn: ({ signal }) => getAdminTools(signal), staleTime: LIST_STALE_MS });

export function useAdminTools() {
  return useQuery(adminToolsQueryOptions());
}
