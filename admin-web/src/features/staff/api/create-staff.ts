import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StaffMember, type CreateStaffBody } from '@wfm/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function createStaff(body: CreateStaffBody): Promise<StaffMember> {
  return StaffMember.parse(await api.post('/api/admin/staff', body));
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff() }),
  });
}
