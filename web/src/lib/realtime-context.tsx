import { QueryClientContext } from '@tanstack/react-query';
import type { RealtimeData, RealtimeType } from '@wfm/contracts/shared/realtime';
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { afterHydration } from '../hooks/use-hydrated.ts';
import { RealtimeClient, realtimeUrl, type RealtimeStatus } from './realtime.ts';
import { visitorTokenQueryOptions } from './visitor-token.ts';

const RealtimeContext = createContext<RealtimeClient | null>(null);

/**
 * Keeps the page's websocket to /ws open (reconnecting) while mounted. Inside a QueryClientProvider
 * the socket says hello with the visitor's session token once there is one (and again when it
 * changes), so messages for this visitor only reach it too; and whenever messages may have been
 * missed all queries are invalidated — what the page shows refetches at once, the rest when next
 * shown: after every reconnect (a rolling deploy drops every socket), and when a public message was
 * sent between the page's loading and its first socket opening (realtime.ts).
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  // No window on the server (entry-server.tsx): the socket opens in an effect, which runs in the browser only.
  const [client] = useState(() => new RealtimeClient({ url: typeof window === 'undefined' ? '' : realtimeUrl() }));
  const queryClient = useContext(QueryClientContext);

  // A server-rendered page opens its socket once the page itself is hydrated, not with the shell:
  // React hydrates the page, whose listeners (the feed's new_post) subscribe in its effects, in a
  // later pass, and a message that came in between reached no listener and was lost; nothing
  // refetched, and a post created meanwhile never showed. The first hello's replay brings what was
  // broadcast since the page was loaded.
  useEffect(() => {
    const cancel = afterHydration(() => client.start());
    return () => {
      cancel();
      client.stop();
    };
  }, [client]);

  useEffect(() => {
    if (!queryClient) return;
    const { queryKey } = visitorTokenQueryOptions();
    const identify = () => client.identify(queryClient.getQueryData<string>(queryKey) ?? null);
    identify();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryKey[0] === queryKey[0]) identify();
    });
  }, [client, queryClient]);

  useEffect(() => {
    if (!queryClient) return;
    return client.onMissedMessages(() => void queryClient.invalidateQueries());
  }, [client, queryClient]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

function useRealtimeClient(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('useRealtime* hooks need a <RealtimeProvider>');
  return client;
}

/**
 * Runs `handler` with the typed data of every realtime message of `type` (`new_post`,
 * `member_joined`, `booking_status`, ...) while the component is mounted. The latest handler is
 * always used, so it need not be memoised.
 */
export function useRealtimeEvent<T extends RealtimeType>(type: T, handler: (data: RealtimeData<T>) => void): void {
  const client = useRealtimeClient();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => client.subscribe<T>(type, (data) => latest.current(data)), [client, type]);
}

export function useRealtimeStatus(): RealtimeStatus {
  const client = useRealtimeClient();
  return useSyncExternalStore(
    (listener) => client.onStatusChange(listener),
    () => client.status,
    // On the server and while hydrating: the socket is not open yet ("Connecting…", not "Reconnecting…").
    () => 'connecting',
  );
}
