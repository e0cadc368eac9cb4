import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Comment } from '@wfm/contracts/forum/comments';
import { AuthorDeleteResponse, PostSummary, type EditPostBody } from '@wfm/contracts/forum/posts';
import { api } from '../../../lib/api-client.ts';
import { postKeys } from '../../../lib/post-keys.ts';
import { useVisitorToken } from '../../../lib/visitor-token.ts';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { postViewerQueryOptions } from './accepted-answer.ts';

/**
 * What this visitor wrote on the post (issue 26): only after hydration, so the server-rendered page
 * and the hydrating render are the same anonymous markup.
 */
export function useAuthorship(id: number): { ownPost: boolean; ownComments: ReadonlySet<number> } {
  const hydrated = useHydrated();
  const token = useVisitorToken().data;
  const viewer = useQuery({ ...postViewerQueryOptions(id, token), enabled: hydrated && Boolean(token) });
  if (!hydrated || !viewer.data) return { ownPost: false, ownComments: new Set() };
  return { ownPost: viewer.data.can_edit, ownComments: new Set(viewer.data.own_comment_ids) };
}

/** Everything cached about the post is refetched after a change (detail, viewer, lists). */
function useRefresh(postId: number) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: postKeys.detail(postId) });
    await queryClient.invalidateQueries({ queryKey: postKeys.lists() });
  };
}

export function useEditPost(postId: number) {
  const refresh = useRefresh(postId);
  return useMutation({
    mutationFn: async (edit: EditPostBody) => PostSummary.parse(await api.patch(`/api/posts/${postId}`, edit)),
    onSuccess: refresh,
  });
}

export function useDeletePost(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => AuthorDeleteResponse.parse(await api.delete(`/api/posts/${postId}`)),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: postKeys.detail(postId) });
      await queryClient.invalidateQueries({ queryKey: postKeys.lists() });
    },
  });
}

export function useEditComment(postId: number) {
  const refresh = useRefresh(postId);
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: string }) => Comment.parse(await api.patch(`/api/comments/${id}`, { body })),
    onSuccess: refresh,
  });
}

export function useDeleteComment(postId: number) {
  const refresh = useRefresh(postId);
  return useMutation({
    mutationFn: async (id: number) => AuthorDeleteResponse.parse(await api.delete(`/api/comments/${id}`)),
    onSuccess: refresh,
  });
}
