import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Comment, CommentPage } from '@wfm/contracts/forum/comments';
import type { PostDetail } from '@wfm/contracts/forum/post-detail';
import type { ListPostsResponse, PostSummary } from '@wfm/contracts/forum/posts';
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

/** Discussion order: oldest first, ties by id (as the server pages them). */
const byDiscussionOrder = (a: Comment, b: Comment) => a.created_at - b.created_at || a.id - b.id;

/**
 * Adds the comment to its post's cached discussion unless it is already there (the poster's own
 * answer and the live update both bring it), and counts it on the feed's copy of the post. With
 * pages still to load, it goes after them in order (the list shows it below "Load more comments").
 */
export function appendCachedComment(queryClient: QueryClient, comment: Comment): void {
  let added = false;
  queryClient.setQueryData<PostDetail>(postKeys.detail(comment.post_id), (post) => {
    if (!post || post.comments.some((c) => c.id === comment.id)) return post;
    added = true;
    return {
      ...post,
      comments: [...post.comments, comment].sort(byDiscussionOrder),
      comment_count: post.comment_count + 1,
    };
  });
  if (added) updateListedPost(queryClient, comment.post_id, (post) => ({ ...post, comment_count: post.comment_count + 1 }));
}

/**
 * Adds a page fetched with the cursor `after` to the post's cached discussion: comments already
 * there (arrived live) are kept once, and the cursor moves on. A page for a cursor the cache no
 * longer holds (the detail was refetched meanwhile) is dropped.
 */
export function appendCachedCommentPage(queryClient: QueryClient, postId: number, after: string, page: CommentPage): void {
  queryClient.setQueryData<PostDetail>(postKeys.detail(postId), (post) => {
    if (!post || post.comments_next_cursor !== after) return post;
    const known = new Set(post.comments.map((c) => c.id));
    const comments = [...post.comments, ...page.comments.filter((c) => !known.has(c.id))].sort(byDiscussionOrder);
    return { ...post, comments, comments_next_cursor: page.next_cursor };
  });
}

/**
 * Puts the post's new accepted answer wherever it is cached (its detail, loaded feed pages). No
 * refetch here: the gateway may still hold the old page until forum.post.updated drops it, and that
 * same event reaches this page over the websocket (post_updated) and refetches then.
 */
export function setCachedAcceptedAnswer(queryClient: QueryClient, id: number, acceptedId: number | null): void {
  updateListedPost(queryClient, id, (post) => ({ ...post, accepted_comment_id: acceptedId }));
  queryClient.setQueryData<PostDetail>(postKeys.detail(id), (post) =>
    post
      ? {
          ...post,
          accepted_comment_id: acceptedId,
          accepted_answer: acceptedId === null ? null : (post.comments.find((c) => c.id === acceptedId) ?? post.accepted_answer),
        }
      : post,
  );
}
