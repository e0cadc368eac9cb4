import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { ADMIN_BASENAME, paths } from '../config/paths.ts';

function page(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return <Page />;
}

export const routes: RouteObject[] = [
  {
    element: (
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    ),
    children: [
      { path: paths.panel.path, element: page(() => import('../routes/panel.tsx')) },
      { path: paths.login.path, element: page(() => import('../routes/login.tsx')) },
      { path: '*', element: page(() => import('../routes/not-found.tsx')) },
    ],
  },
];

export const createAdminRouter = () => createBrowserRouter(routes, { basename: ADMIN_BASENAME });
