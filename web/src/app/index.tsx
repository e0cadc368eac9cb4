import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from '../lib/router.tsx';
import { AppProvider } from './provider.tsx';
import { RouteError } from './route-error.tsx';
import { createAppRouter } from './router.tsx';
import { AppShell } from './shell/app-shell.tsx';

type AppRouter = ReturnType<typeof createAppRouter>;

/** The app; main.tsx hands in the router and query cache it prepared before the first render. */
export function App({ router: prepared, queryClient }: { router?: AppRouter; queryClient?: QueryClient } = {}) {
  const [router] = useState(() => prepared ?? createAppRouter());
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} errorElement={<RouteError />}>
        <AppShell />
      </RouterProvider>
    </AppProvider>
  );
}
