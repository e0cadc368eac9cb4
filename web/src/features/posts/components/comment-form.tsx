import { COMMENT_LIMITS } from '@wfm/contracts/forum/comments';
import { Button, Checkbox, Label, Textarea, toast } from '@wfm/ui';
import { Send } from '@wfm/ui/icons';
import { useId, useState, type FormEvent } from 'react';
import { useTypedBeforeHydration } from '../../../hooks/use-typed-before-hydration.ts';
import { errorToast } from '../../../lib/error-toast.ts';
import { ANONYMOUS } from '@wfm/contracts/shared/common';
import { useDisplayName } from '../../../lib/user-profile.ts';
import { useCreateComment } from '../api/create-comment.ts';
import { POST_TOASTS } from '../messages.ts';
import { formatDecimal } from '../../../lib/en-us-format.ts';

export function commentCounter(length: number): string {
  return `${formatDecimal(length)}/${formatDecimal(COMMENT_LIMITS.body)} characters • Markdown supported`;
}

/** Comment box with its counter and the post-anonymously checkbox (which resets after posting). */
export function CommentForm({ postId }: { postId: number }) {
  const [body, setBody] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const { displayName, isLoading: nameLoading } = useDisplayName();
  const comment = useCreateComment();
  const id = useId();
  const box = useTypedBeforeHydration<HTMLTextAreaElement>(body, setBody);
  // Until the visitor's name has loaded, a comment would go out as Anonymous under their nose.
  const canPost = body.trim() !== '' && !comment.isPending && !nameLoading;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canPost) return;
    comment.mutate(
      {
        post_id: postId,
        body: body.trim(),
        author_name: anonymous ? ANONYMOUS : displayName,
        isAnonymous: anonymous,
      },
      {
        onSuccess: ({ held, message }) => {
          toast(held ? POST_TOASTS.commentHeld(message ?? '') : POST_TOASTS.commented);
          setBody('');
          setAnonymous(false);
        },
        onError: (error) => toast(errorToast(POST_TOASTS.commentFailed.title, error, POST_TOASTS.commentFailed.fallback)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-3" aria-label="Add a comment">
      <Label htmlFor={`${id}-body`} className="sr-only">
        Your comment
      </Label>
      <Textarea
        id={`${id}-body`}
        ref={box}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        maxLength={COMMENT_LIMITS.body}
        rows={4}
        placeholder="Share your thoughts or answer the question..."
        aria-describedby={`${id}-counter`}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={`${id}-counter`} className="text-xs text-muted-foreground tabular-nums">
          {commentCounter(body.length)}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <div className="flex items-center gap-2">
            <Checkbox
              id={`${id}-anonymous`}
              checked={anonymous}
              onCheckedChange={(checked) => setAnonymous(checked === true)}
            />
            <Label htmlFor={`${id}-anonymous`} className="text-sm font-normal">
              Post anonymously
            </Label>
          </div>
          <Button type="submit" size="sm" disabled={!canPost}>
            <Send aria-hidden="true" />
            {comment.isPending ? 'Posting...' : 'Post Comment'}
          </Button>
        </div>
      </div>
      <p className="text-xs text-muted-foreground">
        Commenting as <strong className="text-foreground">{anonymous ? ANONYMOUS : displayName}</strong>
      </p>
    </form>
  );
}
