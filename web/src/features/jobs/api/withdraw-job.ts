import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WithdrawJobResponse } from '@wfm/contracts/jobs/api';
import { api } from '../../../lib/api-client.ts';
import { jobKeys } from './job-keys.ts';

export async function withdrawJob(id: number): Promise<WithdrawJobResponse> {
  return WithdrawJobResponse.parse(await api.delete(`/api/jobs/${id}`));
}

export function useWithdrawJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawJob,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
