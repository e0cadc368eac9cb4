import { queryOptions, useQuery } from '@tanstack/react-query';
import { AMA_CLIENT_CACHE_MS, MyQuestionsResponse, type MyQuestion } from '@wfm/contracts/ama/api';
import { api } from '../../../lib/api-client.ts';
import { amaKeys } from './ama-keys.ts';

/** GET /api/ama/my-questions: the questions this visitor asked, with answers and upvotes, latest first. */
export async function getMyQuestions(signal?: AbortSignal): Promise<MyQuestion[]> {
  return MyQuestionsResponse.parse(await api.get('/api/ama/my-questions?sort=latest', { signal }));
}

/** Keyed by the visitor's token (the request sends it); cached 30 s (spec 3 §9). */
export const myQuestionsQueryOptions = (anonToken: string) =>
  queryOptions({
    queryKey: amaKeys.myQuestions(anonToken),
    queryFn: ({ signal }) => getMyQuestions(signal),
    staleTime: AMA_CLIENT_CACHE_MS,
  });

/** The visitor's questions, once the visitor has a token (the server refuses the call without one). */
export function useMyQuestions(anonToken: string | undefined) {
  return useQuery({ ...myQuestionsQueryOptions(anonToken ?? ''), enabled: Boolean(anonToken) });
}
