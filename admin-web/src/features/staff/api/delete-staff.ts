import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StaffDeletedResponse } from '@wfm/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function deleteStaff(id: number): Promise<StaffDeletedResponse> {
  return StaffDeletedResponse.parse(await api.delete(`/api/admin/staff/${id}`));
}

export function useDeleteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff() }),
  });
}
