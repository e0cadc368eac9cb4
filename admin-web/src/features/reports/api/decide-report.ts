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
    // Not awaited: the decided card leaves the filtered list when the refetch lands, and the
    // caller's toast (a per-call callback, dropped once the card unmounts) must run before that.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.reports() });
      // A deleted post leaves the posts tab.
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts() });
    },
  });
}
