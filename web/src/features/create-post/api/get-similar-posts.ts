import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SimilarPostsResponse, type SimilarPost } from '@wfm/contracts/forum/posts';
import { api } from '../../../lib/api-client.ts';
import { postKeys } from '../../../lib/post-keys.ts';

/** Titles shorter than this ask nothing (a word or two of letters finds noise). */
export const SIMILAR_MIN_TITLE = 4;

export async function getSimilarPosts(title: string, signal?: AbortSignal): Promise<SimilarPost[]> {
  const res = SimilarPostsResponse.parse(await api.get(`/api/posts/similar?${new URLSearchParams({ title })}`, { signal }));
  return res.posts;
}

/** Posts with titles like `title` (already debounced by the caller); none for short titles. */
export function useSimilarPosts(title: string) {
  const trimmed = title.trim();
  return useQuery({
    queryKey: [...postKeys.all, 'similar', trimmed] as const,
    queryFn: ({ signal }) => getSimilarPosts(trimmed, signal),
    enabled: trimmed.length >= SIMILAR_MIN_TITLE,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
