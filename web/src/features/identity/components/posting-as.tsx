import { cn } from '@wfm/ui';
import { UserRound } from '@wfm/ui/icons';
import { POSTING_AS_MOBILE_CHARS } from '../../../config/constants.ts';
import { useMinWidth } from '../../../hooks/use-min-width.ts';
import { useDisplayName } from '../../../lib/user-profile.ts';

/** Tailwind's `sm` breakpoint: below it the name is shortened. */
const SM_PX = 640;

export function truncateName(name: string, max = POSTING_AS_MOBILE_CHARS): string {
  return name.length > max ? `${name.slice(0, max)}…` : name;
}

export function PostingAs({ className }: { className?: string }) {
  const { isLoading, displayName } = useDisplayName();
  const wide = useMinWidth(SM_PX);
  const shown = isLoading ? 'Loading...' : wide ? displayName : truncateName(displayName);
  return (
    <div
      data-testid="posting-as"
      className={cn('flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground', className)}
      title={isLoading ? undefined : `Posting as ${displayName}`}
    >
      <UserRound className="size-4 shrink-0" aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">Posting as</span>{' '}
      <strong className="truncate font-semibold text-foreground" aria-busy={isLoading || undefined}>
        {shown}
      </strong>
    </div>
  );
}
