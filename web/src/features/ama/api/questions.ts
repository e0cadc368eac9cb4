import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Question, QuestionUpvoteResponse, QuestionsResponse, type AskQuestionBody } from '@wfm/contracts/ama/api';
import { api } from '../../../lib/api-client.ts';
import { amaKeys } from './ama-keys.ts';
import { ensureVisitor } from './ensure-visitor.ts';

export async function getQuestions(sessionId: number, signal?: AbortSignal): Promise<Question[]> {
  return QuestionsResponse.parse(await api.get(`/api/ama/sessions/${sessionId}/questions`, { signal }));
}

export const questionsQueryOptions = (sessionId: number) =>
  queryOptions({ queryKey: amaKeys.questions(sessionId), queryFn: ({ signal }) => getQuestions(sessionId, signal) });

export function useQuestions(sessionId: number) {
  return useQuery(questionsQueryOptions(sessionId));
}

export async function askQuestion(sessionId: number, body: AskQuestionBody): Promise<Question> {
  return Question.parse(await api.post(`/api/ama/sessions/${sessionId}/questions`, body));
}

export function useAskQuestion(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AskQuestionBody) => {
      await ensureVisitor(queryClient);
      return askQuestion(sessionId, body);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: amaKeys.questions(sessionId) });
      await queryClient.invalidateQueries({ queryKey: amaKeys.myQuestionsAll() });
    },
  });
}

export async function upvoteQuestion(questionId: number): Promise<{ upvotes: number }> {
  return QuestionUpvoteResponse.parse(await api.post(`/api/ama/questions/${questionId}/upvote`));
}

export function useUpvoteQuestion(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (questionId: number) => {
      await ensureVisitor(queryClient);
      return upvoteQuestion(questionId);
    },
    onSuccess: ({ upvotes }, questionId) =>
      queryClient.setQueryData<Question[]>(amaKeys.questions(sessionId), (list) =>
        list?.map((question) => (question.id === questionId ? { ...question, upvotes } : question)),
      ),
  });
}
