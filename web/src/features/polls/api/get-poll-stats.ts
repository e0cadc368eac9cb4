import { queryOptions, useQuery } from '@tanstack/react-query';
import { PollStats } from '@wfm/contracts/catalog/poll-stats';
import { CATALOG_UI } from '@wfm/contracts/catalog/labels';
import { api } from '../../../lib/api-client.ts';
import { catalogKeys } from '../../../lib/catalog-keys.ts';

export async function getPollStats(signal?: AbortSignal): Promise<PollStats> {
  return PollStats.parse(await api.get('/api/polls/stats', { signal }));
}

export const pollStatsQueryOptions = () =>
  queryOptions({
    queryKey: catalogKeys.polls.stats(),
    queryFn: ({ signal }) => getPollStats(signal),
    staleTime: CATALOG_UI.pollStaleMs,
  });

export function usePollStats() {
  return useQuery(pollStatsQueryOptions());
}
