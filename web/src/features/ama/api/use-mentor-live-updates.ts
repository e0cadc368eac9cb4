import { useQueryClient } from '@tanstack/react-query';
import type { MentorThread } from '@wfm/contracts/ama/mentors';
import { refetchIfInFlight } from '../../../lib/live-query-data.ts';
import { useRealtimeEvent } from '../../../lib/realtime-context.tsx';
import { amaKeys } from './ama-keys.ts';
import { appendThreadMessage } from './mentors.ts';

/**
 * Keeps the Mentors section current: the public mentor_changed reloads the directory and the
 * visitor's application; the messages for this visitor only (mentor_application, mentor_request,
 * mentor_message) reload their application, their requests, or add the message to the open thread.
 */
export function useMentorLiveUpdates(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('mentor_changed', () => {
    void queryClient.invalidateQueries({ queryKey: [...amaKeys.mentors(), 'directory'] });
  });
  useRealtimeEvent('mentor_application', () => {
    void queryClient.invalidateQueries({ queryKey: amaKeys.myMentorApplication() });
    void queryClient.invalidateQueries({ queryKey: [...amaKeys.mentors(), 'directory'] });
  });
  useRealtimeEvent('mentor_request', ({ request_id }) => {
    void queryClient.invalidateQueries({ queryKey: amaKeys.myMentorRequests() });
    void queryClient.invalidateQueries({ queryKey: amaKeys.mentorThread(request_id) });
  });
  useRealtimeEvent('mentor_message', ({ request_id, message }) => {
    queryClient.setQueryData<MentorThread>(amaKeys.mentorThread(request_id), (thread) => appendThreadMessage(thread, message));
    refetchIfInFlight(queryClient, amaKeys.mentorThread(request_id));
    void queryClient.invalidateQueries({ queryKey: amaKeys.myMentorRequests() });
  });
}
