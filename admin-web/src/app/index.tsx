import { useDocumentTheme } from '@wfm/ui';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createAdminRouter } from './router.tsx';

export function App() {
  const [router] = useState(createAdminRouter);
  useDocumentTheme();
  return <RouterProvider router={router} />;
}
