import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Comment, type CreateCommentBody } from '@wfm/contracts/forum';
import { api } from '../../../lib/api-client.ts';
import { appendCachedComment } from './post-cache.ts';

export async function createComment(body: CreateCommentBody): Promise<Comment> {
  return Comment.parse(await api.post('/api/comments', body));
}

export function useCreateComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createComment,
    onSuccess: (comment) => appendCachedComment(queryClient, comment),
  });
}
