import { queryOptions, useQuery } from '@tanstack/react-query';
import { PostDetail } from '@wfm/contracts/forum/post-detail';
import { POST_DETAIL_STALE_MS } from '../../../config/constants.ts';
import { api } from '../../../lib/api-client.ts';
import { postKeys } from '../../../lib/post-keys.ts';

export async function getPost(id: number, signal?: AbortSignal): Promise<PostDetail> {
  return PostDetail.parse(await api.get(`/api/posts/${id}`, { signal }));
}

export const postQueryOptions = (id: number) =>
  queryOptions({
    queryKey: postKeys.detail(id),
    queryFn: ({ signal }) => getPost(id, signal),
    staleTime: POST_DETAIL_STALE_MS,
  });

export function usePost(id: number | null) {
  return useQuery({ ...postQueryOptions(id ?? 0), enabled: id !== null });
}
