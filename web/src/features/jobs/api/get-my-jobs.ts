import { queryOptions, useQuery } from '@tanstack/react-query';
import { MyJobsResponse } from '@wfm/contracts/jobs/api';
import { api } from '../../../lib/api-client.ts';
import { useVisitorToken } from '../../../lib/visitor-token.ts';
import { jobKeys } from './job-keys.ts';

/** The visitor's own postings in every status (the token travels in x-anon-token, never the URL). */
export async function getMyJobs(signal?: AbortSignal): Promise<MyJobsResponse> {
  return MyJobsResponse.parse(await api.get('/api/jobs/mine', { signal }));
}

export const myJobsQueryOptions = (anonToken: string | undefined) =>
  queryOptions({ queryKey: jobKeys.mine(anonToken), queryFn: ({ signal }) => getMyJobs(signal), enabled: Boolean(anonToken) });

export function useMyJobs(enabled: boolean) {
  const session = useVisitorToken();
  const query = useQuery({ ...myJobsQueryOptions(session.data), enabled: enabled && Boolean(session.data) });
  return { ...query, waitingForSession: session.isPending };
}
