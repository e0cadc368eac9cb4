import { PostUpvotedEvent } from '@wfm/contracts/forum/events';
import { Comment } from '@wfm/contracts/forum/comments';
import { type PostDetail as PostDetailData } from '@wfm/contracts/forum/post-detail';
import { Button, buttonClasses, Card, Skeleton, toast } from '@wfm/ui';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Download, Flag, MessageSquare, Trash2 } from '@wfm/ui/icons';
import { useState, type ReactNode } from 'react';
import { Link } from '../../../lib/router.tsx';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { LazyMarkdown } from '../../../components/lazy-markdown.tsx';
import { paths } from '../../../config/paths.ts';
import { usePageTitle } from '../../../hooks/use-page-title.ts';
import { postKeys } from '../../../lib/post-keys.ts';
import { refetchIfInFlight } from '../../../lib/live-query-data.ts';
import { useRealtimeEvent } from '../../../lib/realtime-context.tsx';
import { errorToast } from '../../../lib/error-toast.ts';
import { useCanAcceptAnswer, useSetAcceptedAnswer } from '../api/accepted-answer.ts';
import { useAuthorship } from '../api/author-edits.ts';
import { EditedMarker, PostAuthorActions } from './author-actions.tsx';
import { usePost } from '../api/get-post.ts';
import { useLoadMoreComments } from '../api/get-post-comments.ts';
import { appendCachedComment, setCachedUpvotes } from '../api/post-cache.ts';
import { downloadText, exportFileName, exportMarkdown } from '../utils/export.ts';
import { postTags, toolLinks, uploadedAttachments } from '../utils/post-fields.ts';
import { CommentForm } from './comment-form.tsx';
import { OwnHiddenComments, OwnHiddenPost } from './hidden-content.tsx';
import { AcceptedAnswerBadge, CommentList, DELETED_BY_AUTHOR } from './comment-list.tsx';
import { PostAttachments } from './post-attachments.tsx';
import { PostStatusBadges, PostTypeBadge } from './post-badges.tsx';
import { RelativeTime } from './relative-time.tsx';
import { ShareButton } from './share-button.tsx';
import { ToolLink } from './tool-link.tsx';
import { UpvoteButton } from './upvote-button.tsx';
import { WfmChips } from './wfm-chips.tsx';

/** Fetched when first opened: the report form (and its select) is no part of the post page's first download. */
const ReportDialog = lazyDialog(async () => (await import('./report-dialog.tsx')).ReportDialog);

/** A post id in the address must be a positive integer. */
export function parsePostId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9][0-9]*$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

function BackHome() {
  return (
    <Link to={paths.home.getHref()} className={buttonClasses({ variant: 'outline' })}>
      <ArrowLeft aria-hidden="true" />
      Back to Home
    </Link>
  );
}

function Problem({ title, text }: { title: string; text: string }) {
  usePageTitle(title);
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      <BackHome />
    </Card>
  );
}

