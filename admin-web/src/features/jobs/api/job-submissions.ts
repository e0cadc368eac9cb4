import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useRealtimeMessages } from '../../../lib/realtime.ts';

/** While mounted, refreshes the jobs list (and so the tab's badge) when a visitor posts a job. */
export function useJobSubmissions(): void {
  const queryClient = useQueryClient();
  useRealtimeMessages((message) => {
    if (message.type === 'job_submitted') void queryClient.invalidateQueries({ queryKey: queryKeys.jobs() });
  });
}
