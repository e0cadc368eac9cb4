import type { Comment } from '@wfm/contracts/forum/comments';
import { Badge, Button } from '@wfm/ui';
import { BadgeCheck, Flag, Loader2, Trash2 } from '@wfm/ui/icons';
import { useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { LazyMarkdown } from '../../../components/lazy-markdown.tsx';
import { CommentAuthorActions, EditCommentForm, EditedMarker } from './author-actions.tsx';
import { RelativeTime } from './relative-time.tsx';

/** Fetched when first opened, as the post's own report dialog is. */
const ReportDialog = lazyDialog(async () => (await import('./report-dialog.tsx')).ReportDialog);

/** Where the next page starts: the comments up to the cursor are paged, later ones arrived live. */
function isPaged(comment: Comment, cursor: string): boolean {
  const [createdAt, id] = cursor.split('-').map(Number) as [number, number];
  return comment.created_at < createdAt || (comment.created_at === createdAt && comment.id <= id);
}

/** Accepted answers (issue 16): which comment is accepted, and, for the asker, how to accept another. */
export interface AnswerChoice {
  acceptedId: number | null;
  /** Only for the visitor who asked the Question. */
  onAccept?: ((commentId: number) => void) | undefined;
  pending: boolean;
}

export function AcceptedAnswerBadge() {
  return (
    <Badge variant="success" className="gap-1">
      <BadgeCheck className="size-3" aria-hidden="true" />
      Accepted answer
    </Badge>
  );
}

/** What stands where a post or comment its author deleted was (issue 26). */
export const DELETED_BY_AUTHOR = 'deleted by its author';

/** A comment its author deleted: its place in the thread, with no body, name or actions. */
function DeletedCommentItem({ comment }: { comment: Comment }) {
  return (
    <li className="flex flex-wrap items-center gap-2 rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground" data-testid="comment">
      <Trash2 className="size-4 shrink-0" aria-hidden="true" />
      <span className="italic" data-testid="deleted-comment">
        {DELETED_BY_AUTHOR}
      </span>
      <RelativeTime timestamp={comment.created_at} className="text-xs" />
    </li>
  );
}

/** The comments this visitor wrote (issue 26): they get Edit and Delete. Empty until hydrated. */
type OwnComments = ReadonlySet<number>;

function CommentItem({
  comment,
  answer,
  own,
  onReport,
}: {
  comment: Comment;
  answer?: AnswerChoice | undefined;
  own: boolean;
  onReport: (commentId: number) => void;
}) {
  const accepted = answer?.acceptedId === comment.id;
  const [editing, setEditing] = useState(false);
  if (comment.deleted) return <DeletedCommentItem comment={comment} />;
  return (
    <li
      className={accepted ? 'grid gap-2 rounded-lg border border-emerald-500/50 bg-emerald-500/5 p-4' : 'grid gap-2 rounded-lg border border-border bg-muted/20 p-4'}
      data-testid="comment"
    >
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <span className="font-semibold text-foreground">{comment.author_name}</span>
        <Badge variant="secondary">Contributor</Badge>
        {accepted && <AcceptedAnswerBadge />}
        <RelativeTime timestamp={comment.created_at} />
        <EditedMarker editedAt={comment.edited_at} />
        {own && !editing && <CommentAuthorActions comment={comment} onEdit={() => setEditing(true)} />}
        {answer?.onAccept && !accepted && (
          <Button
            variant="outline"
            size="sm"
            className="ml-auto h-7"
            disabled={answer.pending}
            onClick={() => answer.onAccept?.(comment.id)}
          >
            <BadgeCheck aria-hidden="true" />
            Accept answer
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          className={answer?.onAccept && !accepted ? 'h-7 text-destructive hover:text-destructive' : 'ml-auto h-7 text-destructive hover:text-destructive'}
          aria-label="Report comment"
          title="Report comment"
          onClick={() => onReport(comment.id)}
        >
          <Flag aria-hidden="true" />
        </Button>
      </div>
      {editing ? <EditCommentForm comment={comment} onDone={() => setEditing(false)} /> : <LazyMarkdown>{comment.body}</LazyMarkdown>}
    </li>
  );
}

export interface MoreComments {
  /** Cursor of the next page; null when every comment is loaded. */
  cursor: string | null;
  loading: boolean;
  failed: boolean;
  load(cursor: string): void;
}

/**
 * The discussion, oldest first. While pages remain, a "Load more comments" button follows the
 * loaded pages; comments that arrived live since are listed after it, in their place in time.
 */
export function CommentList({
  comments,
  more,
  answer,
  own = new Set(),
}: {
  comments: Comment[];
  more?: MoreComments;
  answer?: AnswerChoice;
  own?: OwnComments;
}) {
  const [reporting, setReporting] = useState<number | null>(null);
  if (comments.length === 0 && !more?.cursor) {
    return <p className="py-4 text-center text-sm text-muted-foreground">No comments yet. Start the discussion!</p>;
  }
  const cursor = more?.cursor ?? null;
  const paged = cursor === null ? comments : comments.filter((c) => isPaged(c, cursor));
  const live = cursor === null ? [] : comments.filter((c) => !isPaged(c, cursor));
  return (
    <div className="grid gap-3">
      <ol className="grid gap-3" aria-label="Comments">
        {paged.map((comment) => (
          <CommentItem key={comment.id} comment={comment} answer={answer} own={own.has(comment.id)} onReport={setReporting} />
        ))}
      </ol>
      {more && cursor !== null && (
        <div className="grid justify-items-center gap-1">
          <Button variant="outline" onClick={() => more.load(cursor)} disabled={more.loading} aria-busy={more.loading}>
            {more.loading && <Loader2 className="animate-spin" aria-hidden="true" />}
            {more.loading ? 'Loading comments…' : 'Load more comments'}
          </Button>
          {more.failed && (
            <p role="alert" className="text-sm text-destructive">
              Could not load more comments. Please try again.
            </p>
          )}
        </div>
      )}
      {live.length > 0 && (
        <ol className="grid gap-3" aria-label="Newer comments">
          {live.map((comment) => (
            <CommentItem key={comment.id} comment={comment} answer={answer} own={own.has(comment.id)} onReport={setReporting} />
          ))}
        </ol>
      )}
      {reporting !== null && (
        <ReportDialog
          postId={comments.find((c) => c.id === reporting)?.post_id ?? 0}
          commentId={reporting}
          open
          onOpenChange={(open) => !open && setReporting(null)}
        />
      )}
    </div>
  );
}
