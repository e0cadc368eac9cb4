import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeleteJobResponse, StaffJob, type JobStatusBody, type UpdateJobBody } from '@wfm/contracts/jobs';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function setJobStatus({ id, status }: { id: number } & JobStatusBody): Promise<StaffJob> {
  return StaffJob.parse(await api.put(`/api/admin/jobs/${id}/status`, { status }));
}

export async function updateJob({ id, body }: { id: number; body: UpdateJobBody }): Promise<StaffJob> {
  return StaffJob.parse(await api.put(`/api/admin/jobs/${id}`, body));
}

export async function deleteJob(id: number): Promise<DeleteJobResponse> {
  return DeleteJobResponse.parse(await api.delete(`/api/admin/jobs/${id}`));
}

function useJobMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.jobs() }) });
}

export const useSetJobStatus = () => useJobMutation(setJobStatus);
export const useUpdateJob = () => useJobMutation(updateJob);
export const useDeleteJob = () => useJobMutation(deleteJob);
