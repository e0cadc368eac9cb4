import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CreateRecoveryPhraseResponse,
  RecoverSessionResponse,
  RecoveryPhraseStatusResponse,
} from '@wfm/contracts/identity/api';
import { api } from '../../../lib/api-client.ts';
import { visitorTokenQueryOptions } from '../../../lib/visitor-token.ts';
import { storage } from '../../../lib/storage.ts';
import { userProfileQueryOptions } from '../../../lib/user-profile.ts';
import { profileCheckQueryOptions } from './check-profile.ts';

/** A new recovery phrase for the visitor (any earlier one stops working); shown once. */
export async function createRecoveryPhrase(): Promise<CreateRecoveryPhraseResponse> {
  return CreateRecoveryPhraseResponse.parse(await api.post('/api/user-profile/recovery-phrase'));
}

export const recoveryStatusQueryOptions = (anonToken: string) =>
  queryOptions({
    queryKey: ['recovery-phrase', anonToken],
    queryFn: async ({ signal }) =>
      RecoveryPhraseStatusResponse.parse(await api.get('/api/user-profile/recovery-phrase', { signal })),
  });

export function useRecoveryStatus(anonToken: string | undefined) {
  return useQuery({ ...recoveryStatusQueryOptions(anonToken ?? ''), enabled: Boolean(anonToken) });
}

export function useCreateRecoveryPhrase(anonToken: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecoveryPhrase,
    onSuccess: (created) =>
      queryClient.setQueryData(recoveryStatusQueryOptions(anonToken).queryKey, {
        has_phrase: true,
        created_at: created.created_at,
      }),
  });
}

/**
 * "I already have a username": the phrase brings back the visitor's own token. This device then
 * is that visitor (username, My Posts, votes); the token it had before is simply left behind.
 */
export function useRecoverSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (phrase: string) =>
      RecoverSessionResponse.parse(await api.post('/api/session/recover', { phrase })),
    onSuccess: async ({ anon_token, username }) => {
      storage.setAnonToken(anon_token);
      storage.setUsername(username);
      queryClient.setQueryData(profileCheckQueryOptions(anon_token).queryKey, { hasProfile: true });
      queryClient.setQueryData(visitorTokenQueryOptions().queryKey, anon_token);
      // Everything read with the old token (My Posts, votes, the bell) is read again.
      await queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'user-profile-check',
      });
      void queryClient.invalidateQueries({ queryKey: userProfileQueryOptions(anon_token).queryKey });
    },
  });
}
