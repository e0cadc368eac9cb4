import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminReportsResponse } from '@wfm/contracts/forum';
import { FEEDBACK_LIMIT } from '../../../config/constants.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getReports(signal?: AbortSignal): Promise<AdminReportsResponse> {
  return AdminReportsResponse.parse(await api.get(`/api/admin/reports?limit=${FEEDBACK_LIMIT}`, { signal }));
}

export const reportsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.reports(), queryFn: ({ signal }) => getReports(signal) });

export function useReports(enabled = true) {
  return useQuery({ ...reportsQueryOptions(), enabled });
}
