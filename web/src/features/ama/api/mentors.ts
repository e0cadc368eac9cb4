import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MentorApplication, MentorMessage, MentorRequest, MentorsResponse, MentorThread, MyMentorApplicationResponse, MyMentorRequestsResponse, type MentorApplicationBody, type MentorMessageBody, type MentorRequestBody } from '@wfm/contracts/ama/mentors';
import { api } from '../../../lib/api-client.ts';
import { useVisitorToken } from '../../../lib/visitor-token.ts';
import { amaKeys } from './ama-keys.ts';
import { ensureVisitor } from './ensure-visitor.ts';

/** The public directory (approved mentors), optionally with one expertise tag. */
export function useMentorDirectory(tag: string) {
  return useQuery({
    queryKey: amaKeys.mentorDirectory(tag),
    queryFn: async ({ signal }) =>
      MentorsResponse.parse(await api.get(`/api/mentors?limit=100${tag ? `&tag=${encodeURIComponent(tag)}` : ''}`, { signal })),
    placeholderData: keepPreviousData,
  });
}

/** The visitor's own application (null when they have none); only once the visitor has a token. */
export function useMyMentorApplication() {
  const session = useVisitorToken();
  return useQuery({
    queryKey: amaKeys.myMentorApplication(),
    queryFn: async ({ signal }) => MyMentorApplicationResponse.parse(await api.get('/api/mentors/me', { signal })).application,
    enabled: Boolean(session.data),
  });
}

/** Requests the visitor received as a mentor and sent as a requester. */
export function useMyMentorRequests() {
  const session = useVisitorToken();
  return useQuery({
    queryKey: amaKeys.myMentorRequests(),
    queryFn: async ({ signal }) => MyMentorRequestsResponse.parse(await api.get('/api/mentors/requests', { signal })),
    enabled: Boolean(session.data),
  });
}

export function useMentorThread(requestId: number | null) {
  return useQuery({
    queryKey: amaKeys.mentorThread(requestId ?? 0),
    queryFn: async ({ signal }) => MentorThread.parse(await api.get(`/api/mentors/requests/${requestId}`, { signal })),
    enabled: requestId !== null,
  });
}

export function useApplyAsMentor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MentorApplicationBody) => {
      await ensureVisitor(queryClient);
      return MentorApplication.parse(await api.post('/api/mentors', body));
    },
    onSuccess: (application) => queryClient.setQueryData(amaKeys.myMentorApplication(), application),
  });
}

export function useRequestMentor(mentorId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MentorRequestBody) => {
      await ensureVisitor(queryClient);
      return MentorRequest.parse(await api.post(`/api/mentors/${mentorId}/requests`, body));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: amaKeys.myMentorRequests() }),
  });
}

export function useAnswerMentorRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: number; status: 'accepted' | 'declined' }) =>
      MentorRequest.parse(await api.put(`/api/mentors/requests/${id}/status`, { status })),
    onSuccess: (request) => {
      void queryClient.invalidateQueries({ queryKey: amaKeys.myMentorRequests() });
      void queryClient.invalidateQueries({ queryKey: amaKeys.mentorThread(request.id) });
    },
  });
}

/** Adds a message to a cached thread once (the sender's answer and the live push may both bring it). */
export function appendThreadMessage(thread: MentorThread | undefined, message: MentorMessage): MentorThread | undefined {
  if (!thread || thread.messages.some((m) => m.id === message.id)) return thread;
  return { ...thread, messages: [...thread.messages, message], request: { ...thread.request, message_count: thread.request.message_count + 1 } };
}

export function useSendMentorMessage(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MentorMessageBody) =>
      MentorMessage.parse(await api.post(`/api/mentors/requests/${requestId}/messages`, body)),
    onSuccess: (message) =>
      queryClient.setQueryData<MentorThread>(amaKeys.mentorThread(requestId), (thread) => appendThreadMessage(thread, message)),
  });
}
