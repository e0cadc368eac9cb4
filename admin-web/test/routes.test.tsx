import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '../src/app/router.tsx';
import { ADMIN_BASENAME } from '../src/config/paths.ts';

function renderAt(url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url], basename: ADMIN_BASENAME });
  render(<RouterProvider router={router} />);
  return router;
}

describe('admin-web routes', () => {
  it('/admin goes to /admin/login', async () => {
    const router = renderAt('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('the login page says honestly that staff sign-in is not available yet', async () => {
    renderAt('/admin/login');
    expect(await screen.findByRole('note')).toHaveTextContent('Staff sign-in is not available yet.');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /sign in/i })).not.toBeInTheDocument();
    expect(screen.getByText('Secure admin access only')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Toggle theme' })).toBeInTheDocument();
  });

  it('unknown admin paths get a not-found page linking to login', async () => {
    renderAt('/admin/nope');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to admin login' })).toHaveAttribute('href', '/admin/login');
  });
});
