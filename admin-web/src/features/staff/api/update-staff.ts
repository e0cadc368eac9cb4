import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StaffMember, type UpdateStaffBody } from '@wfm/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function updateStaff({ id, body }: { id: number; body: UpdateStaffBody }): Promise<StaffMember> {
  return StaffMember.parse(await api.put(`/api/admin/staff/${id}`, body));
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff() }),
  });
}
