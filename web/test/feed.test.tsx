import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { FakeWebSocket } from './fake-websocket.ts';
import { makePost, servePosts } from './forum-fixtures.ts';
import { renderApp } from './render-app.tsx';
import { server, TOKEN } from './server.ts';
import { expectToast } from './toasts.ts';

function visitor() {
  window.localStorage.setItem('anon_token', TOKEN);
}

const feed = () => screen.getByRole('list', { name: 'Posts' });
const cards = () => within(feed()).getAllByTestId('post-card');
const tabCount = (value: string) => screen.getByTestId(`tab-count-${value}`);

describe('home feed: loading and tabs', () => {
  it('shows five skeleton cards while the posts load', async () => {
    visitor();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/posts', async () => {
        await answered;
        return HttpResponse.json({ posts: [makePost()], total: 1 });
      }),
    );
    renderApp('/');
    const loading = await screen.findByRole('status', { name: 'Loading posts' });
    expect(within(loading).getAllByTestId('post-skeleton')).toHaveLength(5);
    answer();
    expect(await screen.findByRole('list', { name: 'Posts' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading posts' })).not.toBeInTheDocument();
  });

  it('counts All from the server total and the other tabs from the loaded posts of their type', async () => {
    visitor();
    const posts = [
      makePost({ type: 'Question' }),
      makePost({ type: 'Question' }),
      makePost({ type: 'Idea' }),
      makePost({ type: 'Question' }),
    ];
    servePosts((params) => ({ posts: posts.filter((p) => !params.get('type') || p.type === params.get('type')), total: 57 }));
    const user = userEvent.setup();
    renderApp('/');
    await waitFor(() => expect(tabCount('all')).toHaveTextContent('57'));
    expect(tabCount('Question')).toHaveTextContent('3');
    expect(tabCount('Idea')).toHaveTextContent('1');
    expect(tabCount('Tool')).toHaveTextContent('0');
    expect(screen.queryByTestId('tab-count-mine')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /All Posts/ })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: /Ideas/ }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(tabCount('all')).toHaveTextContent('57');
    expect(tabCount('Question')).toHaveTextContent('3');
  });

  it('asks the server for the tab type, the sort and the visitor token on My Posts, leaving empty values out', async () => {
    visitor();
    const calls = servePosts(() => ({ posts: [makePost()] }));
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByRole('list', { name: 'Posts' });
    expect(calls.at(-1)!.toString()).toBe('sort=latest&limit=20');

    await user.click(screen.getByRole('tab', { name: /Questions/ }));
    await waitFor(() => expect(calls.some((p) => p.get('type') === 'Question')).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Hot Topics' }));
    await waitFor(() => expect(calls.some((p) => p.get('type') === 'Question' && p.get('sort') === 'trending')).toBe(true));
    expect(screen.getByRole('button', { name: 'Hot Topics' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Most Upvoted' }));
    await waitFor(() => expect(calls.some((p) => p.get('sort') === 'upvotes')).toBe(true));

    await user.click(screen.getByRole('tab', { name: /My Posts/ }));
    await waitFor(() => expect(calls.some((p) => p.get('anon_token') === TOKEN)).toBe(true));
    const mine = calls.find((p) => p.get('anon_token') === TOKEN)!;
    expect(mine.has('type')).toBe(false);
    expect([...calls.flatMap((p) => [...p.values()])]).not.toContain('');
  });

  it('searches through q in the address and shows it in the active filters strip', async () => {
    visitor();
    const calls = servePosts((params) => ({ posts: params.get('q') ? [] : [makePost()] }));
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await screen.findByRole('list', { name: 'Posts' });

    await user.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'erlang staffing{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=erlang+staffing'));
    await waitFor(() => expect(calls.some((p) => p.get('q') === 'erlang staffing')).toBe(true));
    expect(await screen.findByText('No posts match your search for "erlang staffing".')).toBeInTheDocument();
    const strip = screen.getByRole('region', { name: 'Active filters' });
    expect(within(strip).getByText('Search: "erlang staffing"')).toBeInTheDocument();

    await user.click(within(strip).getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('list', { name: 'Posts' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Active filters' })).not.toBeInTheDocument();
  });

  it('reads q from the address on arrival', async () => {
    visitor();
    const calls = servePosts(() => ({ posts: [makePost({ title: 'Found it' })] }));
    renderApp('/?q=shrinkage');
    expect(await screen.findByText('Found it')).toBeInTheDocument();
    expect(calls.every((p) => p.get('q') === 'shrinkage')).toBe(true);
    expect(screen.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('shrinkage');
  });

  it('filters by author and dates from the collapsible panel; Clear Filters empties them', async () => {
    visitor();
    const calls = servePosts(() => ({ posts: [] }));
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByText('Be the first to start a conversation!');

    expect(screen.queryByLabelText('Author name')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Advanced Filters' }));
    await user.type(screen.getByLabelText('Author name'), 'sam');
    await user.type(screen.getByLabelText('From Date'), '2025-03-01');
    await user.type(screen.getByLabelText('To Date'), '2025-03-31');

    await waitFor(() => expect(calls.some((p) => p.get('author_name') === 'sam' && p.has('end_date'))).toBe(true));
    const call = calls.findLast((p) => p.get('author_name') === 'sam' && p.has('end_date'))!;
    expect(Number(call.get('start_date'))).toBe(new Date(2025, 2, 1).getTime());
    expect(Number(call.get('end_date'))).toBe(new Date(2025, 2, 31, 23, 59, 59, 999).getTime());
    expect(await screen.findByText('No posts found by "sam".')).toBeInTheDocument();
    const strip = screen.getByRole('region', { name: 'Active filters' });
    expect(within(strip).getByText('Author: sam')).toBeInTheDocument();
    expect(within(strip).getByText('From: 2025-03-01')).toBeInTheDocument();
    expect(within(strip).getByText('To: 2025-03-31')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(screen.getByLabelText('Author name')).toHaveValue('');
    expect(screen.queryByRole('region', { name: 'Active filters' })).not.toBeInTheDocument();
    expect(await screen.findByText('Be the first to start a conversation!')).toBeInTheDocument();
  });

  it('says which filter left the feed empty, with a Create First Post button', async () => {
    visitor();
    servePosts(() => ({ posts: [] }));
    const user = userEvent.setup();
    renderApp('/');
    expect(await screen.findByText('Be the first to start a conversation!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create First Post' })).toHaveAttribute('href', '/new');

    await user.click(screen.getByRole('tab', { name: /My Posts/ }));
    expect(await screen.findByText("You haven't created any posts yet.")).toBeInTheDocument();
  });

  it('refetches the feed when a post is created or updated elsewhere', async () => {
    visitor();
    let posts = [makePost({ title: 'First post' })];
    servePosts(() => ({ posts }));
    renderApp('/');
    await screen.findByText('First post');

    posts = [makePost({ title: 'Fresh from someone else' }), ...posts];
    act(() => {
      FakeWebSocket.latest().serverOpen();
      FakeWebSocket.latest().serverSend({ type: 'new_post', data: posts[0] });
    });
    expect(await screen.findByText('Fresh from someone else')).toBeInTheDocument();

    posts = [{ ...posts[0]!, status: 'resolved' }, posts[1]!];
    act(() => FakeWebSocket.latest().serverSend({ type: 'post_updated', data: posts[0] }));
    const card = (await screen.findByText('Fresh from someone else')).closest('article')!;
    expect(await within(card).findByText('Resolved')).toBeInTheDocument();
  });

  it('offers the three quick buttons with the type preselected and a floating new-post button', async () => {
    visitor();
    servePosts(() => ({ posts: [] }));
    renderApp('/');
    expect(screen.getByRole('link', { name: 'Ask for Help' })).toHaveAttribute('href', '/new');
    expect(screen.getByRole('link', { name: 'Share Idea' })).toHaveAttribute('href', '/new?type=idea');
    expect(screen.getByRole('link', { name: 'Recommend Tool' })).toHaveAttribute('href', '/new?type=tool');
    const floating = screen.getByRole('link', { name: 'Create new post' });
    expect(floating).toHaveAttribute('href', '/new');
    expect(floating).toHaveClass('fixed', 'lg:hidden');
    await screen.findByText('Be the first to start a conversation!');
  });

  it('loads more posts until the total is reached', async () => {
    visitor();
    const all = Array.from({ length: 25 }, (_, i) => makePost({ title: `Numbered ${i + 1}` }));
    servePosts((params) => {
      const offset = Number(params.get('offset') ?? 0);
      return { posts: all.slice(offset, offset + Number(params.get('limit'))), total: all.length };
    });
    const user = userEvent.setup();
    renderApp('/');
    await waitFor(() => expect(cards()).toHaveLength(20));
    await user.click(screen.getByRole('button', { name: 'Load more posts' }));
    await waitFor(() => expect(cards()).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Load more posts' })).not.toBeInTheDocument();
  });
});

describe('post card', () => {
  async function renderCard(overrides: Parameters<typeof makePost>[0]) {
    visitor();
    const post = makePost(overrides);
    servePosts(() => ({ posts: [post] }));
    renderApp('/');
    await screen.findByRole('list', { name: 'Posts' });
    return { post, card: cards()[0]! };
  }

  it('shows type, relative time, author, linked title, stripped preview, tags and counts', async () => {
    const { post, card } = await renderCard({
      type: 'Idea',
      title: 'Rotating break schedules',
      body: '## Why\nBreaks **staggered** by [skill](https://example.com).',
      author_name: 'idea_person',
      created_at: Date.now() - 3 * 3600_000,
      tags: 'scheduling, breaks',
      upvotes: 7,
      comment_count: 2,
    });
    expect(within(card).getByText('Idea')).toBeInTheDocument();
    expect(within(card).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(card).getByText('idea_person')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Rotating break schedules' })).toHaveAttribute('href', `/post/${post.id}`);
    expect(within(card).getByText('Why Breaks staggered by skill.')).toBeInTheDocument();
    expect(within(card).getByText('#scheduling')).toBeInTheDocument();
    expect(within(card).getByText('#breaks')).toBeInTheDocument();
    expect(within(card).getByTestId('upvote-count')).toHaveTextContent('7');
    expect(within(card).getByRole('link', { name: '2 comments' })).toHaveAttribute('href', `/post/${post.id}`);
    expect(within(card).getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it.each([
    [{ type: 'Question', status: 'open', comment_count: 0 }, true, false],
    [{ type: 'Question', status: 'open', comment_count: 1 }, false, false],
    [{ type: 'Idea', status: 'open', comment_count: 0 }, false, false],
    [{ type: 'Question', status: 'resolved', comment_count: 0 }, false, true],
    [{ type: 'Tool', status: 'resolved', comment_count: 3 }, false, true],
  ] as const)('badges for %j: Needs Answer %s, Resolved %s', async (fields, needsAnswer, resolved) => {
    const { card } = await renderCard(fields);
    expect(within(card).queryByText('Needs Answer') !== null).toBe(needsAnswer);
    expect(within(card).queryByText('Resolved') !== null).toBe(resolved);
  });

  it('shows at most three /uploads/ attachments and +N more; other URLs are not linked', async () => {
    const file = (name: string, url = `/uploads/${name}`) => ({ url, originalName: name, mimetype: 'application/pdf', size: 2048 });
    const { card } = await renderCard({
      attachments: JSON.stringify([
        file('a.pdf'),
        file('evil.pdf', 'https://evil.example/evil.pdf'),
        file('b.pdf'),
        file('c.pdf'),
        file('d.pdf'),
        file('e.pdf'),
      ]),
    });
    const list = within(card).getByRole('list', { name: 'Attachments' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/uploads/a.pdf', '/uploads/b.pdf', '/uploads/c.pdf']);
    expect(within(list).getByText('+2 more')).toBeInTheDocument();
    expect(within(card).queryByText('evil.pdf')).not.toBeInTheDocument();
  });

  it('lists tool links', async () => {
    const { card } = await renderCard({
      type: 'Tool',
      tool_links: JSON.stringify([{ name: 'Erlang calc', url: 'https://example.com/erlang' }]),
    });
    const link = within(card).getByRole('link', { name: 'Erlang calc' });
    expect(link).toHaveAttribute('href', 'https://example.com/erlang');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('upvotes with a toast and shows the new count', async () => {
    const { post, card } = await renderCard({ upvotes: 4 });
    server.use(http.post(`/api/posts/${post.id}/upvote`, () => HttpResponse.json({ upvotes: 5 })));
    await userEvent.setup().click(within(card).getByTestId('upvote-button'));
    await expectToast('Post upvoted!', 'Thanks for your feedback.');
    expect(within(card).getByTestId('upvote-count')).toHaveTextContent('5');
  });

  it('says why an upvote failed', async () => {
    const { post, card } = await renderCard({});
    server.use(
      http.post(`/api/posts/${post.id}/upvote`, () => HttpResponse.json({ message: 'You already upvoted this post' }, { status: 409 })),
    );
    const user = userEvent.setup();
    await user.click(within(card).getByTestId('upvote-button'));
    await expectToast('Failed to upvote', 'You already upvoted this post');

    server.use(http.post(`/api/posts/${post.id}/upvote`, () => HttpResponse.error()));
    await user.click(within(card).getByTestId('upvote-button'));
    await expectToast('Failed to upvote', 'Please try again');
  });
});
