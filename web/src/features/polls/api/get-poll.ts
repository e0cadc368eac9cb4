import { queryOptions, useQuery } from '@tanstack/react-query';
import { PollDetail } from '@wfm/contracts/catalog/polls';
import { api } from '../../../lib/api-client.ts';
import { catalogKeys } from '../../../lib/catalog-keys.ts';

export async function getPoll(id: number, signal?: AbortSignal): Promise<PollDetail> {
  return PollDetail.parse(await api.get(`/api/polls/${id}`, { signal }));
}

export const pollQueryOptions = (id: number) =>
  queryOptions({
    queryKey: catalogKeys.polls.detail(id),
    queryFn: ({ signal }) => getPoll(id, signal),
  });

export function usePoll(id: number, enabled = true) {
  return useQuery({ ...pollQueryOptions(id), enabled });
}
