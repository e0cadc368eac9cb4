import type { AdminPost } from '@wfm/contracts/forum';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@wfm/ui';
import { formatDateTime } from '../../../lib/format.ts';
import { usePostRevisions } from '../api/post-revisions.ts';

/** Earlier versions of a post and its comments, oldest first; each says when its author replaced it. */
export function RevisionsDialog({ post, onClose }: { post: AdminPost | null; onClose: () => void }) {
  const revisions = usePostRevisions(post?.id ?? null);
  const data = revisions.data;
  return (
    <Dialog open={post !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Edit history</DialogTitle>
          <DialogDescription>Earlier versions of “{post?.title}” and of its comments, as their authors replaced them.</DialogDescription>
        </DialogHeader>
        {revisions.isPending && <p role="status">Loading edit history…</p>}
        {revisions.isError && <p role="alert">Could not load the edit history. Please try again.</p>}
        {data && data.post.length === 0 && data.comments.length === 0 && <p className="text-sm text-muted-foreground">Never edited.</p>}
        {data && data.post.length > 0 && (
          <section className="grid gap-2" aria-label="Post versions">
            <h3 className="text-sm font-semibold">Post</h3>
            <ol className="grid gap-2">
              {data.post.map((r) => (
                <li key={r.id} className="rounded-md border border-border p-3 text-sm" data-testid="post-revision">
                  <p className="text-xs text-muted-foreground">Replaced {formatDateTime(r.replaced_at)}</p>
                  <p className="font-medium break-words">{r.title}</p>
                  <p className="whitespace-pre-wrap break-words">{r.body}</p>
                  {r.tags && <p className="text-xs text-muted-foreground">Tags: {r.tags}</p>}
                </li>
              ))}
            </ol>
          </section>
        )}
        {data && data.comments.length > 0 && (
          <section className="grid gap-2" aria-label="Comment versions">
            <h3 className="text-sm font-semibold">Comments</h3>
            <ol className="grid gap-2">
              {data.comments.map((r) => (
                <li key={r.id} className="rounded-md border border-border p-3 text-sm" data-testid="comment-revision">
                  <p className="text-xs text-muted-foreground">
                    Comment #{r.comment_id} · replaced {formatDateTime(r.replaced_at)}
                  </p>
                  <p className="whitespace-pre-wrap break-words">{r.body}</p>
                </li>
              ))}
            </ol>
          </section>
        )}
      </DialogContent>
    </Dialog>
  );
}
