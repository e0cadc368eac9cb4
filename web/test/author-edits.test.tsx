import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeComment, makeDetail, servePost } from './forum-fixtures.ts';
import { renderApp } from './render-app.tsx';
import { server, TOKEN } from './server.ts';

/** Issue 26 item 1: Edit and Delete for the author only, delete asks first, "edited" for everyone. */
async function openPost(viewer: { can_edit: boolean; own_comment_ids: number[] }, overrides: Parameters<typeof makeDetail>[0] = {}) {
  window.localStorage.setItem('anon_token', TOKEN);
  const post = makeDetail(overrides);
  servePost(post);
  server.use(http.get(`/api/posts/${post.id}/viewer`, () => HttpResponse.json({ can_accept_answer: false, ...viewer })));
  renderApp(`/post/${post.id}`);
  await screen.findByRole('heading', { level: 1, name: post.title });
  return post;
}

describe('author edit and delete on the post page', () => {
  it('someone else sees no Edit or Delete; an edited post and comment say "edited" to everyone', async () => {
    const comment = makeComment({ edited_at: Date.now() - 1_000 });
    await openPost({ can_edit: false, own_comment_ids: [] }, { edited_at: Date.now() - 2_000, comments: [{ ...comment, post_id: 1 }] });
    expect(await screen.findAllByTestId('edited-marker')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Edit$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete comment' })).toBeNull();
  });

  it('the author edits the post through a dialog; the PATCH carries title, content and tags', async () => {
    const post = await openPost({ can_edit: true, own_comment_ids: [] }, { title: 'Old title', tags: 'erlang' });
    let sent: unknown = null;
    server.use(
      http.patch(`/api/posts/${post.id}`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...post, title: 'New title', edited_at: Date.now() });
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Edit$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit your post' });
    const title = within(dialog).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'New title');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toEqual({ title: 'New title', body: post.body, tags: 'erlang' }));
  });

  it('deleting a comment asks first; Cancel sends nothing, Delete comment sends the DELETE', async () => {
    const mine = makeComment({ body: 'My words' });
    const post = await openPost({ can_edit: false, own_comment_ids: [mine.id] }, { comments: [mine, makeComment({ body: 'Theirs' })] });
    let deletes = 0;
    server.use(
      http.delete(`/api/comments/${mine.id}`, () => {
        deletes++;
        return HttpResponse.json({ success: true, id: mine.id });
      }),
    );
    const user = userEvent.setup();
    // Exactly one comment (the visitor's own) offers Delete.
    const buttons = await screen.findAllByRole('button', { name: 'Delete comment' });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Delete comment' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete comment' }));
    await waitFor(() => expect(deletes).toBe(1));
    expect(post.id).toBeGreaterThan(0);
  });
});

describe('"deleted by its author" placeholders (issue 26)', () => {
  it('a deleted comment shows the placeholder without text, name or actions, even to its author', async () => {
    const gone = makeComment({ body: '', author_name: '', deleted: true });
    await openPost({ can_edit: false, own_comment_ids: [gone.id] }, { comments: [makeComment({ body: 'Still here' }), gone] });
    const placeholder = await screen.findByTestId('deleted-comment');
    expect(placeholder).toHaveTextContent('deleted by its author');
    const item = placeholder.closest('li')!;
    expect(within(item).queryByRole('button')).toBeNull();
    expect(screen.getByText('Still here')).toBeInTheDocument();
  });

  it('a deleted post keeps its page as the placeholder with the comments under it, and no comment form', async () => {
    window.localStorage.setItem('anon_token', TOKEN);
    const post = makeDetail({ title: '', body: '', author_name: '', tags: '', deleted: true, comments: [makeComment({ body: 'Readable reply' })] });
    servePost(post);
    server.use(http.get(`/api/posts/${post.id}/viewer`, () => HttpResponse.json({ can_accept_answer: false, can_edit: false, own_comment_ids: [] })));
    renderApp(`/post/${post.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'deleted by its author' })).toBeInTheDocument();
    expect(screen.getByText('Readable reply')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a comment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    await waitFor(() => expect(document.title).toMatch(/^Deleted post/));
  });
});
