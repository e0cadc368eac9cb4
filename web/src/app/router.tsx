import type { QueryClient } from '@tanstack/react-query';
import { paths, ROUTE_ID } from '../config/paths.ts';
import { hasAcceptedTerms } from '../features/create-post/terms-acceptance.ts';
import { createBrowserRouter, type Params, type Route } from '../lib/router.tsx';

/** Fetches what a route's page reads first, so the first render has it (main.tsx, server-rendered pages). */
export type RoutePreload = (queryClient: QueryClient, params: Params, search: URLSearchParams) => Promise<unknown>;

export interface RouteHandle {
  preload?: RoutePreload;
  /** The preload's answers differ for a visitor with a token (a poll names their vote): asked again after hydration. */
  perVisitor?: boolean;
}

/** A route whose page module is loaded on its first visit (lib/router.tsx loads it before rendering the route). */
function page(path: string, load: Route['load'], preload?: RoutePreload, perVisitor?: boolean): Route<RouteHandle> {
  return { path, load, ...(preload ? { handle: { preload, ...(perVisitor ? { perVisitor } : {}) } } : {}) };
}

const numericId = (params: Params) => (params.id && ROUTE_ID.test(params.id) ? Number(params.id) : null);

/** Every page of the app, in order; the first whose path matches renders (the shell, app-shell.tsx, is around each). */
export const routes: Route<RouteHandle>[] = [
  page(
    paths.home.path,
    () => import('../routes/home.tsx'),
    async (queryClient, _params, search) => {
      const [{ postsQueryOptions }, { listFilters, NO_FILTERS, urlFilters }] = await Promise.all([
        import('../features/posts/api/get-posts.ts'),
        import('../features/posts/utils/feed.ts'),
      ]);
      // The list the feed first shows for this address (home-feed.tsx): a search or filter in the query too.
      const q = (search.get('q') ?? '').trim();
      return queryClient.prefetchInfiniteQuery(postsQueryOptions(listFilters('all', 'latest', q, NO_FILTERS, undefined, urlFilters(search))));
    },
  ),
  page(paths.newPost.path, async () => {
    if (hasAcceptedTerms()) return import('../routes/new-post.tsx');
    // The terms open on the page's first render: their code (split off the page's, create-post-form.tsx)
    // is fetched beside it and in hand before the page renders, as when it was part of the page.
    const [newPost, form] = await Promise.all([
      import('../routes/new-post.tsx'),
      import('../features/create-post/components/create-post-form.tsx'),
      import('../features/create-post/components/terms-modal.tsx'),
    ]);
    await form.TermsModal.preload();
    return newPost;
  }),
  page(
    paths.post.path,
    () => import('../routes/post.tsx'),
    async (queryClient, params) => {
      const id = numericId(params);
      const { postQueryOptions } = await import('../features/posts/api/get-post.ts');
      return id === null ? undefined : queryClient.prefetchQuery(postQueryOptions(id));
    },
  ),
  page(
    paths.tools.path,
    () => import('../routes/tools.tsx'),
    async (queryClient) => {
      const { toolsQueryOptions } = await import('../features/tools/api/get-tools.ts');
      return queryClient.prefetchQuery(toolsQueryOptions({ sort: 'latest' }));
    },
  ),
  page(
    paths.templates.path,
    () => import('../routes/templates.tsx'),
    async (queryClient) => {
      const { templatesQueryOptions } = await import('../features/templates/api/get-templates.ts');
      return queryClient.prefetchQuery(templatesQueryOptions({ sort: 'latest' }));
    },
  ),
  page(
    paths.polls.path,
    () => import('../routes/polls.tsx'),
    async (queryClient) => {
      const [{ pollsQueryOptions }, { pollStatsQueryOptions }] = await Promise.all([
        import('../features/polls/api/get-polls.ts'),
        import('../features/polls/api/get-poll-stats.ts'),
      ]);
      // The Browse tab's first list and the stats cards above it (polls-screen.tsx).
      return Promise.all([queryClient.prefetchQuery(pollsQueryOptions({ sort: 'newest' })), queryClient.prefetchQuery(pollStatsQueryOptions())]);
    },
  ),
  page(
    paths.poll.path,
    () => import('../routes/poll.tsx'),
    async (queryClient, params) => {
      const id = numericId(params);
      const { pollQueryOptions } = await import('../features/polls/api/get-poll.ts');
      return id === null ? undefined : queryClient.prefetchQuery(pollQueryOptions(id));
    },
    true,
  ),
  page(paths.calculators.path, () => import('../routes/calculators.tsx')),
  page(paths.simulator.path, () => import('../routes/simulator.tsx')),
  page(paths.help.path, () => import('../routes/help.tsx')),
  page(
    paths.ama.path,
    () => import('../routes/ama.tsx'),
    async (queryClient) => {
      // The sessions only: each card's pricing, the seats left and the mentors load after hydration
      // (their answers are dropped by other events than the page's: gateway/src/html-pages.ts).
      const { sessionsQueryOptions } = await import('../features/ama/api/get-sessions.ts');
      return queryClient.prefetchQuery(sessionsQueryOptions());
    },
  ),
  page(
    paths.amaSession.path,
    () => import('../routes/ama-session.tsx'),
    async (queryClient, params) => {
      const id = numericId(params);
      const { amaSessionQueryOptions } = await import('../features/ama/api/get-session.ts');
      return id === null ? undefined : queryClient.prefetchQuery(amaSessionQueryOptions(id));
    },
  ),
  page(
    paths.jobs.path,
    () => import('../routes/jobs.tsx'),
    async (queryClient) => {
      const { jobsQueryOptions } = await import('../features/jobs/api/get-jobs.ts');
      return queryClient.prefetchQuery(jobsQueryOptions({}));
    },
  ),
  page(paths.notifications.path, () => import('../routes/notifications.tsx')),
  page(paths.recoveryPhrase.path, () => import('../routes/recovery-phrase.tsx')),
  page(paths.yourData.path, () => import('../routes/your-data.tsx')),
  page('*', () => import('../routes/not-found.tsx')),
];

export const createAppRouter = () => createBrowserRouter(routes);
