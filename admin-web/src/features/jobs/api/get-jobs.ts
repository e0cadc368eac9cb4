import { queryOptions, useQuery } from '@tanstack/react-query';
import { StaffJobsResponse } from '@wfm/contracts/jobs';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Newest jobs the tab lists (every status). */
export const STAFF_JOBS_LIMIT = 500;

export async function getStaffJobs(signal?: AbortSignal): Promise<StaffJobsResponse> {
  return StaffJobsResponse.parse(await api.get(`/api/admin/jobs?limit=${STAFF_JOBS_LIMIT}`, { signal }));
}

export const staffJobsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.jobs(), queryFn: ({ signal }) => getStaffJobs(signal) });

export const useStaffJobs = () => useQuery(staffJobsQueryOptions());
