import type { PollSummary } from '@wfm/contracts/catalog/polls';
import { Badge, buttonClasses, Card, Skeleton } from '@wfm/ui';
import { Clock } from '@wfm/ui/icons';
import { Link } from '../../../lib/router.tsx';
import { paths } from '../../../config/paths.ts';
import { useDateZone } from '../../../hooks/use-hydrated.ts';
import { cardOptions, categoryLabel, closeLabel, statusLabel, votesLabel } from '../utils/poll-display.ts';

/** Title, category, status, up to three options with their share, '+N more options', and View. */
export function PollCard({ poll }: { poll: PollSummary }) {
  const { shown, more } = cardOptions(poll);
  const closes = closeLabel(poll, useDateZone());
  return (
    <Card className="flex h-full flex-col gap-3 p-5" data-testid="poll-card">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{categoryLabel(poll)}</Badge>
        <Badge variant={poll.status === 'closed' ? 'outline' : 'success'} data-testid="poll-status">
          {statusLabel(poll)}
        </Badge>
        <span className="ml-auto text-xs tabular-nums text-muted-foreground">{votesLabel(poll.total_votes)}</span>
      </div>
      <h3 className="break-words text-base font-semibold leading-tight">{poll.title}</h3>
      <p className="line-clamp-2 break-words text-sm text-muted-foreground">{poll.description}</p>
      <ul className="grid gap-2" aria-label="Options">
        {shown.map((option) => (
          <li key={option.id} className="grid gap-1">
            <div className="flex justify-between gap-2 text-sm">
              <span className="min-w-0 truncate">{option.text}</span>
              <span className="tabular-nums text-muted-foreground">{option.percentage}%</span>
            </div>
            <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
              <div className="h-full rounded-full bg-primary" style={{ width: `${option.percentage}%` }} />
            </div>
          </li>
        ))}
      </ul>
      {more && <p className="text-xs text-muted-foreground">{more}</p>}
      <div className="mt-auto flex items-center justify-between gap-2 border-t border-border pt-3">
        <span className="flex min-w-0 items-center gap-1 truncate text-xs text-muted-foreground">
          {closes ? (
            <>
              <Clock className="size-3.5 shrink-0" aria-hidden="true" />
              {closes}
            </>
          ) : (
            `by ${poll.created_by}`
          )}
        </span>
        <Link to={paths.poll.getHref(poll.id)} className={buttonClasses({ size: 'sm' })} aria-label={`View poll: ${poll.title}`}>
          View
        </Link>
      </div>
    </Card>
  );
}

export function PollCardSkeleton() {
  return (
    <Card className="grid gap-3 p-5" data-testid="poll-skeleton">
      <div className="flex gap-2">
        <Skeleton className="h-5 w-20 rounded-full" />
        <Skeleton className="h-5 w-14 rounded-full" />
      </div>
      <Skeleton className="h-5 w-3/4" />
      <Skeleton className="h-4 w-full" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-6 w-full" />
      ))}
      <Skeleton className="ml-auto h-8 w-16" />
    </Card>
  );
}
