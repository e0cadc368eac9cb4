import { createApiClient } from '@wfm/ui';
import { takeInitialAnswer } from './initial-data.ts';
import { fetchAnsweringProofOfWork } from './proof-of-work.ts';
import { storage } from './storage.ts';

export { ApiError, isApiError } from '@wfm/ui';

const client = createApiClient({
  // Every call: a write or a new token past the address's budget is answered in the background.
  fetch: fetchAnsweringProofOfWork,
  headers: (): Record<string, string> => {
    const token = storage.getAnonToken();
    return token ? { 'x-anon-token': token } : {};
  },
});

/** Answers every GET while the server renders a page (entry-server.tsx); unset in the browser. */
let serverRead: ((path: string) => Promise<unknown>) | undefined;

/** The server renderer's reads (entry-server.tsx): through the gateway's read cache, not fetch. */
export function setServerRead(read: (path: string) => Promise<unknown>): void {
  serverRead = read;
}

/**
 * Calls to the gateway, with `x-anon-token` whenever the visitor has a token. A GET that the
 * server-rendered page already answered (app/initial-data.ts) is answered from the page, once.
 */
export const api: typeof client = {
  ...client,
  get: (path, options) => {
    if (serverRead) return serverRead(path) as ReturnType<typeof client.get>;
    const answer = takeInitialAnswer(path);
    return answer === undefined ? client.get(path, options) : Promise.resolve(answer);
  },
};
