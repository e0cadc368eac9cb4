import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { FakeWebSocket } from './fake-websocket.ts';
import { renderApp, setWideScreen } from './render-app.tsx';
import { server, TOKEN } from './server.ts';

function withToken() {
  window.localStorage.setItem('anon_token', TOKEN);
}

describe('header', () => {
  it('has the logo link home, New Post link, Suggest Feature button, Posting as and theme toggle', async () => {
    withToken();
    renderApp('/calculators');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: /WFM Community/ })).toHaveAttribute('href', '/');
    expect(within(header).getByText('Where Workforce Management Minds Connect')).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'New Post' })).toHaveAttribute('href', '/new');
    expect(within(header).getByRole('button', { name: 'Suggest Feature' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Toggle theme' })).toBeInTheDocument();
    expect(await within(header).findByText('returning_user')).toBeInTheDocument();
  });

  it('opens the full suggestion dialog from the header', async () => {
    withToken();
    const user = userEvent.setup();
    renderApp('/');
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Suggest Feature' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suggest a Feature' });
    expect(within(dialog).getByLabelText('Contact (optional)')).toBeInTheDocument();
  });
});

describe('theme', () => {
  it('defaults to dark, toggles, and persists under "theme"', async () => {
    withToken();
    const user = userEvent.setup();
    const first = renderApp('/');
    expect(document.documentElement).toHaveClass('dark');
    await user.click(screen.getByRole('button', { name: 'Toggle theme' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(document.documentElement).toHaveClass('light');
    expect(window.localStorage.getItem('theme')).toBe('light');

    first.unmount();
    document.documentElement.className = '';
    renderApp('/');
    expect(document.documentElement).toHaveClass('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });
});

describe('sidebar', () => {
  it('is not built below 1024 px (a phone neither renders it nor asks for its figures)', async () => {
    withToken();
    setWideScreen(false);
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname));
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
    server.events.removeAllListeners('request:start');
    expect(asked).not.toContain('/api/polls/stats');
  });

  it('lists the community links with their badges', () => {
    withToken();
    renderApp('/');
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    const links = within(sidebar).getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['/ama', 'AMA SessionsNew'],
      ['/jobs', 'Job & Role SpotlightNew'],
      ['/polls', 'Polls & BenchmarksLive'],
      ['/tools', 'Tools Directory'],
      ['/calculators', 'Calculator'],
      ['/simulator', 'Simulator'],
      ['/help', 'Need Help?'],
    ]);
    expect(within(sidebar).getByRole('button', { name: 'Suggest Feature' })).toBeInTheDocument();
  });

  it('shows a dash for each figure while the stats are unavailable', async () => {
    withToken();
    renderApp('/');
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    for (const id of ['stat-active-members', 'stat-today-s-posts', 'stat-live-polls']) {
      expect(within(sidebar).getByTestId(id)).toHaveTextContent('—');
    }
    await screen.findByText('returning_user');
    expect(within(sidebar).getByTestId('stat-active-members')).toHaveTextContent('—');
  });

  it('shows real figures, with a + on Active Members at 100 or more', async () => {
    withToken();
    server.use(
      http.get('/api/stats', () => HttpResponse.json({ activeMembers: 100, todaysPosts: 12, livePolls: 0 })),
      // Live Polls counts the catalog's open polls.
      http.get('/api/polls/stats', () => HttpResponse.json({ activePolls: 3, totalVotes: 40, participationRate: 50 })),
    );
    renderApp('/');
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(await within(sidebar).findByText('100+')).toBeInTheDocument();
    expect(within(sidebar).getByTestId('stat-today-s-posts')).toHaveTextContent('12');
    expect(within(sidebar).getByTestId('stat-live-polls')).toHaveTextContent('3');
  });

  it('shows Active Members below 100 without a +, and refreshes on member_joined', async () => {
    withToken();
    let members = 99;
    server.use(
      http.get('/api/stats', () => HttpResponse.json({ activeMembers: members, todaysPosts: 0, livePolls: 0 })),
    );
    renderApp('/');
    const stat = screen.getByTestId('stat-active-members');
    await screen.findByText('99');
    expect(stat).toHaveTextContent(/^99$/);

    members = 150;
    act(() => {
      FakeWebSocket.latest().serverOpen();
      FakeWebSocket.latest().serverSend({ type: 'member_joined', data: { username: 'new_member', created_at: 1 } });
    });
    expect(await screen.findByText('150+')).toBeInTheDocument();
  });

  it('says Active while live updates are connected', () => {
    withToken();
    renderApp('/');
    const indicator = screen.getByTestId('active-indicator');
    expect(indicator).toHaveTextContent('Connecting…');
    act(() => FakeWebSocket.latest().serverOpen());
    expect(indicator).toHaveTextContent('Active');
  });
});

describe('bottom mobile bar', () => {
  it('has AMA, Jobs, Polls, Tools, Calc, Sim, Suggest, Help in that order', async () => {
    withToken();
    const user = userEvent.setup();
    renderApp('/');
    const bar = screen.getByRole('navigation', { name: 'Mobile navigation' });
    const items = within(bar).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['AMA', 'Jobs', 'Polls', 'Tools', 'Calc', 'Sim', 'Suggest', 'Help']);
    expect(within(bar).getByRole('link', { name: 'Jobs' })).toHaveAttribute('href', '/jobs');
    expect(within(bar).getByRole('link', { name: 'Calc' })).toHaveAttribute('href', '/calculators');

    await user.click(within(bar).getByRole('button', { name: 'Suggest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suggest a Feature' });
    expect(within(dialog).getByLabelText('Email (optional)')).toBeInTheDocument();
  });
});
