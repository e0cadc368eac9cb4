import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useRealtimeMessages } from '../../../lib/realtime.ts';

/** While mounted, refreshes the mentors list (and so the tab's badge) when an application arrives or changes. */
export function useMentorChanges(): void {
  const queryClient = useQueryClient();
  useRealtimeMessages((message) => {
    if (message.type === 'mentor_changed') void queryClient.invalidateQueries({ queryKey: queryKeys.mentors() });
  });
}
