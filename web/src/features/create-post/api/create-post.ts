import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatePostResponse, type CreatePostBody } from '@wfm/contracts/forum/posts';
import { api } from '../../../lib/api-client.ts';
import { postKeys } from '../../../lib/post-keys.ts';

export async function createPost(body: CreatePostBody): Promise<CreatePostResponse> {
  return CreatePostResponse.parse(await api.post('/api/posts', body));
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.lists() }),
  });
}
