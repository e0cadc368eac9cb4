import { AMA_MESSAGES } from '@wfm/contracts/ama/api';
import { cn } from '@wfm/ui';
import { ImageOff } from '@wfm/ui/icons';
import { useState } from 'react';
import { safeUrl } from '../../../lib/safe-url.ts';

/**
 * The session's banner; a missing or failing image shows the "Image unavailable" placeholder.
 * With `onActivate` the banner is a button (on the session page, clicking it starts booking).
 */
export function SessionBanner({
  imageUrl,
  title,
  className,
  onActivate,
  activateLabel,
}: {
  imageUrl: string | null;
  title: string;
  className?: string;
  onActivate?: () => void;
  activateLabel?: string;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const src = imageUrl ? safeUrl(imageUrl) : '';
  const failed = !src || failedUrl === src;

  const content = failed ? (
    <div
      className="flex size-full flex-col items-center justify-center gap-2 bg-muted text-sm text-muted-foreground"
      data-testid="image-unavailable"
    >
      <ImageOff className="size-8" aria-hidden="true" />
      {AMA_MESSAGES.imageUnavailable}
    </div>
  ) : (
    <img src={src} alt={`Banner of ${title}`} className="size-full object-cover" loading="lazy" onError={() => setFailedUrl(src)} />
  );

  const frame = cn('relative block aspect-[16/7] w-full overflow-hidden rounded-t-lg', className);
  if (!onActivate) return <div className={frame}>{content}</div>;
  return (
    <button
      type="button"
      className={cn(frame, 'cursor-pointer focus-ring')}
      onClick={onActivate}
      // The placeholder's visible text must be part of the name too (WCAG 2.5.3 Label in Name).
      aria-label={`${activateLabel ?? `Book ${title}`}${failed ? `, ${AMA_MESSAGES.imageUnavailable}` : ''}`}
    >
      {content}
    </button>
  );
}
