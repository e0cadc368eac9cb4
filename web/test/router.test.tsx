import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  createMemoryRouter,
  Link,
  matchPath,
  NavLink,
  Outlet,
  RouterProvider,
  useParams,
  useSearchParams,
  type Route,
} from '../src/lib/router.tsx';

/** lib/router.tsx: the app's own router (issue 27 item 4), as the pages use it. */
describe('matchPath', () => {
  it.each([
    ['/post/:id', '/post/42', { id: '42' }],
    ['/post/:id', '/post/42/', { id: '42' }],
    ['/polls', '/POLLS', {}],
    ['/post/:id', '/post/a%20b', { id: 'a b' }],
    ['/post/:id', '/post/%E0%A4%A', { id: '%E0%A4%A' }],
    ['*', '/anything/at/all', {}],
  ])('%s matches %s', (pattern, path, params) => {
    expect(matchPath(pattern, path)).toEqual(params);
  });

  it.each([
    ['/post/:id', '/post'],
    ['/post/:id', '/post/1/2'],
    ['/polls', '/polls/1'],
    ['/', '/x'],
    ['/polls', '//polls'],
  ])('%s does not match %s', (pattern, path) => {
    expect(matchPath(pattern, path)).toBeNull();
  });
});

function Post() {
  const { id } = useParams();
  const [search, setSearch] = useSearchParams();
  return (
    <main>
      <h1>Post {id}</h1>
      <p>tab {search.get('tab') ?? 'none'}</p>
      <button type="button" onClick={() => setSearch({ tab: 'comments' }, { replace: true })}>
        Comments
      </button>
    </main>
  );
}

function Home() {
  return (
    <main>
      <h1>Home</h1>
      <Link to="/post/7">Seven</Link>
    </main>
  );
}

let releaseSlow: () => void = () => {};
const routes: Route[] = [
  { path: '/', load: async () => ({ default: Home }) },
  { path: '/post/:id', load: async () => ({ default: Post }) },
  {
    path: '/slow',
    load: () => new Promise((resolve) => (releaseSlow = () => resolve({ default: () => <h1>Slow page</h1> }))),
  },
  { path: '*', load: async () => ({ default: () => <h1>Not found</h1> }) },
];

async function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await act(() => router.ready());
  render(
    <RouterProvider router={router}>
      <nav>
        <NavLink to="/post/7" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Post seven
        </NavLink>
        <Link to="/slow">Slow</Link>
      </nav>
      <Outlet />
    </RouterProvider>,
  );
  return router;
}

describe('the router', () => {
  it('renders the matching page, its params and query, and * for any other path', async () => {
    await renderAt('/post/3?tab=votes');
    expect(screen.getByRole('heading', { name: 'Post 3' })).toBeInTheDocument();
    expect(screen.getByText('tab votes')).toBeInTheDocument();
    await renderAt('/no/such/page');
    expect(screen.getByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });

  it('a plain click on a link navigates in the app; a modified click is left to the browser', async () => {
    const router = await renderAt('/');
    const link = screen.getByRole('link', { name: 'Seven' });
    expect(link).toHaveAttribute('href', '/post/7');
    // Ctrl/Cmd-click opens a new tab: the router must not take it.
    fireEvent.click(link, { ctrlKey: true });
    expect(router.state.location.pathname).toBe('/');
    await act(async () => {
      fireEvent.click(link);
    });
    expect(router.state.location.pathname).toBe('/post/7');
    expect(await screen.findByRole('heading', { name: 'Post 7' })).toBeInTheDocument();
    // The nav link to the current page says so.
    expect(screen.getByRole('link', { name: 'Post seven' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Post seven' })).toHaveClass('on');
  });

  it('the search params setter replaces the query on the same path', async () => {
    const router = await renderAt('/post/3');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Comments' }));
    });
    expect(router.state.location.search).toBe('?tab=comments');
    expect(await screen.findByText('tab comments')).toBeInTheDocument();
    expect(router.state.action).toBe('REPLACE');
  });

  it('keeps the current page until the next page\'s code has loaded; back returns to the entry before', async () => {
    const router = await renderAt('/');
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Slow' }));
    });
    // Not yet loaded: no fallback, the page being left stays, the address has not changed.
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    await act(async () => releaseSlow());
    expect(await screen.findByRole('heading', { name: 'Slow page' })).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(router.state.action).toBe('POP');
  });
});
