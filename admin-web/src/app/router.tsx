import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { Suspense } from 'react';
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
      // The panel needs a staff session, which arrives with the admin work: until then, go to login.
      { path: paths.panel.path, element: <Navigate to={paths.login.getHref()} replace /> },
      { path: paths.login.path, element: page(() => import('../routes/login.tsx')) },
      { path: '*', element: page(() => import('../routes/not-found.tsx')) },
    ],
  },
];

export const createAdminRouter = () => createBrowserRouter(routes, { basename: ADMIN_BASENAME });
