import { COMMENT_LIMITS, POST_LIMITS, type Comment, type PostDetail } from '@wfm/contracts/forum';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Input,
  Label,
  Textarea,
  toast,
} from '@wfm/ui';
import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths.ts';
import { errorToast } from '../../../lib/error-toast.ts';
import { useDeleteComment, useDeletePost, useEditComment, useEditPost } from '../api/author-edits.ts';
import { postTags } from '../utils/post-fields.ts';
import { RelativeTime } from './relative-time.tsx';

/** "edited <time>" next to a post or comment its author changed (issue 26); shown to everyone. */
export function EditedMarker({ editedAt }: { editedAt: number | null | undefined }) {
  if (editedAt === null || editedAt === undefined) return null;
  return (
    <span className="inline-flex items-center gap-1 italic" data-testid="edited-marker">
      edited <RelativeTime timestamp={editedAt} />
    </span>
  );
}

/** Asks before a deletion: what goes, and that it cannot be undone. */
function ConfirmDelete({
  open,
  onOpenChange,
  what,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  what: 'post' | 'comment';
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this {what}?</DialogTitle>
          <DialogDescription>
            {what === 'post'
              ? 'Your post and every comment under it are removed for everyone. This cannot be undone.'
              : 'Your comment is removed for everyone. This cannot be undone.'}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={pending} onClick={onConfirm}>
            <Trash2 aria-hidden="true" />
            Delete {what}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Edit and Delete for the author of the post: edit opens a dialog with title, content and tags. */
export function PostAuthorActions({ post, labelClassName }: { post: PostDetail; labelClassName?: string }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeletePost(post.id);
  const navigate = useNavigate();
  const onDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Post deleted' });
        void navigate(paths.home.getHref());
      },
      onError: (error) => toast(errorToast('Could not delete the post', error, 'Please try again.')),
    });
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
      {editing && <EditPostDialog post={post} onClose={() => setEditing(false)} />}
      <ConfirmDelete open={deleting} onOpenChange={setDeleting} what="post" pending={remove.isPending} onConfirm={onDelete} />
    </>
  );
}

function EditPostDialog({ post, onClose }: { post: PostDetail; onClose: () => void }) {
  const [title, setTitle] = useState(post.title);
  const [body, setBody] = useState(post.body);
  const [tags, setTags] = useState(postTags(post).join(', '));
  const edit = useEditPost(post.id);
  const id = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    edit.mutate(
      { title, body, tags },
      {
        onSuccess: () => {
          toast({ title: 'Post updated' });
          onClose();
        },
        onError: (error) => toast(errorToast('Could not save your changes', error, 'Please try again.')),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <form onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Edit your post</DialogTitle>
            <DialogDescription>Everyone sees that it was edited, and when.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-title`}>Title</Label>
            <Input id={`${id}-title`} value={title} maxLength={POST_LIMITS.title} onChange={(e) => setTitle(e.target.value)} required />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-body`}>Content</Label>
            <Textarea id={`${id}-body`} value={body} rows={8} maxLength={POST_LIMITS.body} onChange={(e) => setBody(e.target.value)} required />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-tags`}>Tags (comma-separated)</Label>
            <Input id={`${id}-tags`} value={tags} onChange={(e) => setTags(e.target.value)} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={edit.isPending || title.trim() === '' || body.trim() === ''}>
              Save changes
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Edit (in place) and Delete for the author of a comment. */
export function CommentAuthorActions({ comment, onEdit }: { comment: Comment; onEdit: () => void }) {
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteComment(comment.post_id);
  const onDelete = () =>
    remove.mutate(comment.id, {
      onSuccess: () => {
        setDeleting(false);
        toast({ title: 'Comment deleted' });
      },
      onError: (error) => toast(errorToast('Could not delete the comment', error, 'Please try again.')),
    });
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
      <ConfirmDelete open={deleting} onOpenChange={setDeleting} what="comment" pending={remove.isPending} onConfirm={onDelete} />
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
