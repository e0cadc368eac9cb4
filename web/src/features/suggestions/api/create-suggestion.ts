import { useMutation } from '@tanstack/react-query';
import { FeatureSuggestionResponse, type FeatureSuggestionBody } from '@wfm/contracts/forum/suggestions';
import { api } from '../../../lib/api-client.ts';

export async function createSuggestion(body: FeatureSuggestionBody): Promise<FeatureSuggestionResponse> {
  return FeatureSuggestionResponse.parse(await api.post('/api/feature-suggestions', body));
}

export function useCreateSuggestion() {
  return useMutation({ mutationFn: createSuggestion });
}
