import { QueryClientProvider } from '@tanstack/react-query';
import { useDocumentTheme } from '@wfm/ui';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useHydrated } from '../hooks/use-hydrated.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { RealtimeProvider } from '../lib/realtime-context.tsx';

/**
 * The toasts' viewport (Radix Toast, about 12 KB compressed) is fetched once the page is hydrated,
 * not before it is interactive (issue 27 item 4); a toast asked for meanwhile waits in the store
 * (@wfm/ui use-toast.ts) and shows when it arrives. Neither the server nor the hydrating render
 * has it, so they agree.
 */
const Toaster = lazy(async () => ({ default: (await import('@wfm/ui/toaster')).Toaster }));

/** Query cache, websocket, toasts and theme class for everything inside. */
export function AppProvider({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  useDocumentTheme();
  const hydrated = useHydrated();
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        {children}
        {hydrated && (
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        )}
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
