import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProvider } from '../src/app/provider.tsx';
import { routes } from '../src/app/router.tsx';

/**
 * The route table with every page's code already loaded. The app's routes are `lazy` (loaded on
 * first visit, before the route renders): with them a memory router renders nothing until the page
 * module arrives, so a test could not query the shell right after renderApp. routes.test.tsx covers
 * the lazy table itself.
 */
async function loaded(table: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    table.map(async (route) => {
      const { lazy, ...rest } = route;
      const resolved = { ...rest, ...(typeof lazy === 'function' ? await lazy() : {}) } as RouteObject;
      return route.children ? ({ ...resolved, children: await loaded(route.children) } as RouteObject) : resolved;
    }),
  );
}
const loadedRoutes = await loaded(routes);

/** The whole app (shell, providers, every route) at `path`, with a fresh query cache. */
export function renderApp(path = '/') {
  const router = createMemoryRouter(loadedRoutes, { initialEntries: [path] });
  const result = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router };
}

/** Makes `(min-width: …)` queries answer as on a phone (false) or a desktop (true) for one test. */
export function setWideScreen(wide: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}
