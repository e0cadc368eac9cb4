import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { CreateSessionResponse, isAnonTokenFormat } from '@wfm/contracts/identity/api';
import { VISITOR_TOKEN_SETTLE_DELAY_MS } from '../config/constants.ts';
import { useHydrated } from '../hooks/use-hydrated.ts';
import { api, isApiError } from './api-client.ts';
import { storage } from './storage.ts';

export const VISITOR_TOKEN_ERROR_MESSAGE = 'Failed to create session token';

export async function issueVisitorToken(): Promise<CreateSessionResponse> {
  return CreateSessionResponse.parse(await api.post('/api/session'));
}

/**
 * The visitor's anonymous token: the stored one, or a new session (then a short pause, then the
 * token and any generated username are stored).
 */
export async function ensureVisitorToken(): Promise<string> {
  const stored = storage.getAnonToken();
  if (stored && isAnonTokenFormat(stored)) return stored;
  // A token of the old format (no signature) is no visitor any more: start over with a new one.
  if (stored) storage.forgetVisitorToken();
  let session: CreateSessionResponse;
  try {
    session = await issueVisitorToken();
  } catch (cause) {
    throw new Error(VISITOR_TOKEN_ERROR_MESSAGE, { cause });
  }
  await new Promise((resolve) => setTimeout(resolve, VISITOR_TOKEN_SETTLE_DELAY_MS));
  storage.setAnonToken(session.anon_token);
  if (session.username) storage.setUsername(session.username);
  return session.anon_token;
}

export const visitorTokenQueryOptions = () =>
  queryOptions({ queryKey: ['visitor-token'], queryFn: ensureVisitorToken, staleTime: Infinity });

/**
 * A write answered 401 means the server does not (or no longer) know the stored token (revoked,
 * or not one identity issued): it is dropped and a new session is created, so the visitor is not stuck.
 */
export function resetVisitorTokenOnUnauthorized(queryClient: QueryClient, error: unknown): void {
  if (!isApiError(error, 401) || !storage.getAnonToken()) return;
  storage.forgetVisitorToken();
  void queryClient.resetQueries({ queryKey: ['visitor-token'] });
}

/**
 * "Forget this device": drops the stored token and username, makes a new anonymous session (the
 * shell's session query asks for one), then resets every other query, so nothing the previous
 * visitor saw (My Posts, votes, their questions, replies) stays on screen or in the cache.
 */
export async function startFreshVisitorToken(queryClient: QueryClient): Promise<string> {
  storage.forgetVisitorToken();
  await queryClient.resetQueries({ queryKey: visitorTokenQueryOptions().queryKey });
  const token = await queryClient.ensureQueryData(visitorTokenQueryOptions());
  await queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== visitorTokenQueryOptions().queryKey[0] });
  return token;
}

/**
 * The visitor's session token. Pending while React hydrates a server-rendered page (the server
 * rendered it for no visitor): a token the browser already has would otherwise change the markup
 * mid-hydration (hooks/use-hydrated.ts).
 */
export function useVisitorToken() {
  const hydrated = useHydrated();
  const query = useQuery(visitorTokenQueryOptions());
  return hydrated ? query : ({ ...query, data: undefined, status: 'pending', isPending: true, isSuccess: false, isError: false, error: null } as typeof query);
}
