import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminCatalogDeleteResponse } from '@wfm/contracts/catalog';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function deleteTool(id: number): Promise<AdminCatalogDeleteResponse> {
  return AdminCatalogDeleteResponse.parse(await api.delete(`/api/admin/tools/${id}`));
}

export function useDeleteTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTool,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tools() }),
  });
}
