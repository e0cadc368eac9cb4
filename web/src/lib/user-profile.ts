import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { UserProfileResponse } from '@wfm/contracts/identity/api';
import { PROFILE_RETRIES, PROFILE_STALE_TIME_MS } from '../config/constants.ts';
import { api, isApiError } from './api-client.ts';
import { useVisitorToken } from './visitor-token.ts';
import { storage, useStoredUsername } from './storage.ts';
import { ANONYMOUS } from '@wfm/contracts/shared/common';

/** The visitor's permanent display name; a found username is also stored locally. */
export async function getUserProfile(anonToken: string, signal?: AbortSignal): Promise<UserProfileResponse> {
  const profile = UserProfileResponse.parse(
    await api.get(`/api/user-profile/${encodeURIComponent(anonToken)}`, { signal }),
  );
  if (profile.username) storage.setUsername(profile.username);
  return profile;
}

export const userProfileQueryOptions = (anonToken: string) =>
  queryOptions({
    queryKey: ['user-profile', anonToken],
    queryFn: ({ signal }) => getUserProfile(anonToken, signal),
    staleTime: PROFILE_STALE_TIME_MS,
    // 404 means "no profile yet": an answer, not a failure worth retrying.
    retry: (failures, error) => !isApiError(error, 404) && failures < PROFILE_RETRIES,
  });

export function useUserProfile(anonToken: string | undefined) {
  return useQuery({ ...userProfileQueryOptions(anonToken ?? ''), enabled: Boolean(anonToken) });
}

/**
 * The name the visitor posts under: the profile's username, else the stored one, else ANONYMOUS.
 * `isLoading` while the session or the profile lookup is still on its way.
 */
export function useDisplayName(): { isLoading: boolean; username: string | null; displayName: string } {
  const session = useVisitorToken();
  const anonToken = session.data;
  const profile = useUserProfile(anonToken);
  const stored = useStoredUsername();

  useEffect(() => {
    if (profile.isError) console.warn('Could not fetch the permanent display name; using the stored username.');
  }, [profile.isError]);

  const isLoading = session.isPending || (Boolean(anonToken) && profile.isPending);
  const username = profile.data?.username ?? stored;
  return { isLoading, username, displayName: username ?? ANONYMOUS };
}
