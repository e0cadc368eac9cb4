import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { moderatorHandlers, post, signedInAs } from './fixtures.ts';
import { renderApp } from './render-app.tsx';
import { server } from './server.ts';
import { expectToast } from './toasts.ts';

const OPEN = post({ id: 10, title: 'Holiday volume' });
const DONE = post({ id: 11, title: 'Shrinkage basics', status: 'resolved' });

describe('posts tab', () => {
  it('lists posts with a link that opens each in a new window, and Resolve only while open', async () => {
    server.use(signedInAs('Moderator'), ...moderatorHandlers({ posts: [OPEN, DONE] }));
    renderApp('/admin?tab=posts');
    const link = await screen.findByRole('link', { name: 'View “Holiday volume”' });
    expect(link).toHaveAttribute('href', '/post/10');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('button', { name: 'Resolve “Holiday volume”' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resolve “Shrinkage basics”' })).not.toBeInTheDocument();
  });

  it('deletes a post only after the confirmation', async () => {
    let deleted = 0;
    server.use(
      http.post('/api/admin/posts/10/delete', () => {
        deleted += 1;
        return HttpResponse.json({ success: true, id: 10, status: 'deleted' });
      }),
      signedInAs('Moderator'),
      ...moderatorHandlers({ posts: [OPEN, DONE] }),
    );
    renderApp('/admin?tab=posts');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete “Holiday volume”' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete post?' });
    expect(confirm).toHaveTextContent('Holiday volume');
    expect(confirm).toHaveTextContent('This action cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Delete “Holiday volume”' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectToast('Post deleted');
    expect(deleted).toBe(1);
  });

  it('says "Failed to delete post" with the server message, else "Please try again"', async () => {
    server.use(
      http.post('/api/admin/posts/10/delete', () => new HttpResponse(null, { status: 500 })),
      signedInAs('Moderator'),
      ...moderatorHandlers({ posts: [OPEN] }),
    );
    renderApp('/admin?tab=posts');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete “Holiday volume”' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectToast('Failed to delete post', 'Please try again');
  });

  it('loads more posts when there are more than one page', async () => {
    server.use(
      http.get('/api/admin/posts', ({ request }) => {
        const offset = Number(new URL(request.url).searchParams.get('offset'));
        return HttpResponse.json(
          offset === 0 ? { posts: [OPEN], total: 2 } : { posts: [DONE], total: 2 },
        );
      }),
      signedInAs('Moderator'),
      ...moderatorHandlers(),
    );
    renderApp('/admin?tab=posts');
    expect(await screen.findByText('Showing 1 of 2')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'View “Shrinkage basics”' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('edit history (issue 26)', () => {
  it('shows the versions the author replaced, post and comments', async () => {
    server.use(
      http.get('/api/admin/posts/10/revisions', () =>
        HttpResponse.json({
          post: [{ id: 1, post_id: 10, title: 'Holiday volum', body: 'First words', tags: 'erlang', replaced_at: 1_700_000_000_000 }],
          comments: [{ id: 2, comment_id: 77, post_id: 10, body: 'Old comment words', replaced_at: 1_700_000_100_000 }],
        }),
      ),
      signedInAs('Moderator'),
      ...moderatorHandlers({ posts: [OPEN] }),
    );
    renderApp('/admin?tab=posts');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit history of “Holiday volume”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit history' });
    expect(await within(dialog).findByTestId('post-revision')).toHaveTextContent('Holiday volum');
    expect(within(dialog).getByTestId('post-revision')).toHaveTextContent('First words');
    expect(within(dialog).getByTestId('comment-revision')).toHaveTextContent('Old comment words');
  });
});
