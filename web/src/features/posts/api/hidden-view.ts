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
export function useHiddenView(id: number): { settled: boolean; view: PostViewerResponse | undefined } {
  const hydrated = useHydrated();
  const token = useVisitorToken();
  const enabled = hydrated && Boolean(token.data);
  const viewer = useQuery({ ...postViewerQueryOptions(id, token.data), enabled, retry: false });
  const settled = hydrated && !token.isPending && (!enabled || !viewer.isPending);
  return { settled, view: viewer.data };
}
