import type { PostSummary } from '@wfm/contracts/forum';
import { Alert, AlertDescription, AlertTitle, Card } from '@wfm/ui';
import { EyeOff } from '@wfm/ui/icons';
import type { ReactNode } from 'react';
import { LazyMarkdown } from '../../../components/lazy-markdown.tsx';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { useHiddenView } from '../api/hidden-view.ts';
import { PostTypeBadge } from './post-badges.tsx';
import { RelativeTime } from './relative-time.tsx';

function HiddenNotice({ notice, children }: { notice: string; children?: ReactNode }) {
  return (
    <Alert role="status">
      <EyeOff className="size-4" aria-hidden="true" />
      <div className="grid min-w-0 gap-1">
        <AlertTitle>Hidden from other visitors</AlertTitle>
        <AlertDescription>
          {notice}
          {children}
        </AlertDescription>
      </div>
    </Alert>
  );
}

/**
 * A post the public cannot open (404): to its author, when it is hidden, the post with why; to
 * anyone else `fallback`. The server and the hydrating render show `fallback` (the anonymous page);
 * the author's view replaces it once their viewer answer arrives.
 */
export function OwnHiddenPost({ id, fallback }: { id: number; fallback: ReactNode }) {
  const view = useHiddenView(id);
  if (!view?.hidden || !view.hidden_post) return fallback;
  return <HiddenPostCard post={view.hidden_post} notice={view.hidden.notice} />;
}

function HiddenPostCard({ post, notice }: { post: PostSummary; notice: string }) {
  usePageTitle(post.title);
  return (
    <div className="grid gap-4">
      <HiddenNotice notice={notice} />
      <Card className="grid gap-3 p-4 opacity-80 sm:p-6">
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <PostTypeBadge type={post.type} />
          <span>{post.author_name}</span>
          <RelativeTime timestamp={post.created_at} />
        </div>
        <h1 className="break-words text-2xl font-bold">{post.title}</h1>
        <LazyMarkdown className="text-base">{post.body}</LazyMarkdown>
      </Card>
    </div>
  );
}

/** The visitor's own hidden comments on a visible post, each with why (nobody else sees them). */
export function OwnHiddenComments({ postId }: { postId: number }) {
  const view = useHiddenView(postId);
  const comments = view?.own_hidden_comments ?? [];
  if (comments.length === 0) return null;
  return (
    <section aria-label="Your hidden comments" className="grid gap-2">
      {comments.map((comment) => (
        <HiddenNotice key={comment.id} notice={comment.hidden.notice}>
          <blockquote className="mt-2 whitespace-pre-wrap break-words border-l-2 pl-3 text-foreground">{comment.body}</blockquote>
        </HiddenNotice>
      ))}
    </section>
  );
}
