import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDetail, servePost } from './forum-fixtures.ts';
import { renderApp } from './render-app.tsx';
import { TOKEN } from './server.ts';

describe('routes', () => {
  it.each([
    ['/', 'Community Feed'],
    ['/new', 'Create Post'],
    ['/post/42', 'A post worth reading'],
    ['/calculators', 'Quick Calculators'],
    ['/simulator', 'Scenario Simulator'],
    ['/help', 'Need Help?'],
  ])('%s shows the shell and its page', async (path, title) => {
    window.localStorage.setItem('anon_token', TOKEN);
    window.localStorage.setItem('terms_accepted', 'true');
    servePost(makeDetail({ id: 42, title: 'A post worth reading' }));
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Mobile navigation' })).toBeInTheDocument();
  });

  it('shows a real not-found page for unknown paths, with a link home', async () => {
    window.localStorage.setItem('anon_token', TOKEN);
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    const home = within(screen.getByRole('main')).getByRole('link', { name: 'Back to home' });
    expect(home).toHaveAttribute('href', '/');
    home.click();
    expect(await screen.findByRole('heading', { level: 1, name: 'Community Feed' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
