import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { RealtimeClient, realtimeUrl, type RealtimeStatus } from './realtime.ts';

const RealtimeContext = createContext<RealtimeClient | null>(null);

/** Keeps the page's websocket to /ws open (reconnecting) while mounted. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => new RealtimeClient({ url: realtimeUrl() }));

  useEffect(() => {
    client.start();
    return () => client.stop();
  }, [client]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

function useRealtimeClient(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('useRealtime* hooks need a <RealtimeProvider>');
  return client;
}

/**
 * Runs `handler` for every realtime message of `type` (`new_post`, `member_joined`, ...) while the
 * component is mounted. The latest handler is always used, so it need not be memoised.
 */
export function useRealtimeEvent(type: string, handler: (data: unknown) => void): void {
  const client = useRealtimeClient();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => client.subscribe(type, (data) => latest.current(data)), [client, type]);
}

export function useRealtimeStatus(): RealtimeStatus {
  const client = useRealtimeClient();
  return useSyncExternalStore(
    (listener) => client.onStatusChange(listener),
    () => client.status,
    () => 'closed',
  );
}
