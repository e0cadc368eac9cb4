import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '../src/app/provider.tsx';
import { routes } from '../src/app/router.tsx';
import { ADMIN_BASENAME } from '../src/config/paths.ts';

// The app loads its route pages lazily. A file's first render waited for their first transform inside
// the test, which took over 10 s on a loaded machine (CI): they are loaded here, while the file is
// collected, outside any test's timeout.
await Promise.all([import('../src/routes/panel.tsx'), import('../src/routes/login.tsx'), import('../src/routes/not-found.tsx')]);

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
