import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { HIDDEN_NOTICES } from '@wfm/contracts/forum';
import { makeDetail, makePost, servePost } from './forum-fixtures.ts';
import { renderApp } from './render-app.tsx';
import { server, TOKEN } from './server.ts';

// Issue 26 item 4: a hidden post or comment is gone for everyone but its author, who reads it with why.

const hidden = (reason: 'reports' | 'staff' | 'suspension') => ({ reason, notice: HIDDEN_NOTICES[reason], hidden_at: Date.UTC(2026, 10, 1) });

describe('hidden content on the post page', () => {
  it('shows the author their hidden post with the notice, where the public gets Post Not Found', async () => {
    window.localStorage.setItem('anon_token', TOKEN);
    const post = makePost({ id: 4242, title: 'My hidden idea', body: 'What I wrote' });
    server.use(
      http.get('/api/posts/4242', () => HttpResponse.json({ message: 'Post not found' }, { status: 404 })),
      http.get('/api/posts/4242/viewer', () =>
        HttpResponse.json({ can_accept_answer: false, can_edit: true, own_comment_ids: [], hidden: hidden('reports'), hidden_post: post, own_hidden_comments: [] }),
      ),
    );
    renderApp('/post/4242');
    expect(await screen.findByRole('heading', { level: 1, name: 'My hidden idea' })).toBeInTheDocument();
    const notice = screen.getByRole('status');
    expect(within(notice).getByText('Hidden from other visitors')).toBeInTheDocument();
    expect(within(notice).getByText('Hidden after reports from other visitors until a moderator reviews it.')).toBeInTheDocument();
  });

  it('keeps Post Not Found for anyone else', async () => {
    window.localStorage.setItem('anon_token', TOKEN);
    server.use(
      http.get('/api/posts/4243', () => HttpResponse.json({ message: 'Post not found' }, { status: 404 })),
      http.get('/api/posts/4243/viewer', () => HttpResponse.json({ message: 'Post not found' }, { status: 404 })),
    );
    renderApp('/post/4243');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post Not Found' })).toBeInTheDocument();
  });

  it("shows the visitor's own hidden comments on a visible post with the notice", async () => {
    window.localStorage.setItem('anon_token', TOKEN);
    const post = makeDetail({ id: 4244, title: 'A visible post' });
    servePost(post);
    server.use(
      http.get('/api/posts/4244/viewer', () =>
        HttpResponse.json({
          can_accept_answer: false,
          can_edit: false,
          own_comment_ids: [],
          hidden: null,
          hidden_post: null,
          own_hidden_comments: [{ id: 9, body: 'my rude remark', author_name: 'Anonymous', created_at: Date.UTC(2026, 10, 1), hidden: hidden('staff') }],
        }),
      ),
    );
    renderApp('/post/4244');
    const mine = await screen.findByRole('region', { name: 'Your hidden comments' });
    expect(within(mine).getByText('my rude remark')).toBeInTheDocument();
    expect(within(mine).getByText(HIDDEN_NOTICES.staff)).toBeInTheDocument();
  });
});
