import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Comment } from '@wfm/contracts/forum';
import { FakeWebSocket } from './fake-websocket.ts';
import { makeComment, makeDetail, servePost } from './forum-fixtures.ts';
import { renderApp } from './render-app.tsx';
import { server, TOKEN } from './server.ts';

const POST_ID = 4242;
const START = 1_700_000_000_000;

/** `count` comments of the post from `from`, a minute apart. */
const comments = (from: number, count: number): Comment[] =>
  Array.from({ length: count }, (_, i) =>
    makeComment({ id: 50_000 + from + i, post_id: POST_ID, body: `Reply number ${from + i}`, created_at: START + (from + i) * 60_000 }),
  );
const cursorOf = (comment: Comment) => `${comment.created_at}-${comment.id}`;

/** Serves the next pages: each `after` cursor answers its page, once `hold` (if any) resolves. */
function servePages(pages: Record<string, { comments: Comment[]; next_cursor: string | null }>, hold?: Promise<void>) {
  const asked: string[] = [];
  server.use(
    http.get(`/api/posts/${POST_ID}/comments`, async ({ request }) => {
      const after = new URL(request.url).searchParams.get('after') ?? '';
      asked.push(after);
      if (hold) await hold;
      const page = pages[after];
      return page ? HttpResponse.json(page) : HttpResponse.json({ message: 'Invalid comments cursor' }, { status: 400 });
    }),
  );
  return asked;
}

async function openThread(firstPage: Comment[], total: number) {
  window.localStorage.setItem('anon_token', TOKEN);
  const post = makeDetail({
    id: POST_ID,
    title: 'A long thread',
    comments: firstPage,
    comment_count: total,
    comments_next_cursor: cursorOf(firstPage.at(-1)!),
  });
  servePost(post);
  renderApp(`/post/${POST_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'A long thread' });
  return post;
}

const commentList = () => within(screen.getByRole('list', { name: 'Comments' }));

describe('post detail: comments in pages', () => {
  it('shows the first page and the total, then loads the rest on demand from the keyboard, with a loading state', async () => {
    const first = comments(0, 100);
    const second = comments(100, 100);
    const third = comments(200, 50);
    await openThread(first, 250);
    let release = () => {};
    const hold = new Promise<void>((resolve) => (release = resolve));
    const asked = servePages(
      {
        [cursorOf(first.at(-1)!)]: { comments: second, next_cursor: cursorOf(second.at(-1)!) },
        [cursorOf(second.at(-1)!)]: { comments: third, next_cursor: null },
      },
      hold,
    );

    expect(screen.getByRole('heading', { name: 'Discussion (250)' })).toBeInTheDocument();
    expect(screen.getByTestId('comment-count')).toHaveTextContent('250');
    expect(commentList().getAllByTestId('comment')).toHaveLength(100);

    const user = userEvent.setup();
    const more = screen.getByRole('button', { name: 'Load more comments' });
    more.focus();
    await user.keyboard('{Enter}');
    const loading = await screen.findByRole('button', { name: 'Loading comments…' });
    expect(loading).toBeDisabled();
    expect(loading).toHaveAttribute('aria-busy', 'true');
    act(() => release());
    await waitFor(() => expect(commentList().getAllByTestId('comment')).toHaveLength(200));

    await user.click(screen.getByRole('button', { name: 'Load more comments' }));
    await waitFor(() => expect(commentList().getAllByTestId('comment')).toHaveLength(250));
    expect(screen.queryByRole('button', { name: /Load more comments|Loading comments/ })).not.toBeInTheDocument();
    expect(asked).toEqual([cursorOf(first.at(-1)!), cursorOf(second.at(-1)!)]);

    // In order, each once.
    const bodies = commentList().getAllByTestId('comment').map((li) => /Reply number (\d+)/.exec(li.textContent ?? '')![1]);
    expect(bodies).toEqual(Array.from({ length: 250 }, (_, i) => String(i)));
  });

  it('a live comment appears at once below the button, and once only after the pages before it load', async () => {
    const first = comments(0, 100);
    const second = comments(100, 20);
    await openThread(first, 120);
    const live = makeComment({ id: 90_000, post_id: POST_ID, body: 'Fresh live reply', created_at: START + 500 * 60_000 });
    // The server's last page already holds the live comment as well.
    servePages({ [cursorOf(first.at(-1)!)]: { comments: [...second, live], next_cursor: null } });

    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());
    act(() => socket.serverSend({ type: 'new_comment', data: live }));
    const newer = await screen.findByRole('list', { name: 'Newer comments' });
    expect(within(newer).getByText('Fresh live reply')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Discussion (121)' })).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more comments' }));
    await waitFor(() => expect(commentList().getAllByTestId('comment')).toHaveLength(121));
    expect(screen.getAllByText('Fresh live reply')).toHaveLength(1);
    expect(commentList().getAllByTestId('comment').at(-1)).toHaveTextContent('Fresh live reply');
    expect(screen.queryByRole('list', { name: 'Newer comments' })).not.toBeInTheDocument();
  });

  it('says so when a page cannot be loaded, and the button tries again', async () => {
    const first = comments(0, 100);
    await openThread(first, 101);
    servePages({});
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more comments' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load more comments. Please try again.');
    servePages({ [cursorOf(first.at(-1)!)]: { comments: comments(100, 1), next_cursor: null } });
    await user.click(screen.getByRole('button', { name: 'Load more comments' }));
    await waitFor(() => expect(commentList().getAllByTestId('comment')).toHaveLength(101));
  });
});

describe('post detail: the comment box and the visitor name', () => {
  it('does not post until the visitor name has loaded, then posts under it', async () => {
    let release = () => {};
    const profileHeld = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/user-profile/:token', async () => {
        await profileHeld;
        return HttpResponse.json({ username: 'slow_profile', created_at: 1_700_000_000_000 });
      }),
    );
    const sent: Array<Record<string, unknown>> = [];
    server.use(
      http.post('/api/comments', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(makeComment({ id: 99_999, post_id: POST_ID, body: 'Quick reply', author_name: 'slow_profile' }), { status: 201 });
      }),
    );
    await openThread(comments(0, 3), 3);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your comment'), 'Quick reply');
    const postButton = screen.getByRole('button', { name: 'Post Comment' });
    // The name is still on its way: posting now would sign the comment Anonymous.
    expect(postButton).toBeDisabled();
    await user.click(postButton);
    expect(sent).toEqual([]);
    act(() => release());
    await waitFor(() => expect(postButton).toBeEnabled());
    await user.click(postButton);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ post_id: POST_ID, body: 'Quick reply', author_name: 'slow_profile', isAnonymous: false });
  });
});
