import { queryOptions, useQuery } from '@tanstack/react-query';
import { AMA_CLIENT_CACHE_MS, AmaSession } from '@wfm/contracts/ama/api';
import { api, isApiError } from '../../../lib/api-client.ts';
import { amaKeys } from './ama-keys.ts';

export async function getSession(id: number, signal?: AbortSignal): Promise<AmaSession> {
  return AmaSession.parse(await api.get(`/api/ama/sessions/${id}`, { signal }));
}

export const amaSessionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: amaKeys.session(id),
    queryFn: ({ signal }) => getSession(id, signal),
    staleTime: AMA_CLIENT_CACHE_MS,
    // An unknown session is an answer ("Session Not Found"), not a failure worth retrying.
    retry: (failures, error) => !isApiError(error, 404) && !isApiError(error, 400) && failures < 2,
  });

export function useAmaSession(id: number | null) {
  return useQuery({ ...amaSessionQueryOptions(id ?? 0), enabled: id !== null });
}
