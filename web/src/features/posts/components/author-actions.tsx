import { COMMENT_LIMITS, type Comment } from '@wfm/contracts/forum/comments';
import { type PostDetail } from '@wfm/contracts/forum/post-detail';
import { Button, Label, Textarea, toast } from '@wfm/ui';
import { Pencil, Trash2 } from '@wfm/ui/icons';
import { useId, useState, type FormEvent } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { errorToast } from '../../../lib/error-toast.ts';
import { useEditComment } from '../api/author-edits.ts';
import { RelativeTime } from './relative-time.tsx';

/** Fetched when first opened: no part of the post page's first download (the JS budget of /post/:id). */
const EditPostDialog = lazyDialog(async () => (await import('./author-dialogs.tsx')).EditPostDialog);
const DeletePostDialog = lazyDialog(async () => (await import('./author-dialogs.tsx')).DeletePostDialog);
const DeleteCommentDialog = lazyDialog(async () => (await import('./author-dialogs.tsx')).DeleteCommentDialog);

/** "edited <time>" next to a post or comment its author changed (issue 26); shown to everyone. */
export function EditedMarker({ editedAt }: { editedAt: number | null | undefined }) {
  if (editedAt === null || editedAt === undefined) return null;
  return (
    <span className="inline-flex items-center gap-1 italic" data-testid="edited-marker">
      edited <RelativeTime timestamp={editedAt} />
    </span>
  );
}

/** Edit and Delete for the author of the post: edit opens a dialog with title, content and tags; delete asks first. */
export function PostAuthorActions({ post, labelClassName }: { post: PostDetail; labelClassName?: string }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
        <Pencil aria-hidden="true" />
        <span className={labelClassName}>Edit</span>
      </Button>
      <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" onClick={() => setDeleting(true)}>
        <Trash2 aria-hidden="true" />
        <span className={labelClassName}>Delete</span>
      </Button>
      <EditPostDialog post={post} open={editing} onOpenChange={setEditing} />
      <DeletePostDialog postId={post.id} open={deleting} onOpenChange={setDeleting} />
    </>
  );
}

/** Edit (in place) and Delete for the author of a comment. */
export function CommentAuthorActions({ comment, onEdit }: { comment: Comment; onEdit: () => void }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <span className="inline-flex gap-1">
      <Button variant="ghost" size="sm" className="h-7" onClick={onEdit} aria-label="Edit comment">
        <Pencil aria-hidden="true" />
        <span className="max-[420px]:sr-only">Edit</span>
      </Button>
      <Button variant="ghost" size="sm" className="h-7 text-destructive hover:text-destructive" onClick={() => setDeleting(true)} aria-label="Delete comment">
        <Trash2 aria-hidden="true" />
        <span className="max-[420px]:sr-only">Delete</span>
      </Button>
      <DeleteCommentDialog comment={comment} open={deleting} onOpenChange={setDeleting} />
    </span>
  );
}

/** The comment's body in a text box, saved in place. */
export function EditCommentForm({ comment, onDone }: { comment: Comment; onDone: () => void }) {
  const [body, setBody] = useState(comment.body);
  const edit = useEditComment(comment.post_id);
  const id = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    edit.mutate(
      { id: comment.id, body },
      {
        onSuccess: () => {
          toast({ title: 'Comment updated' });
          onDone();
        },
        onError: (error) => toast(errorToast('Could not save your changes', error, 'Please try again.')),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-2">
      <Label htmlFor={id} className="sr-only">
        Edit your comment
      </Label>
      <Textarea id={id} value={body} rows={4} maxLength={COMMENT_LIMITS.body} onChange={(e) => setBody(e.target.value)} autoFocus />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={edit.isPending || body.trim() === ''}>
          Save
        </Button>
      </div>
    </form>
  );
}
