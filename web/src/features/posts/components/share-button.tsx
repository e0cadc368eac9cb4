import type { PostSummary } from '@wfm/contracts/forum/posts';
import { Button, toast, type ButtonProps } from '@wfm/ui';
import { Share2 } from '@wfm/ui/icons';
import { SHARE_TOASTS, sharePost } from '../utils/share.ts';

/** Share sheet where the device has one, else the link is copied; a toast says which. */
export function ShareButton({
  post,
  size = 'sm',
  labelClassName,
}: {
  post: Pick<PostSummary, 'id' | 'title' | 'body'>;
  size?: ButtonProps['size'];
  /** e.g. 'max-sm:sr-only' to show only the icon on phones. */
  labelClassName?: string;
}) {
  const onClick = async () => {
    try {
      const outcome = await sharePost(post);
      if (outcome !== 'cancelled') toast(SHARE_TOASTS[outcome]);
    } catch {
      toast(SHARE_TOASTS.failed);
    }
  };
  return (
    <Button variant="ghost" size={size} onClick={onClick}>
      <Share2 aria-hidden="true" />
      <span className={labelClassName}>Share</span>
    </Button>
  );
}
