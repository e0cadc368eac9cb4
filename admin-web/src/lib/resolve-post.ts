import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminPostActionResponse } from '@wfm/contracts/forum';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export async function resolvePost(id: number): Promise<AdminPostActionResponse> {
  return AdminPostActionResponse.parse(await api.post(`/api/admin/posts/${id}/resolve`));
}

/** Marks a post resolved (from the posts tab or from a report that refers to it). */
export function useResolvePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolvePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.posts() }),
  });
}
