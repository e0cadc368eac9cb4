import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { AdminPostsResponse, type AdminPost, type PostStatus } from '@wfm/contracts/forum';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** Posts per page of the admin list (newest first). */
export const ADMIN_POSTS_PAGE = 100;

export async function getAdminPosts(offset: number, signal?: AbortSignal): Promise<AdminPostsResponse> {
  const query = new URLSearchParams({ limit: String(ADMIN_POSTS_PAGE), offset: String(offset) });
  return AdminPostsResponse.parse(await api.get(`/api/admin/posts?${query}`, { signal }));
}

export const adminPostsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.posts(),
    queryFn: ({ pageParam, signal }) => getAdminPosts(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.posts.length, 0);
      return last.posts.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });

/**
 * The admin post list, shared by the posts tab and the reports tab (which offers Resolve only
 * for a referred post that is still open). `posts` holds every loaded page; `total` counts all.
 */
export function useAdminPosts(enabled = true) {
  const query = useInfiniteQuery({ ...adminPostsQueryOptions(), enabled });
  const posts: AdminPost[] = query.data?.pages.flatMap((page) => page.posts) ?? [];
  const total = query.data?.pages.at(-1)?.total;
  const statusById = new Map<number, PostStatus>(posts.map((post) => [post.id, post.status]));
  return { ...query, posts, total, statusById };
}
