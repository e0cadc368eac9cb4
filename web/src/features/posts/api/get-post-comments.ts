import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CommentPage } from '@wfm/contracts/forum/comments';
import { api } from '../../../lib/api-client.ts';
import { appendCachedCommentPage } from './post-cache.ts';

/** The comments of a post after `after` (the cursor its detail or the previous page gave). */
export async function getPostComments(postId: number, after: string): Promise<CommentPage> {
  return CommentPage.parse(await api.get(`/api/posts/${postId}/comments?after=${encodeURIComponent(after)}`));
}

/** "Load more comments": fetches the next page and adds it to the post's cached discussion. */
export function useLoadMoreComments(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (after: string) => getPostComments(postId, after),
    onSuccess: (page, after) => appendCachedCommentPage(queryClient, postId, after, page),
  });
}
