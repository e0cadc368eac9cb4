import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminReportDecisionResponse, type AdminReportDecisionBody } from '@wfm/contracts/forum';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Closes a New report: its status, and optionally the reported post or comment deleted in the same step. */
export async function decideReport({ id, ...body }: AdminReportDecisionBody & { id: number }): Promise<AdminReportDecisionResponse> {
  return AdminReportDecisionResponse.parse(await api.post(`/api/admin/reports/${id}/decide`, body));
}

export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideReport,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.reports() }),
        // A deleted post leaves the posts tab.
        queryClient.invalidateQueries({ queryKey: queryKeys.posts() }),
      ]),
  });
}
