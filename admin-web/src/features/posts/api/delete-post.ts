import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AdminPostActionResponse } from '@wfm/contracts/forum';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function deletePost(id: number): Promise<AdminPostActionResponse> {
  return AdminPostActionResponse.parse(await api.post(`/api/admin/posts/${id}/delete`));
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.posts() }),
        // Reports show the reported post's title, which a deletion clears.
        queryClient.invalidateQueries({ queryKey: queryKeys.reports() }),
      ]),
  });
}
