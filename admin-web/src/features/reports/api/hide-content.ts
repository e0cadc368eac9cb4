import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminHideResponse } from '@wfm/contracts/forum';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface HideTarget {
  kind: 'post' | 'comment';
  id: number;
  hide: boolean;
}

/** Hides a post or comment from everyone but its author (or shows it again); audited by the forum. */
export async function setHidden({ kind, id, hide }: HideTarget): Promise<AdminHideResponse> {
  const area = kind === 'post' ? 'posts' : 'comments';
  return AdminHideResponse.parse(await api.post(`/api/admin/${area}/${id}/${hide ? 'hide' : 'unhide'}`));
}

export function useSetHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setHidden,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.reports() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts() });
    },
  });
}
