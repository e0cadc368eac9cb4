import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeleteSessionResponse } from '@wfm/contracts/identity/api';
import { api, isApiError } from '../../../lib/api-client.ts';
import { startFreshVisitorToken } from '../../../lib/visitor-token.ts';
import { storage } from '../../../lib/storage.ts';

/**
 * DELETE /api/session: the server ends the stored token (every service then refuses it). A 401
 * means the server no longer knows the token (already ended, or never issued): nothing is left to
 * end, so that counts as done too.
 */
export async function revokeSession(): Promise<DeleteSessionResponse> {
  if (!storage.getAnonToken()) return { revoked: false };
  try {
    return DeleteSessionResponse.parse(await api.delete('/api/session'));
  } catch (error) {
    if (isApiError(error, 401)) return { revoked: false };
    throw error;
  }
}

/**
 * "Forget this device": ends the token on the server, then clears the stored token and username
 * and starts a new anonymous session. When the server cannot be reached nothing is cleared, so the
 * visitor can try again rather than leave a live token behind unknowingly.
 */
export function useForgetDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const result = await revokeSession();
      await startFreshVisitorToken(queryClient);
      return result;
    },
  });
}
