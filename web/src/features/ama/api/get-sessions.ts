import { queryOptions, useQuery } from '@tanstack/react-query';
import { AMA_CLIENT_CACHE_MS, AmaSessionsResponse } from '@wfm/contracts/ama/api';
import { api } from '../../../lib/api-client.ts';
import { amaKeys } from './ama-keys.ts';

export async function getSessions(signal?: AbortSignal): Promise<AmaSessionsResponse> {
  return AmaSessionsResponse.parse(await api.get('/api/ama/sessions', { signal }));
}

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: amaKeys.sessions(), queryFn: ({ signal }) => getSessions(signal), staleTime: AMA_CLIENT_CACHE_MS });

export function useAmaSessions() {
  return useQuery(sessionsQueryOptions());
}
