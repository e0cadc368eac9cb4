import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminLoginResponse, type AdminLoginBody } from '@wfm/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { staffSessionQueryOptions } from '../../../lib/staff-session.ts';

export async function login(credentials: AdminLoginBody): Promise<AdminLoginResponse> {
  return AdminLoginResponse.parse(await api.post('/api/admin/login', credentials));
}

/** Signs a staff member in; on success the session is known without asking again. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ username, role }) => {
      queryClient.setQueryData(staffSessionQueryOptions().queryKey, { authenticated: true, username, role });
    },
  });
}
