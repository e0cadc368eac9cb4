import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminCatalogDeleteResponse } from '@wfm/contracts/catalog';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Deletes the poll and all its votes. */
export async function deletePoll(id: number): Promise<AdminCatalogDeleteResponse> {
  return AdminCatalogDeleteResponse.parse(await api.delete(`/api/admin/polls/${id}`));
}

export function useDeletePoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePoll,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.polls() }),
  });
}
