import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type Params, type RouteObject } from 'react-router-dom';
import { paths, ROUTE_ID } from '../config/paths.ts';
import { RouteError } from './route-error.tsx';
import { AppShell } from './shell/app-shell.tsx';

/** Fetches what a route's page reads first, so the first render has it (main.tsx, server-rendered pages). */
export type RoutePreload = (queryClient: QueryClient, params: Params) => Promise<unknown>;

export interface RouteHandle {
  preload?: RoutePreload;
  /** The preload's answers differ for a visitor with a token (a poll names their vote): asked again after hydration. */
  perVisitor?: boolean;
}

/**
 * A page whose code is loaded when its route is first visited: the router loads it before it
 * renders the route (data-router `lazy`), so the page never shows a loading fallback for its own
 * code, and no page's code (or the libraries only it uses) is in the first download of another.
 */
function page(load: () => Promise<{ default: ComponentType }>, preload?: RoutePreload, perVisitor?: boolean): Pick<RouteObject, 'lazy' | 'handle'> {
  return {
    lazy: async () => ({ Component: (await load()).default }),
    ...(preload ? { handle: { preload, ...(perVisitor ? { perVisitor } : {}) } satisfies RouteHandle } : {}),
  };
}

const numericId = (params: Params) => (params.id && ROUTE_ID.test(params.id) ? Number(params.id) : null);

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      {
        path: paths.home.path,
        ...page(
          () => import('../routes/home.tsx'),
          async (queryClient) => {
            const { postsQueryOptions } = await import('../features/posts/api/get-posts.ts');
            return queryClient.prefetchInfiniteQuery(postsQueryOptions({ sort: 'latest' }));
          },
        ),
      },
      { path: paths.newPost.path, ...page(() => import('../routes/new-post.tsx')) },
      {
        path: paths.post.path,
        ...page(
          () => import('../routes/post.tsx'),
          async (queryClient, params) => {
            const id = numericId(params);
            const { postQueryOptions } = await import('../features/posts/api/get-post.ts');
            return id === null ? undefined : queryClient.prefetchQuery(postQueryOptions(id));
          },
        ),
      },
      {
        path: paths.tools.path,
        ...page(
          () => import('../routes/tools.tsx'),
          async (queryClient) => {
            const { toolsQueryOptions } = await import('../features/tools/api/get-tools.ts');
            return queryClient.prefetchQuery(toolsQueryOptions({ sort: 'latest' }));
          },
        ),
      },
      { path: paths.templates.path, ...page(() => import('../routes/templates.tsx')) },
      { path: paths.polls.path, ...page(() => import('../routes/polls.tsx')) },
      {
        path: paths.poll.path,
        ...page(
          () => import('../routes/poll.tsx'),
          async (queryClient, params) => {
            const id = numericId(params);
            const { pollQueryOptions } = await import('../features/polls/api/get-poll.ts');
            return id === null ? undefined : queryClient.prefetchQuery(pollQueryOptions(id));
          },
          true,
        ),
      },
      { path: paths.calculators.path, ...page(() => import('../routes/calculators.tsx')) },
      { path: paths.simulator.path, ...page(() => import('../routes/simulator.tsx')) },
      { path: paths.help.path, ...page(() => import('../routes/help.tsx')) },
      { path: paths.ama.path, ...page(() => import('../routes/ama.tsx')) },
      {
        path: paths.amaSession.path,
        ...page(
          () => import('../routes/ama-session.tsx'),
          async (queryClient, params) => {
            const id = numericId(params);
            const { amaSessionQueryOptions } = await import('../features/ama/api/get-session.ts');
            return id === null ? undefined : queryClient.prefetchQuery(amaSessionQueryOptions(id));
          },
        ),
      },
      {
        path: paths.jobs.path,
        ...page(
          () => import('../routes/jobs.tsx'),
          async (queryClient) => {
            const { jobsQueryOptions } = await import('../features/jobs/api/get-jobs.ts');
            return queryClient.prefetchQuery(jobsQueryOptions({}));
          },
        ),
      },
      { path: paths.notifications.path, ...page(() => import('../routes/notifications.tsx')) },
      { path: paths.recoveryPhrase.path, ...page(() => import('../routes/recovery-phrase.tsx')) },
      { path: paths.yourData.path, ...page(() => import('../routes/your-data.tsx')) },
      { path: '*', ...page(() => import('../routes/not-found.tsx')) },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
