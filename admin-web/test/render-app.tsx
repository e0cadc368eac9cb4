import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '../src/app/provider.tsx';
import { routes } from '../src/app/router.tsx';
import { ADMIN_BASENAME } from '../src/config/paths.ts';

/** The whole admin app at `url` (e.g. "/admin?tab=staff"), with a fresh query cache. */
export function renderApp(url = '/admin') {
  const router = createMemoryRouter(routes, { initialEntries: [url], basename: ADMIN_BASENAME });
  const result = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router };
}
