import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminLogoutResponse } from '@wfm/contracts';
import { api } from '../../../lib/api-client.ts';
import { SIGNED_OUT, staffSessionQueryOptions } from '../../../lib/staff-session.ts';

export async function logout(): Promise<AdminLogoutResponse> {
  return AdminLogoutResponse.parse(await api.post('/api/admin/logout'));
}

/** Ends the staff session and forgets every cached admin list. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      const sessionKey = staffSessionQueryOptions().queryKey;
      queryClient.setQueryData(sessionKey, SIGNED_OUT);
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] === 'admin' && query.queryKey[1] !== sessionKey[1],
      });
    },
  });
}
