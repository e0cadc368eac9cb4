import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { hasInitialData } from '../lib/initial-data.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { App } from './index.tsx';
import { createAppRouter, type RouteHandle } from './router.tsx';

/** A visitor with a token waits at most this long for its own copy of a per-visitor read. */
const PRELOAD_LIMIT_MS = 3_000;

/** Builds the router and the query cache, then renders the app into #root (main.tsx calls it). */
export function start(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const router = createAppRouter();
  const queryClient = createQueryClient();
  void prepareFirstRender(router, queryClient).finally(() => {
    const reactRoot = createRoot(root);
    // A transition: React renders the first page in slices of a few milliseconds instead of one long
    // task, so a phone stays responsive while it builds the page (the server markup is on screen).
    startTransition(() => {
      reactRoot.render(
        <StrictMode>
          <App router={router} queryClient={queryClient} />
        </StrictMode>,
      );
    });
  });
}

type AppRouter = ReturnType<typeof createAppRouter>;
type QueryClient = ReturnType<typeof createQueryClient>;

/** Resolves once the router has loaded the code of the first route. */
function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * A server-rendered page (gateway/src/html-pages.ts) already shows its content: React takes the
 * root over only once the route's code and the page's data (embedded in the page) are in hand, so
 * its first render shows the same content instead of a loading skeleton in between.
 */
async function prepareFirstRender(router: AppRouter, queryClient: QueryClient): Promise<void> {
  await routerReady(router);
  if (!hasInitialData()) return;
  const preloads = router.state.matches.flatMap(({ route, params }) => {
    const preload = (route.handle as RouteHandle | undefined)?.preload;
    return preload ? [preload(queryClient, params)] : [];
  });
  await Promise.race([Promise.allSettled(preloads), new Promise((resolve) => setTimeout(resolve, PRELOAD_LIMIT_MS))]);
}
