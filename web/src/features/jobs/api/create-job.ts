import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Job, type CreateJobBody } from '@wfm/contracts/jobs/api';
import { api } from '../../../lib/api-client.ts';
import { jobKeys } from './job-keys.ts';

export async function createJob(body: CreateJobBody): Promise<Job> {
  return Job.parse(await api.post('/api/jobs', body));
}

/** Posting refreshes the lists and My job posts (spec 3 §7: the job list is refreshed afterwards). */
export function useCreateJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
