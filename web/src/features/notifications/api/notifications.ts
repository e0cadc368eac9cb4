import { queryOptions, useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { NotificationsResponse, NotificationsSeenResponse, type ReplyNotification } from '@wfm/contracts/shared/notifications';
import { api } from '../../../lib/api-client.ts';
import { useRealtimeEvent } from '../../../lib/realtime-context.tsx';

/**
 * "Replies to me" comes from two services, each knowing the visitor by its own hash: the forum
 * (comments on the visitor's posts) and ama-booking (answers to the visitor's AMA questions).
 */
const SOURCES = [
  { name: 'forum', list: '/api/notifications', seen: '/api/notifications/seen' },
  { name: 'ama', list: '/api/ama/notifications', seen: '/api/ama/notifications/seen' },
] as const;

export const notificationsQueryOptions = (anonToken: string, source: (typeof SOURCES)[number]) =>
  queryOptions({
    queryKey: ['notifications', source.name, anonToken],
    queryFn: async ({ signal }) => NotificationsResponse.parse(await api.get(source.list, { signal })),
    staleTime: 60_000,
  });

export interface MergedNotifications {
  items: ReplyNotification[];
  unread: number;
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
}

/** Both lists, newest first, and the unread total; refetched when a reply arrives live. */
export function useNotifications(anonToken: string | undefined): MergedNotifications {
  const queryClient = useQueryClient();
  const results = useQueries({
    queries: SOURCES.map((source) => ({ ...notificationsQueryOptions(anonToken ?? '', source), enabled: Boolean(anonToken) })),
  });
  useRealtimeEvent('reply_notification', () => {
    void queryClient.invalidateQueries({ queryKey: ['notifications'] });
  });
  const items = results
    .flatMap((r) => r.data?.items ?? [])
    .sort((a, b) => b.created_at - a.created_at || b.id.localeCompare(a.id));
  return {
    items,
    unread: results.reduce((sum, r) => sum + (r.data?.unread ?? 0), 0),
    isPending: results.some((r) => r.isPending),
    isError: results.some((r) => r.isError),
    refetch: () => results.forEach((r) => void r.refetch()),
  };
}

/** Marks everything read in both services (the bell's count goes to 0). */
export function useMarkNotificationsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      Promise.all(SOURCES.map(async (s) => NotificationsSeenResponse.parse(await api.post(s.seen)))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}
