import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PostDetail } from '@wfm/contracts/forum/post-detail';
import { AcceptedAnswerResponse, PostViewerResponse } from '@wfm/contracts/forum/posts';
import { api } from '../../../lib/api-client.ts';
import { postKeys } from '../../../lib/post-keys.ts';
import { useVisitorToken } from '../../../lib/visitor-token.ts';
import { setCachedAcceptedAnswer } from './post-cache.ts';

/** What the visitor may do on the post (accept an answer); per visitor, so keyed by the token too. */
export const postViewerQueryOptions = (id: number, token: string | undefined) =>
  queryOptions({
    queryKey: [...postKeys.detail(id), 'viewer', token ?? ''] as const,
    queryFn: async ({ signal }) => PostViewerResponse.parse(await api.get(`/api/posts/${id}/viewer`, { signal })),
  });

/** True once the server says this visitor asked the Question (false while unknown or on failure). */
export function useCanAcceptAnswer(id: number, type: PostDetail['type']): boolean {
  const token = useVisitorToken().data;
  const viewer = useQuery({ ...postViewerQueryOptions(id, token), enabled: type === 'Question' && Boolean(token) });
  return viewer.data?.can_accept_answer ?? false;
}

/** Marks (a comment id) or clears (null) the accepted answer, and shows it at once wherever the post is cached. */
export function useSetAcceptedAnswer(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (commentId: number | null) =>
      AcceptedAnswerResponse.parse(
        commentId === null
          ? await api.delete(`/api/posts/${postId}/accepted-answer`)
          : await api.put(`/api/posts/${postId}/accepted-answer`, { comment_id: commentId }),
      ),
    onSuccess: ({ accepted_comment_id: acceptedId }) => setCachedAcceptedAnswer(queryClient, postId, acceptedId),
  });
}
