import { queryOptions, useQuery } from '@tanstack/react-query';
import { PollBreakdown, type ProfileQuestion } from '@wfm/contracts/catalog/polls';
import { api } from '../../../lib/api-client.ts';
import { catalogKeys } from '../../../lib/catalog-keys.ts';

/** Results per group of one profile question; the server hides groups under the anonymity threshold. */
export async function getPollBreakdown(id: number, by: ProfileQuestion, signal?: AbortSignal): Promise<PollBreakdown> {
  return PollBreakdown.parse(await api.get(`/api/polls/${id}/breakdown?${new URLSearchParams({ by })}`, { signal }));
}

export function usePollBreakdown(id: number, by: ProfileQuestion | undefined) {
  return useQuery(
    queryOptions({
      queryKey: catalogKeys.polls.breakdown(id, by ?? ''),
      queryFn: ({ signal }) => getPollBreakdown(id, by!, signal),
      enabled: by !== undefined,
    }),
  );
}
