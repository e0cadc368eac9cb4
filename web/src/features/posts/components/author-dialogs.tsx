import type { Comment } from '@wfm/contracts/forum/comments';
import type { PostDetail } from '@wfm/contracts/forum/post-detail';
import { POST_LIMITS } from '@wfm/contracts/forum/posts';
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
import { Trash2 } from '@wfm/ui/icons';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from '../../../lib/router.tsx';
import { paths } from '../../../config/paths.ts';
import { errorToast } from '../../../lib/error-toast.ts';
import { useDeleteComment, useDeletePost, useEditPost } from '../api/author-edits.ts';
import { postTags } from '../utils/post-fields.ts';

/** The author's dialogs (issue 26), fetched the first time one opens (author-actions.tsx). */

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Asks before a deletion: what goes, and that it cannot be undone. */
function ConfirmDelete({ open, onOpenChange, what, pending, onConfirm }: DialogProps & { what: 'post' | 'comment'; pending: boolean; onConfirm: () => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this {what}?</DialogTitle>
          <DialogDescription>
            {what === 'post'
              ? 'Your post is removed for everyone. If others commented, its page stays with their comments under a "deleted by its author" note. This cannot be undone.'
              : 'Your comment is replaced by a "deleted by its author" note for everyone. This cannot be undone.'}
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

export function DeletePostDialog({ postId, open, onOpenChange }: DialogProps & { postId: number }) {
  const remove = useDeletePost(postId);
  const navigate = useNavigate();
  const onConfirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Post deleted' });
        void navigate(paths.home.getHref());
      },
      onError: (error) => toast(errorToast('Could not delete the post', error, 'Please try again.')),
    });
  return <ConfirmDelete open={open} onOpenChange={onOpenChange} what="post" pending={remove.isPending} onConfirm={onConfirm} />;
}

export function DeleteCommentDialog({ comment, open, onOpenChange }: DialogProps & { comment: Comment }) {
  const remove = useDeleteComment(comment.post_id);
  const onConfirm = () =>
    remove.mutate(comment.id, {
      onSuccess: () => {
        onOpenChange(false);
        toast({ title: 'Comment deleted' });
      },
      onError: (error) => toast(errorToast('Could not delete the comment', error, 'Please try again.')),
    });
  return <ConfirmDelete open={open} onOpenChange={onOpenChange} what="comment" pending={remove.isPending} onConfirm={onConfirm} />;
}

/** Title, content and tags, filled with the post as it is. */
export function EditPostDialog({ post, open, onOpenChange }: DialogProps & { post: PostDetail }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">{open && <EditPostForm post={post} onClose={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
  );
}

function EditPostForm({ post, onClose }: { post: PostDetail; onClose: () => void }) {
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
  );
}

