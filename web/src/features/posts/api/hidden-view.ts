import { useQuery } from '@tanstack/react-query';
import type { PostViewerResponse } from '@wfm/contracts/forum';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { useVisitorToken } from '../../../lib/visitor-token.ts';
import { postViewerQueryOptions } from './accepted-answer.ts';

/**
 * The visitor's own hidden content on a post (issue 26): the hidden post itself and their hidden
 * comments, each with why. Read from the per-visitor viewer answer (never cached by the gateway),
 * after hydration, so the server-rendered page stays the anonymous one.
 */
export function useHiddenView(id: number): PostViewerResponse | undefined {
  const hydrated = useHydrated();
  const token = useVisitorToken().data;
  const viewer = useQuery({ ...postViewerQueryOptions(id, token), enabled: hydrated && Boolean(token), retry: false });
  return hydrated ? viewer.data : undefined;
}
