import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminUserProfileListResponse } from '@wfm/contracts/identity';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getUserProfiles(signal?: AbortSignal): Promise<AdminUserProfileListResponse> {
  return AdminUserProfileListResponse.parse(await api.get('/api/admin/user-profiles', { signal }));
}

export const userProfilesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.userProfiles(), queryFn: ({ signal }) => getUserProfiles(signal) });

export function useUserProfiles(enabled = true) {
  return useQuery({ ...userProfilesQueryOptions(), enabled });
}
