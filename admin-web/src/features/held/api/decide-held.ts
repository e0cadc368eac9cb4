import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminHeldActionResponse, type HeldService } from '@wfm/contracts/shared';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface HeldDecision {
  service: HeldService;
  /** The queue entry's id. */
  id: number;
  decision: 'release' | 'delete';
}

export async function decideHeld({ service, id, decision }: HeldDecision): Promise<AdminHeldActionResponse> {
  return AdminHeldActionResponse.parse(await api.post(`/api/admin/held/${service}/${id}/${decision}`));
}

/** Release publishes the write (so the lists of posts, polls and tools change too); delete drops it. */
export function useDecideHeld() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideHeld,
    onSuccess: (_answer, { service, decision }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.held(service) }),
        ...(decision === 'release'
          ? [queryKeys.posts(), queryKeys.polls(), queryKeys.tools()].map((queryKey) => queryClient.invalidateQueries({ queryKey }))
          : []),
      ]),
  });
}
