import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Comment, ListPostsResponse, PostDetail, PostSummary } from '@wfm/contracts';
import { postKeys } from '../../../lib/post-keys.ts';

function updateListedPost(queryClient: QueryClient, id: number, change: (post: PostSummary) => PostSummary): void {
  queryClient.setQueriesData<InfiniteData<ListPostsResponse>>({ queryKey: postKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            posts: page.posts.map((post) => (post.id === id ? change(post) : post)),
          })),
        }
      : data,
  );
}

/** Puts the post's new upvote count wherever it is cached: loaded feed pages and its detail. */
export function setCachedUpvotes(queryClient: QueryClient, id: number, upvotes: number): void {
  updateListedPost(queryClient, id, (post) => ({ ...post, upvotes }));
  queryClient.setQueryData<PostDetail>(postKeys.detail(id), (post) => (post ? { ...post, upvotes } : post));
}

/**
 * Adds the comment to its post's cached discussion unless it is already there (the poster's own
 * answer and the live update both bring it), and counts it on the feed's copy of the post.
 */
export function appendCachedComment(queryClient: QueryClient, comment: Comment): void {
  let added = false;
  queryClient.setQueryData<PostDetail>(postKeys.detail(comment.post_id), (post) => {
    if (!post || post.comments.some((c) => c.id === comment.id)) return post;
    added = true;
    return { ...post, comments: [...post.comments, comment], comment_count: post.comments.length + 1 };
  });
  if (added) updateListedPost(queryClient, comment.post_id, (post) => ({ ...post, comment_count: post.comment_count + 1 }));
}
