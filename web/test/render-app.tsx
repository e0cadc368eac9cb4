import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { App } from '../src/app/index.tsx';
import { routes } from '../src/app/router.tsx';
import { createMemoryRouter, loadRoute } from '../src/lib/router.tsx';

/**
 * Every page's code loaded up front: the router loads a route's page before it renders the route,
 * so with nothing loaded a test could not query the shell right after renderApp. routes.test.tsx
 * covers the lazy table itself.
 */
await Promise.all(routes.map((route) => loadRoute(route)));

/** The whole app (shell, providers, every route) at `path`, with a fresh query cache. */
export function renderApp(path = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(<App router={router} />);
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
