import { queryOptions, useQuery } from '@tanstack/react-query';
import { StaffLoginStatus } from '@wfm/contracts/admin';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** Who is signed in: the staff login behind the cookie (`GET /api/admin/session`, the spec's path). */
export async function getStaffLogin(signal?: AbortSignal): Promise<StaffLoginStatus> {
  return StaffLoginStatus.parse(await api.get('/api/admin/session', { signal }));
}

export const SIGNED_OUT: StaffLoginStatus = { authenticated: false, username: null, role: null };

export const staffLoginQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.login(),
    queryFn: ({ signal }) => getStaffLogin(signal),
    // Checked again whenever the panel mounts: a staff login can end at any time.
    staleTime: 0,
  });

/** Who is signed in (`authenticated`, `username`, `role`). */
export function useStaffLogin() {
  return useQuery(staffLoginQueryOptions());
}
