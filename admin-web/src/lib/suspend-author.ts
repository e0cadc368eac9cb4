import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export interface SuspendAuthor {
  postId: number;
  duration_ms: number | null;
  reason: string;
}

/** Forum's "suspend the author of this post". */
export async function suspendAuthor({ postId, duration_ms, reason }: SuspendAuthor): Promise<void> {
  await api.post(`/api/admin/posts/${postId}/suspend-author`, { duration_ms, reason });
}

export function useSuspendAuthor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: suspendAuthor, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.suspensions() }) });
}
