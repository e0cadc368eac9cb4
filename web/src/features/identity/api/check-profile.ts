import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProfileCheckResponse } from '@wfm/contracts/identity/api';
import { PROFILE_CHECK_MAX_BACKOFF_MS, PROFILE_CHECK_RETRIES } from '../../../config/constants.ts';
import { api } from '../../../lib/api-client.ts';

export async function checkProfile(anonToken: string, signal?: AbortSignal): Promise<ProfileCheckResponse> {
  return ProfileCheckResponse.parse(
    await api.get(`/api/user-profile/check/${encodeURIComponent(anonToken)}`, { signal }),
  );
}

/** Exponential backoff from 1 s, capped. */
export function profileCheckRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, PROFILE_CHECK_MAX_BACKOFF_MS);
}

export const profileCheckQueryOptions = (anonToken: string) =>
  queryOptions({
    queryKey: ['user-profile-check', anonToken],
    queryFn: ({ signal }) => checkProfile(anonToken, signal),
    retry: PROFILE_CHECK_RETRIES,
    retryDelay: profileCheckRetryDelay,
  });

export function useProfileCheck(anonToken: string | undefined) {
  return useQuery({ ...profileCheckQueryOptions(anonToken ?? ''), enabled: Boolean(anonToken) });
}
