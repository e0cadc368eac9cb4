import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreateBookingBody, JoinWaitlistResponse } from '@wfm/contracts/ama/api';
import { api } from '../../../lib/api-client.ts';
import { ensureVisitor } from './ensure-visitor.ts';

export async function joinWaitlist(sessionId: number, body: CreateBookingBody): Promise<JoinWaitlistResponse> {
  return JoinWaitlistResponse.parse(await api.post(`/api/ama/sessions/${sessionId}/waitlist`, body));
}

export function useJoinWaitlist(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateBookingBody) => {
      await ensureVisitor(queryClient);
      return joinWaitlist(sessionId, body);
    },
  });
}
