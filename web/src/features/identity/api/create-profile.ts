import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreateProfileResponse } from '@wfm/contracts/identity/api';
import { api, isApiError } from '../../../lib/api-client.ts';
import { storage } from '../../../lib/storage.ts';
import { profileCheckQueryOptions } from './check-profile.ts';
import { userProfileQueryOptions } from '../../../lib/user-profile.ts';

export async function createProfile(username: string): Promise<CreateProfileResponse> {
  return CreateProfileResponse.parse(await api.post('/api/user-profile', { username }));
}

/**
 * Saves the visitor's username. On success (and on 409, which means a profile already exists) the
 * profile check turns true, so onboarding ends; toasts are the caller's.
 */
export function useCreateProfile(anonToken: string) {
  const queryClient = useQueryClient();
  const markProfileExists = () =>
    queryClient.setQueryData(profileCheckQueryOptions(anonToken).queryKey, { hasProfile: true });

  return useMutation({
    mutationFn: createProfile,
    onSuccess: (profile) => {
      storage.setUsername(profile.username);
      queryClient.setQueryData(userProfileQueryOptions(anonToken).queryKey, profile);
      markProfileExists();
    },
    onError: (error) => {
      if (!isApiError(error, 409)) return;
      markProfileExists();
      return queryClient.invalidateQueries({ queryKey: userProfileQueryOptions(anonToken).queryKey });
    },
  });
}
