import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UpvoteResponse } from '@wfm/contracts/forum/posts';
import { api } from '../../../lib/api-client.ts';
import { setCachedUpvotes } from './post-cache.ts';

export async function upvotePost(id: number): Promise<UpvoteResponse> {
  return UpvoteResponse.parse(await api.post(`/api/posts/${id}/upvote`));
}

export function useUpvotePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upvotePost,
    onSuccess: ({ upvotes }, id) => setCachedUpvotes(queryClient, id, upvotes),
  });
}
