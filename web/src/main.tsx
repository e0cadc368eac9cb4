// First: configures zod before any schema parses (see the file).
import './app/zod-config.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/index.tsx';
import { createAppRouter, type RouteHandle } from './app/router.tsx';
import { hasInitialData } from './lib/initial-data.ts';
import { createQueryClient } from './lib/query-client.ts';
import './index.css';

/** A visitor with a token waits at most this long for its own copy of a per-visitor read. */
const PRELOAD_LIMIT_MS = 3_000;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const router = createAppRouter();
const queryClient = createQueryClient();

/** Resolves once the router has loaded the code of the first route. */
function routerReady(): Promise<void> {
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
async function prepareFirstRender(): Promise<void> {
  await routerReady();
  if (!hasInitialData()) return;
  const preloads = router.state.matches.flatMap(({ route, params }) => {
    const preload = (route.handle as RouteHandle | undefined)?.preload;
    return preload ? [preload(queryClient, params)] : [];
  });
  await Promise.race([Promise.allSettled(preloads), new Promise((resolve) => setTimeout(resolve, PRELOAD_LIMIT_MS))]);
}

// A transition: React renders the first page in slices of a few milliseconds instead of one long
// task, so a phone stays responsive while it builds the page (the server markup is on screen).
void prepareFirstRender().finally(() => {
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  });
});
