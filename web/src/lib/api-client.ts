import { createApiClient } from '@wfm/ui';
import { storage } from './storage.ts';

export { ApiError, isApiError } from '@wfm/ui';

/** Calls to the gateway, with `x-anon-token` whenever the visitor has a token. */
export const api = createApiClient({
  headers: (): Record<string, string> => {
    const token = storage.getAnonToken();
    return token ? { 'x-anon-token': token } : {};
  },
});
