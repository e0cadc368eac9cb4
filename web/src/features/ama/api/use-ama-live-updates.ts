import { useQueryClient } from '@tanstack/react-query';
import type { MyQuestion } from '@wfm/contracts/ama/api';
import { useRealtimeEvent } from '../../../lib/realtime-context.tsx';
import { amaKeys } from './ama-keys.ts';

/**
 * Keeps the AMA pages current from the public realtime messages: a session change reloads the
 * sessions and that session's pricing, a booking change its occupancy, a question change its
 * questions, transcript and the visitor's own questions.
 */
export function useAmaLiveUpdates(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('ama_session_changed', ({ id }) => {
    void queryClient.invalidateQueries({ queryKey: amaKeys.sessions() });
    void queryClient.invalidateQueries({ queryKey: amaKeys.session(id) });
    void queryClient.invalidateQueries({ queryKey: amaKeys.pricing(id) });
  });
  useRealtimeEvent('ama_booking_changed', ({ session_id }) => {
    void queryClient.invalidateQueries({ queryKey: amaKeys.count(session_id, 'confirmed') });
    void queryClient.invalidateQueries({ queryKey: amaKeys.count(session_id, 'pending') });
  });
  useRealtimeEvent('ama_question_changed', ({ id, session_id }) => {
    void queryClient.invalidateQueries({ queryKey: amaKeys.questions(session_id) });
    void queryClient.invalidateQueries({ queryKey: amaKeys.transcript(session_id) });
    // Only a change to one of the visitor's own questions reads their list again (asking one
    // refreshes it already), so a busy session does not make every open page ask.
    const own = queryClient
      .getQueriesData<MyQuestion[]>({ queryKey: amaKeys.myQuestionsAll() })
      .some(([, list]) => list?.some((question) => question.id === id));
    if (own) void queryClient.invalidateQueries({ queryKey: amaKeys.myQuestionsAll() });
  });
}
