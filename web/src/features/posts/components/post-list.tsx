import type { PostSummary } from '@wfm/contracts/forum/posts';
import { Button, buttonClasses, Card, Skeleton } from '@wfm/ui';
import { MessagesSquare, Plus } from '@wfm/ui/icons';
import { Link } from '../../../lib/router.tsx';
import { paths } from '../../../config/paths.ts';
import { PostCard } from './post-card.tsx';

/** The feed shows this many placeholder cards while loading (spec 1 §9). */
export const FEED_SKELETON_CARDS = 5;

export function PostCardSkeleton() {
  return (
    <Card className="grid gap-3 p-5" data-testid="post-skeleton">
      <div className="flex gap-2">
        <Skeleton className="h-5 w-20 rounded-full" />
        <Skeleton className="h-5 w-28" />
      </div>
      <Skeleton className="h-6 w-3/4" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <div className="flex gap-2 pt-2">
        <Skeleton className="h-8 w-14" />
        <Skeleton className="h-8 w-14" />
        <Skeleton className="h-8 w-20" />
      </div>
    </Card>
  );
}

export function FeedSkeleton() {
  return (
    <div className="grid gap-4" role="status" aria-label="Loading posts">
      {Array.from({ length: FEED_SKELETON_CARDS }, (_, i) => (
        <PostCardSkeleton key={i} />
      ))}
    </div>
  );
}

export function EmptyFeed({ message }: { message: string }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid="empty-feed">
      <MessagesSquare className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="text-lg font-semibold">No posts found</p>
      <p className="max-w-prose text-sm text-muted-foreground">{message}</p>
      <Link to={paths.newPost.getHref()} className={buttonClasses({ className: 'mt-2' })}>
        <Plus aria-hidden="true" />
        Create First Post
      </Link>
    </Card>
  );
}

export function PostList({
  posts,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  posts: PostSummary[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  return (
    <div className="grid gap-4">
      <ul className="grid gap-4" aria-label="Posts">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      {hasMore && (
        <Button variant="outline" className="justify-self-center" onClick={onLoadMore} disabled={loadingMore}>
          {loadingMore ? 'Loading...' : 'Load more posts'}
        </Button>
      )}
    </div>
  );
}
