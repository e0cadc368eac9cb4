import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** Content whose author staff can suspend, and the service route that does it. */
export type SuspendableContent =
  | { kind: 'post'; id: number }
  | { kind: 'comment'; id: number }
  | { kind: 'poll'; id: number }
  | { kind: 'tool'; id: number }
  | { kind: 'template'; id: number }
  | { kind: 'job'; id: number }
  | { kind: 'question'; id: number }
  | { kind: 'booking'; id: number }
  | { kind: 'mentor-request'; id: number };

/** The "suspend the author" route of each service (the service that knows the author's keyed hash). */
export function suspendAuthorPath({ kind, id }: SuspendableContent): string {
  switch (kind) {
    case 'post':
      return `/api/admin/posts/${id}/suspend-author`;
    case 'comment':
      return `/api/admin/posts/comments/${id}/suspend-author`;
    case 'poll':
      return `/api/admin/polls/${id}/suspend-author`;
    case 'tool':
      return `/api/admin/tools/${id}/suspend-author`;
    case 'template':
      return `/api/admin/templates/${id}/suspend-author`;
    case 'job':
      return `/api/admin/jobs/${id}/suspend-author`;
    case 'question':
      return `/api/admin/ama/questions/${id}/suspend-author`;
    case 'booking':
      return `/api/admin/ama/bookings/${id}/suspend-author`;
    case 'mentor-request':
      return `/api/admin/mentors/requests/${id}/suspend-author`;
  }
}

export interface SuspendAuthor {
  content: SuspendableContent;
  duration_ms: number | null;
  reason: string;
}

/** Suspends the author of any content: the visitor can still read but cannot write anywhere. */
export async function suspendAuthor({ content, duration_ms, reason }: SuspendAuthor): Promise<void> {
  await api.post(suspendAuthorPath(content), { duration_ms, reason });
}

export function useSuspendAuthor() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: suspendAuthor, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.suspensions() }) });
}
