import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToString } from 'react-dom/server';
import { AppProvider } from './app/provider.tsx';
import { RouteError } from './app/route-error.tsx';
import { routes } from './app/router.tsx';
import { AppShell } from './app/shell/app-shell.tsx';
import { renderLazyMarkdownEagerly } from './components/lazy-markdown.tsx';
import { renderingOnServer } from './hooks/use-hydrated.ts';
import { MarkdownContent } from './components/markdown.tsx';
import { setServerRead } from './lib/api-client.ts';
import { setServerRenderTime } from './lib/page-time.ts';
import { createQueryClient } from './lib/query-client.ts';
import { createStaticRouter, RouterProvider } from './lib/router.tsx';

/**
 * The server renderer of the public pages (issue 27 item 1), built by `vite build --ssr` into
 * web/dist-ssr/entry-server.mjs and loaded by the gateway (gateway/src/html-pages.ts). It renders
 * the same route table and components the browser runs: the route's preload (router.tsx) fills a
 * query cache through `read` (the gateway's read cache, the same API reads the browser makes), then
 * the app renders to HTML. The answers it read go into the page (lib/initial-data.ts), so the
 * browser's first render has the same data and hydrates the markup instead of replacing it.
 */

export interface ServerRender {
  /** 200, or 404 when the path matches no route (the not-found page). */
  status: number;
  /** The markup of #root. */
  html: string;
  /** The API answers the page was made from, by path. */
  data: Record<string, unknown>;
  /** Paths whose answer differs for a visitor with a token (the browser asks again after hydration). */
  perVisitor: string[];
  /** The clock the page was rendered with (lib/page-time.ts): the browser hydrates with it. */
  renderedAt: number;
}

// The browser fetches the Markdown renderer after hydrating; the server's pages carry its markup.
renderLazyMarkdownEagerly(MarkdownContent);
// Every render here is an anonymous visitor's page (also under a test's DOM, where there is a window).
renderingOnServer();

const reads = new AsyncLocalStorage<(path: string) => Promise<unknown>>();
setServerRead((path) => {
  const read = reads.getStore();
  if (!read) throw new Error(`a read of ${path} outside a server render`);
  return read(path);
});

/** Renders `url` (path and query) with the reads of `read`; a read that fails leaves its query in error, as in the browser. */
export async function render(url: string, read: (path: string) => Promise<unknown>): Promise<ServerRender> {
  const data: Record<string, unknown> = {};
  const recording = async (path: string) => {
    const answer = await read(path);
    data[path] = answer;
    return answer;
  };
  return reads.run(recording, async () => {
    const router = createStaticRouter(routes, url);
    await router.ready();
    if (router.state.error) throw router.state.error;
    const queryClient = createQueryClient();
    const perVisitor = new Set<string>();
    for (const { route, params } of router.state.matches) {
      const handle = route.handle;
      if (!handle?.preload) continue;
      const before = new Set(Object.keys(data));
      await handle.preload(queryClient, params, new URLSearchParams(router.state.location.search));
      if (handle.perVisitor) for (const path of Object.keys(data)) if (!before.has(path)) perVisitor.add(path);
    }
    const renderedAt = Date.now();
    setServerRenderTime(renderedAt);
    const html = renderToString(
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} errorElement={<RouteError />}>
          <AppShell />
        </RouterProvider>
      </AppProvider>,
    );
    const notFound = router.state.matches.some(({ route }) => route.path === '*');
    return { status: notFound ? 404 : 200, html, data, perVisitor: [...perVisitor], renderedAt };
  });
}
