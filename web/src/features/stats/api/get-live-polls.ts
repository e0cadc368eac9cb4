import { queryOptions, useQuery } from '@tanstack/react-query';
import { PollStats } from '@wfm/contracts/catalog/poll-stats';
import { STATS_REFRESH_MS } from '../../../config/constants.ts';
import { api } from '../../../lib/api-client.ts';
import { catalogKeys } from '../../../lib/catalog-keys.ts';

/** The sidebar's Live Polls: polls not closed, from the catalog's poll stats (the same cache as the polls page). */
export const livePollsQueryOptions = () =>
  queryOptions({
    queryKey: catalogKeys.polls.stats(),
    queryFn: async ({ signal }) => PollStats.parse(await api.get('/api/polls/stats', { signal })),
    refetchInterval: STATS_REFRESH_MS,
  });

export function useLivePolls(): number | undefined {
  return useQuery(livePollsQueryOptions()).data?.activePolls;
}
