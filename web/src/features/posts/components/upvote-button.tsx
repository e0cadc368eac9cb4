import { Button, toast, type ButtonProps } from '@wfm/ui';
import { ArrowBigUp } from '@wfm/ui/icons';
import { errorToast } from '../../../lib/error-toast.ts';
import { useUpvotePost } from '../api/upvote-post.ts';
import { POST_TOASTS } from '../messages.ts';

export function UpvoteButton({ postId, upvotes, size = 'sm' }: { postId: number; upvotes: number; size?: ButtonProps['size'] }) {
  const upvote = useUpvotePost();
  const onClick = () =>
    upvote.mutate(postId, {
      onSuccess: () => toast(POST_TOASTS.upvoted),
      onError: (error) =>
        toast(errorToast(POST_TOASTS.upvoteFailed.title, error, POST_TOASTS.upvoteFailed.fallback)),
    });
  return (
    <Button
      variant="ghost"
      size={size}
      onClick={onClick}
      disabled={upvote.isPending}
      aria-label={`Upvote, ${upvotes} ${upvotes === 1 ? 'upvote' : 'upvotes'}`}
      data-testid="upvote-button"
      data-replay-click={`upvote-${postId}`}
    >
      <ArrowBigUp aria-hidden="true" />
      <span className="tabular-nums" data-testid="upvote-count">
        {upvotes}
      </span>
    </Button>
  );
}
