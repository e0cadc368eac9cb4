import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreateCommentResponse, type CreateCommentBody } from '@wfm/contracts/forum/comments';
import { api } from '../../../lib/api-client.ts';
import { postKeys } from '../../../lib/post-keys.ts';
import { appendCachedComment } from './post-cache.ts';

/** The comment; `held` (with the server's `message`) when it waits for review and is not in the thread yet. */
export async function createComment(body: CreateCommentBody): Promise<CreateCommentResponse> {
  return CreateCommentResponse.parse(await api.post('/api/comments', body));
}

export function useCreateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createComment,
    onSuccess: ({ held, message: _message, ...comment }) => {
      if (!held) appendCachedComment(queryClient, comment);
      // The viewer answer lists the visitor's own comments (Edit and Delete on them).
      if (!held) void queryClient.invalidateQueries({ queryKey: [...postKeys.detail(comment.post_id), 'viewer'] });
    },
  });
}
