import { queryOptions, useQuery } from '@tanstack/react-query';
import { ListPollsResponse, type PollCategory, type PollSort } from '@wfm/contracts/catalog/polls';
import { CATALOG_UI } from '@wfm/contracts/catalog/labels';
import { api } from '../../../lib/api-client.ts';
import { catalogKeys } from '../../../lib/catalog-keys.ts';

export type PollFilters = { category?: PollCategory; sort: PollSort; anon_token?: string };

function searchParams(filters: PollFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

export async function getPolls(filters: PollFilters, signal?: AbortSignal): Promise<ListPollsResponse> {
  return ListPollsResponse.parse(await api.get(`/api/polls${searchParams(filters)}`, { signal }));
}

export const pollsQueryOptions = (filters: PollFilters) =>
  queryOptions({
    queryKey: catalogKeys.polls.list(filters),
    queryFn: ({ signal }) => getPolls(filters, signal),
    staleTime: CATALOG_UI.pollStaleMs,
  });

export function usePolls(filters: PollFilters, enabled = true) {
  return useQuery({ ...pollsQueryOptions(filters), enabled });
}
