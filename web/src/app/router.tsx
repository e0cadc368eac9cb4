import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { paths } from '../config/paths.ts';
import { RouteError } from './route-error.tsx';
import { AppShell } from './shell/app-shell.tsx';

/** A page component loaded on first visit (the shell's Suspense shows a skeleton meanwhile). */
function page(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return <Page />;
}

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      { path: paths.home.path, element: page(() => import('../routes/home.tsx')) },
      { path: paths.newPost.path, element: page(() => import('../routes/new-post.tsx')) },
      { path: paths.post.path, element: page(() => import('../routes/post.tsx')) },
      { path: paths.tools.path, element: page(() => import('../routes/tools.tsx')) },
      { path: paths.templates.path, element: page(() => import('../routes/templates.tsx')) },
      { path: paths.polls.path, element: page(() => import('../routes/polls.tsx')) },
      { path: paths.poll.path, element: page(() => import('../routes/poll.tsx')) },
      { path: paths.calculators.path, element: page(() => import('../routes/calculators.tsx')) },
      { path: paths.simulator.path, element: page(() => import('../routes/simulator.tsx')) },
      { path: paths.help.path, element: page(() => import('../routes/help.tsx')) },
      { path: paths.ama.path, element: page(() => import('../routes/ama.tsx')) },
      { path: paths.amaSession.path, element: page(() => import('../routes/ama-session.tsx')) },
      { path: paths.jobs.path, element: page(() => import('../routes/jobs.tsx')) },
      { path: '*', element: page(() => import('../routes/not-found.tsx')) },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
