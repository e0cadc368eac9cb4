import { queryOptions, useQuery } from '@tanstack/react-query';
import { StatsResponse } from '@wfm/contracts/forum/stats';
import { STATS_REFRESH_MS } from '../../../config/constants.ts';
import { api } from '../../../lib/api-client.ts';

export type CommunityStats = StatsResponse;

export async function getStats(signal?: AbortSignal): Promise<CommunityStats> {
  return StatsResponse.parse(await api.get('/api/stats', { signal }));
}

export const statsQueryOptions = () =>
  queryOptions({
    queryKey: ['stats'],
    queryFn: ({ signal }) => getStats(signal),
    refetchInterval: STATS_REFRESH_MS,
  });

export function useStats() {
  return useQuery(statsQueryOptions());
}
