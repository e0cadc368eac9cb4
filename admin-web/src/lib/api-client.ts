import { createApiClient } from '@wfm/ui';

export { ApiError, errorMessage, isApiError } from '@wfm/ui';

/** Calls to the gateway with the staff login cookie. */
export const api = createApiClient();
