import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Question, QuestionsResponse } from '@wfm/contracts/ama';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getSessionQuestions(sessionId: number, signal?: AbortSignal): Promise<Question[]> {
  return QuestionsResponse.parse(await api.get(`/api/admin/ama/sessions/${sessionId}/questions`, { signal }));
}

export const sessionQuestionsQueryOptions = (sessionId: number) =>
  queryOptions({
    queryKey: queryKeys.ama.questions(sessionId),
    queryFn: ({ signal }) => getSessionQuestions(sessionId, signal),
  });

export function useSessionQuestions(sessionId: number) {
  return useQuery(sessionQuestionsQueryOptions(sessionId));
}

export async function answerQuestion(id: number, answer: string): Promise<Question> {
  return Question.parse(await api.put(`/api/admin/ama/questions/${id}/answer`, { answer }));
}

export function useAnswerQuestion(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: string }) => answerQuestion(id, answer),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.ama.questions(sessionId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.ama.sessions() });
    },
  });
}
