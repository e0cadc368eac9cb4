import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ListJobsResponse, type JobCategory, type JobType } from '@wfm/contracts/jobs/api';
import { JOB_LIST_STALE_MS } from '../constants.ts';
import { api } from '../../../lib/api-client.ts';
import { jobKeys } from './job-keys.ts';

/** What the list asks the server for; unset values are left out of the call. */
export interface JobFilters {
  q?: string;
  category?: JobCategory;
  job_type?: JobType;
  shows_pay?: boolean;
}

export function jobsSearchParams(filters: JobFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  if (filters.category) params.set('category', filters.category);
  if (filters.job_type) params.set('job_type', filters.job_type);
  if (filters.shows_pay) params.set('shows_pay', 'true');
  return params;
}

export async function getJobs(filters: JobFilters, signal?: AbortSignal): Promise<ListJobsResponse> {
  const query = jobsSearchParams(filters).toString();
  return ListJobsResponse.parse(await api.get(`/api/jobs${query ? `?${query}` : ''}`, { signal }));
}

export const jobsQueryOptions = (filters: JobFilters) =>
  queryOptions({
    queryKey: jobKeys.list(filters),
    queryFn: ({ signal }) => getJobs(filters, signal),
    staleTime: JOB_LIST_STALE_MS,
    placeholderData: keepPreviousData,
  });

export const useJobs = (filters: JobFilters) => useQuery(jobsQueryOptions(filters));
