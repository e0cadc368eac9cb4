import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';

type AppRouter = ReturnType<typeof createAppRouter>;

/** The app; main.tsx hands in the router and query cache it prepared before the first render. */
export function App({ router: prepared, queryClient }: { router?: AppRouter; queryClient?: QueryClient } = {}) {
  const [router] = useState(() => prepared ?? createAppRouter());
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
