import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminUserProfile, type UpdateUserProfileBody } from '@wfm/contracts/identity';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function updateUserProfile({ id, body }: { id: number; body: UpdateUserProfileBody }): Promise<AdminUserProfile> {
  return AdminUserProfile.parse(await api.put(`/api/admin/user-profiles/${id}`, body));
}

export function useUpdateUserProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.userProfiles() }),
  });
}
