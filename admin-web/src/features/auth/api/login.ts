import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminLoginResponse, type AdminLoginBody } from '@wfm/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { staffLoginQueryOptions } from '../../../lib/staff-login.ts';

export async function login(credentials: AdminLoginBody): Promise<AdminLoginResponse> {
  return AdminLoginResponse.parse(await api.post('/api/admin/login', credentials));
}

/** Signs a staff member in; on success the staff login is known without asking again. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ username, role }) => {
      queryClient.setQueryData(staffLoginQueryOptions().queryKey, { authenticated: true, username, role });
    },
  });
}
