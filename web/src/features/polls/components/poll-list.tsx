import type { PollSummary } from '@wfm/contracts/catalog/polls';
import { CATALOG_UI } from '@wfm/contracts/catalog/labels';
import { Button, Card } from '@wfm/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { Vote } from '@wfm/ui/icons';
import type { ReactNode } from 'react';
import { PollCard, PollCardSkeleton } from './poll-card.tsx';

/** Loading (4 skeleton cards), error with Try again, an empty state, or the cards. */
export function PollList({
  query,
  empty,
}: {
  query: Pick<UseQueryResult<PollSummary[]>, 'isPending' | 'isError' | 'error' | 'data' | 'refetch'>;
  empty: { title: string; body: string; action?: ReactNode };
}) {
  if (query.isPending) {
    return (
      <div className="grid gap-4 md:grid-cols-2" role="status" aria-label="Loading polls">
        {Array.from({ length: CATALOG_UI.pollSkeletons }, (_, i) => (
          <PollCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <Card className="grid justify-items-center gap-3 px-6 py-10 text-center" role="alert">
        <p className="font-semibold">Polls could not be loaded.</p>
        <p className="text-sm text-muted-foreground">{query.error?.message}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Card>
    );
  }
  if (!query.data || query.data.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid="polls-empty">
        <Vote className="size-10 text-muted-foreground" aria-hidden="true" />
        <p className="text-lg font-semibold">{empty.title}</p>
        <p className="max-w-prose text-sm text-muted-foreground">{empty.body}</p>
        {empty.action}
      </Card>
    );
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2" aria-label="Polls">
      {query.data.map((poll) => (
        <li key={poll.id}>
          <PollCard poll={poll} />
        </li>
      ))}
    </ul>
  );
}
