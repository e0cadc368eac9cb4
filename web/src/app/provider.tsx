import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster, useDocumentTheme } from '@wfm/ui';
import type { QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client.ts';
import { RealtimeProvider } from '../lib/realtime-context.tsx';

/** Query cache, websocket, toasts and theme class for everything inside. */
export function AppProvider({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  useDocumentTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        {children}
        <Toaster />
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
