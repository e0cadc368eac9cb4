import { useQueryClient } from '@tanstack/react-query';
import type { PollDetail, PollSummary } from '@wfm/contracts/catalog/polls';
import type { RealtimeData } from '@wfm/contracts/shared/realtime';
import { catalogKeys } from '../../../lib/catalog-keys.ts';
import { refetchIfInFlight } from '../../../lib/live-query-data.ts';
import { useRealtimeEvent } from '../../../lib/realtime-context.tsx';

type Tallies = RealtimeData<'poll_updated'>;

/** The poll with the new tallies of a `poll_updated` message (options it does not name keep theirs). */
export function withTallies<T extends PollSummary>(poll: T, tallies: Tallies): T {
  if (poll.id !== tallies.poll_id) return poll;
  const byId = new Map(tallies.options.map((option) => [option.id, option]));
  return {
    ...poll,
    total_votes: tallies.total_votes,
    options: poll.options.map((option) => {
      const next = byId.get(option.id);
      return next ? { ...option, votes: next.votes, percentage: next.percentage } : option;
    }),
  };
}

/**
 * Moves open poll pages and lists with every vote (`poll_updated`), without refetching; the
 * visitor's own `userVote` stays as it was. Stats (Active Polls, Total Votes) refetch.
 */
export function useLivePollTallies() {
  const queryClient = useQueryClient();
  useRealtimeEvent('poll_updated', (tallies) => {
    queryClient.setQueryData<PollDetail>(catalogKeys.polls.detail(tallies.poll_id), (poll) => poll && withTallies(poll, tallies));
    queryClient.setQueriesData<PollSummary[]>({ queryKey: catalogKeys.polls.lists() }, (polls) =>
      polls?.map((poll) => withTallies(poll, tallies)),
    );
    refetchIfInFlight(queryClient, catalogKeys.polls.detail(tallies.poll_id));
    refetchIfInFlight(queryClient, catalogKeys.polls.lists());
    void queryClient.invalidateQueries({ queryKey: catalogKeys.polls.stats() });
  });
}
