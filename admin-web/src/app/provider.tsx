import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster, useDocumentTheme } from '@wfm/ui';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client.ts';

/** Query cache, toasts and theme class for everything inside. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useDocumentTheme();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
