import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminSessionResponse } from '@wfm/contracts/admin';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export async function getStaffSession(signal?: AbortSignal): Promise<AdminSessionResponse> {
  return AdminSessionResponse.parse(await api.get('/api/admin/session', { signal }));
}

export const SIGNED_OUT: AdminSessionResponse = { authenticated: false, username: null, role: null };

export const staffSessionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.session(),
    queryFn: ({ signal }) => getStaffSession(signal),
    // Checked again whenever the panel mounts: a session can end at any time.
    staleTime: 0,
  });

/** Who is signed in (`authenticated`, `username`, `role`). */
export function useStaffSession() {
  return useQuery(staffSessionQueryOptions());
}
