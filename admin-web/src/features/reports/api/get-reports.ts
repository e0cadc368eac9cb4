import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminReportsResponse, type ReportStatus } from '@wfm/contracts/forum';
import { FEEDBACK_LIMIT } from '../../../config/constants.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The queue, or only the reports of one status (undefined: all). */
export async function getReports(signal?: AbortSignal, status?: ReportStatus): Promise<AdminReportsResponse> {
  const filter = status === undefined ? '' : `&status=${encodeURIComponent(status)}`;
  return AdminReportsResponse.parse(await api.get(`/api/admin/reports?limit=${FEEDBACK_LIMIT}${filter}`, { signal }));
}

export const reportsQueryOptions = (status?: ReportStatus) =>
  queryOptions({
    queryKey: status === undefined ? queryKeys.reports() : [...queryKeys.reports(), status],
    queryFn: ({ signal }) => getReports(signal, status),
  });

export function useReports(enabled = true, status?: ReportStatus) {
  return useQuery({ ...reportsQueryOptions(status), enabled });
}
