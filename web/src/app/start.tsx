import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { onlineManager } from '@tanstack/react-query';
import { hasInitialData, ownCopyNeeded } from '../lib/initial-data.ts';
import { hydrationFinished, hydrationStarted } from '../hooks/use-hydrated.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { App } from './index.tsx';
import { whenPageHydrated } from './page-hydrated.tsx';
import { createAppRouter } from './router.tsx';

/** Sent on document once React has hydrated the server's markup (the boot script listens for it). */
const HYDRATED_EVENT = 'wfm:hydrated';

/** The shell is hydrated; the page should follow within this (else its queries run regardless). */
const BACKSTOP_MS = 5_000;

/** A visitor with a token waits at most this long for its own copy of a per-visitor read. */
const PRELOAD_LIMIT_MS = 3_000;

/** Builds the router and the query cache, then renders the app into #root (main.tsx calls it); resolves to the React root. */
export function start(): Promise<Root> {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const router = createAppRouter();
  const queryClient = createQueryClient();
  // Markup in #root is the server's rendering of this page from the same components
  // (entry-server.tsx): React hydrates it, keeping the elements on screen.
  const serverRendered = root.firstElementChild !== null;
  // Rendered whatever the preparation met (a failed preload leaves its query to the page).
  return prepareFirstRender(router, queryClient).catch(() => undefined).then(() => {
    const app = (
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>
    );
    if (serverRendered) {
      // No query fetches until the page is hydrated: an answer that came between the shell's
      // hydration and the page's (the shell's effects run in between) would make the page's
      // hydrating render differ from the server's (its skeletons), a mismatch. Paused, not failed.
      onlineManager.setOnline(false);
      let once = false;
      // The page was made for an anonymous visitor: this visitor's own copy (their vote) once hydrated.
      const hydrated = () => {
        if (once) return;
        once = true;
        // What only this browser knows (the visitor's token and name, the viewport) renders now, in
        // a transition (hooks/use-hydrated.ts).
        hydrationFinished();
        onlineManager.setOnline(navigator.onLine !== false);
        // The server marks its markup pending (gateway/src/html-document.ts): its controls work now.
        root.removeAttribute('aria-disabled');
        root.removeAttribute('aria-busy');
        // The boot script (web/vite.config.ts) gives the clicks it held to the hydrated elements.
        document.dispatchEvent(new Event(HYDRATED_EVENT));
        if (ownCopyNeeded()) void queryClient.invalidateQueries();
      };
      whenPageHydrated(hydrated);
      // A page that never hydrates (its code failed to load) must not keep the queries paused.
      const backstop = () => setTimeout(hydrated, BACKSTOP_MS);
      hydrationStarted();
      let reactRoot: Root | undefined;
      startTransition(() => {
        reactRoot = hydrateRoot(root, <AfterHydration onDone={backstop}>{app}</AfterHydration>, {
          // A mismatch makes React drop the server's markup and render afresh (typed text and focus
          // lost): it is a bug, counted where the browser tests read it (e2e/no-lost-clicks.test.ts).
          onRecoverableError: (error) => {
            const w = window as unknown as { wfmHydrationErrors?: string[] };
            (w.wfmHydrationErrors ??= []).push(String(error));
            console.error('hydration:', error);
          },
        });
      });
      return reactRoot!;
    }
    const reactRoot = createRoot(root);
    // A transition: React renders the first page in slices of a few milliseconds instead of one long
    // task, so a phone stays responsive while it builds the page.
    startTransition(() => reactRoot.render(app));
    return reactRoot;
  });
}

/** Calls `onDone` once its children are hydrated (adds no element). */
function AfterHydration({ children, onDone }: { children: ReactNode; onDone: () => void }) {
  useEffect(() => {
    onDone();
  }, [onDone]);
  return children;
}

type AppRouter = ReturnType<typeof createAppRouter>;
type QueryClient = ReturnType<typeof createQueryClient>;

/**
 * A server-rendered page (gateway/src/html-pages.ts, entry-server.tsx) already shows its content:
 * React hydrates it only once the route's code and the page's data (embedded in the page) are in
 * hand, so its first render is the server's.
 */
async function prepareFirstRender(router: AppRouter, queryClient: QueryClient): Promise<void> {
  await router.ready();
  if (!hasInitialData()) return;
  const preloads = router.state.matches.flatMap(({ route, params }) => {
    const preload = route.handle?.preload;
    return preload ? [preload(queryClient, params, new URLSearchParams(router.state.location.search))] : [];
  });
  await Promise.race([Promise.allSettled(preloads), new Promise((resolve) => setTimeout(resolve, PRELOAD_LIMIT_MS))]);
}
