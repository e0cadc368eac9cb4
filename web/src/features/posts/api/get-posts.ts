import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ListPostsResponse, type CentreSize, type PostChannel, type PostRegion, type PostSort, type PostSummary, type PostType, type WfmPlatform } from '@wfm/contracts/forum/posts';
import { POST_LIST_STALE_MS } from '../../../config/constants.ts';
import { api } from '../../../lib/api-client.ts';
import { postKeys } from '../../../lib/post-keys.ts';

/** What the feed asks the server for; unset and empty values are left out of the call. */
export type PostFilters = {
  type?: PostType;
  sort: PostSort;
  q?: string;
  author_name?: string;
  anon_token?: string;
  /** ms timestamps; end_date is the end of its day. */
  start_date?: number;
  end_date?: number;
  /** Only open Questions without an accepted answer. */
  unanswered?: boolean;
  channel?: PostChannel;
  platform?: WfmPlatform;
  centre_size?: CentreSize;
  region?: PostRegion;
};

export const POSTS_PAGE_SIZE = 20;

export function postsSearchParams(filters: PostFilters, offset = 0): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  params.set('limit', String(POSTS_PAGE_SIZE));
  if (offset > 0) params.set('offset', String(offset));
  return params;
}

export async function getPosts(filters: PostFilters, offset: number, signal?: AbortSignal): Promise<ListPostsResponse> {
  return ListPostsResponse.parse(await api.get(`/api/posts?${postsSearchParams(filters, offset)}`, { signal }));
}

export const postsQueryOptions = (filters: PostFilters) =>
  infiniteQueryOptions({
    queryKey: postKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getPosts(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.posts.length, 0);
      return last.posts.length > 0 && loaded < last.total ? loaded : undefined;
    },
    staleTime: POST_LIST_STALE_MS,
  });

/** The loaded posts (pages joined, each post once) and the server's total. */
export function usePosts(filters: PostFilters, enabled = true) {
  return useInfiniteQuery({
    ...postsQueryOptions(filters),
    enabled,
    select: (data): { posts: PostSummary[]; total: number } => {
      const seen = new Set<number>();
      const posts = data.pages.flatMap((page) => page.posts).filter((post) => !seen.has(post.id) && seen.add(post.id));
      return { posts, total: data.pages.at(-1)?.total ?? 0 };
    },
  });
}
