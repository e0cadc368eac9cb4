import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminLogoutResponse } from '@wfm/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { isStaffData } from '../../../lib/query-keys.ts';
import { SIGNED_OUT, staffLoginQueryOptions } from '../../../lib/staff-login.ts';

export async function logout(): Promise<AdminLogoutResponse> {
  return AdminLogoutResponse.parse(await api.post('/api/admin/logout'));
}

/** Ends the staff login and forgets every cached admin list. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.setQueryData(staffLoginQueryOptions().queryKey, SIGNED_OUT);
      queryClient.removeQueries({ predicate: isStaffData });
    },
  });
}
