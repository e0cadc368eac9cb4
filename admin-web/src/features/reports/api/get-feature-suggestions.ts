import { queryOptions, useQuery } from '@tanstack/react-query';
import { AdminFeatureSuggestionsResponse } from '@wfm/contracts/forum';
import { FEEDBACK_LIMIT } from '../../../config/constants.ts';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getFeatureSuggestions(signal?: AbortSignal): Promise<AdminFeatureSuggestionsResponse> {
  return AdminFeatureSuggestionsResponse.parse(await api.get(`/api/admin/feature-suggestions?limit=${FEEDBACK_LIMIT}`, { signal }));
}

export const featureSuggestionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.featureSuggestions(), queryFn: ({ signal }) => getFeatureSuggestions(signal) });

export function useFeatureSuggestions(enabled = true) {
  return useQuery({ ...featureSuggestionsQueryOptions(), enabled });
}