function DetailSkeleton() {
  return (
    <Card className="grid gap-4 p-6" role="status" aria-label="Loading post">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-8 w-3/4" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-2/3" />
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h2 className="text-sm font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** Action labels stay readable by screen readers but leave only icons on the narrowest screens. */
const PHONE_ICON_ONLY = 'max-[420px]:sr-only';

/** Issue 26: a post its author deleted under others' comments keeps its page with nothing of the post. */
function DeletedPostBody({ post }: { post: PostDetailData }) {
  usePageTitle('Deleted post');
  return (
    <Card className="grid gap-3 p-4 sm:p-6" data-testid="deleted-post">
      <article className="grid gap-3" aria-labelledby="post-title">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <PostTypeBadge type={post.type} />
          <RelativeTime timestamp={post.created_at} />
        </div>
        <h1 id="post-title" className="flex items-center gap-2 text-xl font-semibold italic text-muted-foreground">
          <Trash2 className="size-5 shrink-0" aria-hidden="true" />
          {DELETED_BY_AUTHOR}
        </h1>
        <p className="text-sm text-muted-foreground">The discussion below stays readable; it takes no new comments.</p>
      </article>
    </Card>
  );
}

function PostBody({ post, own }: { post: PostDetailData; own: boolean }) {
  const [reporting, setReporting] = useState(false);
  const tags = postTags(post);
  const tools = toolLinks(post);
  usePageTitle(post.title);

  return (
    <Card className="grid gap-5 p-4 sm:p-6">
      <article className="grid gap-5" aria-labelledby="post-title">
        <div className="grid gap-3">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
            <PostTypeBadge type={post.type} />
            <PostStatusBadges post={post} />
            <span className="inline-flex min-w-0 items-center gap-2">
              <RelativeTime timestamp={post.created_at} className="shrink-0" />
              <span aria-hidden="true">•</span>
              <span className="truncate font-medium text-foreground/80">{post.author_name}</span>
            </span>
            <EditedMarker editedAt={post.edited_at} />
          </div>
          <h1 id="post-title" className="text-2xl font-bold leading-tight break-words">
            {post.title}
          </h1>
          {tags.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
              {tags.map((tag) => (
                <li key={tag} className="tag">
                  #{tag}
                </li>
              ))}
            </ul>
          )}
          <WfmChips post={post} />
        </div>

        {tools.length > 0 && (
          <Section title="Recommended Tools">
            <ul className="grid gap-1.5">
              {tools.map((tool) => (
                <li key={tool.url}>
                  <ToolLink link={tool} className="inline-flex max-w-full gap-1.5 text-sm" iconClassName="size-4" />
                </li>
              ))}
            </ul>
          </Section>
        )}

        <PostAttachments files={uploadedAttachments(post)} />

        <LazyMarkdown className="text-base">{post.body}</LazyMarkdown>

        <div className="flex flex-wrap items-center gap-1 border-t border-border pt-3 [&>*:first-child]:-ml-2">
          <UpvoteButton postId={post.id} upvotes={post.upvotes} />
          <span className="inline-flex h-8 items-center gap-2 px-3 text-xs" aria-label={`${post.comment_count} comments`}>
            <MessageSquare className="size-4" aria-hidden="true" />
            <span className="tabular-nums" data-testid="comment-count">
              {post.comment_count}
            </span>
          </span>
          <ShareButton post={post} labelClassName={PHONE_ICON_ONLY} />
          <Button variant="ghost" size="sm" onClick={() => downloadText(exportFileName(post.title), exportMarkdown(post))}>
            <Download aria-hidden="true" />
            <span className={PHONE_ICON_ONLY}>Export</span>
          </Button>
          {own && <PostAuthorActions post={post} labelClassName={PHONE_ICON_ONLY} />}
          <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" onClick={() => setReporting(true)}>
            <Flag aria-hidden="true" />
            <span className={PHONE_ICON_ONLY}>Report</span>
          </Button>
        </div>
      </article>
      <ReportDialog postId={post.id} open={reporting} onOpenChange={setReporting} />
    </Card>
  );
}

/** Issue 16: what the asker's accept and clear buttons do, with toasts. */
function useAnswerChoice(post: PostDetailData) {
  const canAccept = useCanAcceptAnswer(post.id, post.type);
  const setAccepted = useSetAcceptedAnswer(post.id);
  const choose = (commentId: number | null) =>
    setAccepted.mutate(commentId, {
      onSuccess: () => toast({ title: commentId === null ? 'Accepted answer cleared' : 'Answer accepted', description: commentId === null ? undefined : 'It is now pinned under your question.' }),
      onError: (error) => toast(errorToast('Could not update the accepted answer', error, 'Please try again.')),
    });
  return { canAccept, pending: setAccepted.isPending, choose };
}

/** The accepted answer, pinned under the question (issue 16); the asker can clear it here. */
function AcceptedAnswer({ post, choice }: { post: PostDetailData; choice: ReturnType<typeof useAnswerChoice> }) {
  const answer = post.accepted_answer;
  if (!answer) return null;
  return (
    <Card className="grid gap-3 border-emerald-500/50 p-4 sm:p-6">
      <section aria-labelledby="accepted-answer-heading" className="grid gap-3" data-testid="accepted-answer">
        <h2 id="accepted-answer-heading" className="sr-only">
          Accepted answer
        </h2>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <AcceptedAnswerBadge />
          <span className="font-semibold text-foreground">{answer.author_name}</span>
          <RelativeTime timestamp={answer.created_at} />
          {choice.canAccept && (
            <Button variant="ghost" size="sm" className="ml-auto h-7" disabled={choice.pending} onClick={() => choice.choose(null)}>
              Clear accepted answer
            </Button>
          )}
        </div>
        <LazyMarkdown>{answer.body}</LazyMarkdown>
      </section>
    </Card>
  );
}

function Discussion({ post, choice, own }: { post: PostDetailData; choice: ReturnType<typeof useAnswerChoice>; own: ReadonlySet<number> }) {
  const loadMore = useLoadMoreComments(post.id);
  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <section aria-labelledby="discussion-heading" className="grid gap-4">
        <h2 id="discussion-heading" className="flex items-center gap-2 text-lg font-semibold">
          <MessageSquare className="size-5" aria-hidden="true" />
          Discussion ({post.comment_count})
        </h2>
        {!post.deleted && <CommentForm postId={post.id} />}
        <CommentList
          comments={post.comments}
          more={{
            cursor: post.comments_next_cursor,
            loading: loadMore.isPending,
            failed: loadMore.isError,
            load: (cursor) => loadMore.mutate(cursor),
          }}
          answer={{
            acceptedId: post.accepted_comment_id,
            onAccept: choice.canAccept ? (commentId) => choice.choose(commentId) : undefined,
            pending: choice.pending,
          }}
          own={own}
        />
      </section>
    </Card>
  );
}

