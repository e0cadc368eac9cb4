import { queryOptions, useQuery } from '@tanstack/react-query';
import { CheckUsernameResponse } from '@wfm/contracts/identity/api';
import { api } from '../../../lib/api-client.ts';

export async function checkUsername(username: string, signal?: AbortSignal): Promise<CheckUsernameResponse> {
  return CheckUsernameResponse.parse(await api.post('/api/user-profile/check-username', { username }, { signal }));
}

export const usernameAvailabilityQueryOptions = (username: string) =>
  queryOptions({
    queryKey: ['username-available', username],
    queryFn: ({ signal }) => checkUsername(username, signal),
    // Names get taken by others: ask again whenever the same name comes back.
    staleTime: 0,
  });

export function useUsernameAvailability(username: string, enabled: boolean) {
  return useQuery({ ...usernameAvailabilityQueryOptions(username), enabled });
}