/** Keeps the open post current: new comments appended, upvote counts updated, changes refetched. */
function useLivePost(id: number) {
  const queryClient = useQueryClient();
  useRealtimeEvent('new_comment', (data) => {
    const comment = Comment.safeParse(data);
    if (!comment.success || comment.data.post_id !== id) return;
    appendCachedComment(queryClient, comment.data);
    refetchIfInFlight(queryClient, postKeys.detail(id));
  });
  useRealtimeEvent('upvote', (data) => {
    const upvote = PostUpvotedEvent.safeParse(data);
    if (!upvote.success || upvote.data.post_id !== id) return;
    setCachedUpvotes(queryClient, id, upvote.data.upvotes);
    refetchIfInFlight(queryClient, postKeys.detail(id));
  });
  useRealtimeEvent('post_updated', (data) => {
    if (data && typeof data === 'object' && 'id' in data && data.id === id) {
      void queryClient.invalidateQueries({ queryKey: postKeys.detail(id) });
    }
  });
}

function LoadedPost({ post }: { post: PostDetailData }) {
  const choice = useAnswerChoice(post);
  const authorship = useAuthorship(post.id);
  return (
    <div className="grid gap-5">
      {post.deleted ? <DeletedPostBody post={post} /> : <PostBody post={post} own={authorship.ownPost} />}
      <AcceptedAnswer post={post} choice={choice} />
      <OwnHiddenComments postId={post.id} />
      <Discussion post={post} choice={choice} own={authorship.ownComments} />
    </div>
  );
}

function LivePost({ id }: { id: number }) {
  const post = usePost(id);
  useLivePost(id);
  if (post.isPending) return <DetailSkeleton />;
  if (post.isError) {
    // A hidden post is a 404 to everyone; its own author still reads it with why.
    const missing = <Problem title="Post Not Found" text="This post may have been deleted or doesn't exist." />;
    return <OwnHiddenPost id={id} fallback={missing} />;
  }
  return <LoadedPost post={post.data} />;
}

/** /post/{id}: the post, its actions and its discussion, or why it cannot be shown. */
export function PostDetailPage({ rawId }: { rawId: string | undefined }) {
  const id = parsePostId(rawId);
  return (
    <div className="grid gap-4">
      <Link to={paths.home.getHref()} className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ml-2 justify-self-start' })}>
        <ArrowLeft aria-hidden="true" />
        Back to feed
      </Link>
      {id === null ? <Problem title="Invalid Post" text="The post ID provided is not valid." /> : <LivePost key={id} id={id} />}
    </div>
  );
}
