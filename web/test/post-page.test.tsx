import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from './fake-websocket.ts';
import { makeComment, makeDetail, servePost } from './forum-fixtures.ts';
import { renderApp } from './render-app.tsx';
import { server, TOKEN } from './server.ts';
import { expectToast } from './toasts.ts';

function visitor() {
  window.localStorage.setItem('anon_token', TOKEN);
}

async function openPost(overrides: Parameters<typeof makeDetail>[0] = {}) {
  visitor();
  const post = makeDetail(overrides);
  servePost(post);
  const rendered = renderApp(`/post/${post.id}`);
  await screen.findByRole('heading', { level: 1, name: post.title });
  return { post, ...rendered };
}

describe('post detail: problems', () => {
  it.each(['abc', '0', '-3', '1.5', '1e3'])('says Invalid Post for /post/%s without calling the server', async (id) => {
    visitor();
    renderApp(`/post/${id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Post' })).toBeInTheDocument();
    expect(screen.getByText('The post ID provided is not valid.')).toBeInTheDocument();
  });

  it('says Post Not Found with a Back to Home button when the post cannot be fetched', async () => {
    visitor();
    server.use(http.get('/api/posts/999', () => HttpResponse.json({ message: 'Post not found' }, { status: 404 })));
    const user = userEvent.setup();
    const { router } = renderApp('/post/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post Not Found' })).toBeInTheDocument();
    expect(screen.getByText("This post may have been deleted or doesn't exist.")).toBeInTheDocument();
    server.use(http.get('/api/posts', () => HttpResponse.json({ posts: [], total: 0 })));
    await user.click(screen.getByRole('link', { name: 'Back to Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('post detail: content', () => {
  it('shows badges, author, tags, recommended tools, attachments and the rendered body', async () => {
    await openPost({
      type: 'Tool',
      status: 'resolved',
      author_name: 'tool_fan',
      tags: 'erlang,staffing',
      body: '## Why it helps\nIt is **fast**.<script>window.__x = 1</script>',
      tool_links: JSON.stringify([{ name: 'Erlang calc', url: 'https://example.com/erlang' }]),
      attachments: JSON.stringify([
        { url: '/uploads/chart.png', originalName: 'chart.png', mimetype: 'image/png', size: 20480 },
        { url: '/uploads/notes.pdf', originalName: 'notes.pdf', mimetype: 'application/pdf', size: 1536 },
        { url: 'https://elsewhere.example/x.pdf', originalName: 'x.pdf', mimetype: 'application/pdf', size: 1 },
      ]),
    });
    const article = screen.getByRole('article');
    expect(within(article).getByText('Tool')).toBeInTheDocument();
    expect(within(article).getByText('Resolved')).toBeInTheDocument();
    expect(within(article).getByText('tool_fan')).toBeInTheDocument();
    expect(within(article).getByText('#erlang')).toBeInTheDocument();
    expect(within(article).getByText('Recommended Tools')).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'Erlang calc' })).toHaveAttribute('href', 'https://example.com/erlang');
    // The Markdown renderer is fetched after the page (issue 27 item 4).
    expect(await within(article).findByRole('heading', { level: 2, name: 'Why it helps' })).toBeInTheDocument();
    expect(within(article).getByText('fast').tagName).toBe('STRONG');
    expect(article.querySelector('script')).toBeNull();

    const files = within(article).getAllByTestId('attachment');
    expect(files).toHaveLength(2);
    expect(files[0]).toHaveTextContent('chart.png');
    expect(files[0]).toHaveTextContent('20.0 KB • image/png');
    expect(within(files[0]!).getByRole('link', { name: 'View chart.png' })).toHaveAttribute('href', '/uploads/chart.png');
    expect(within(files[0]!).getByRole('link', { name: 'Download chart.png' })).toHaveAttribute('download', 'chart.png');
    expect(files[1]).toHaveTextContent('1.5 KB • application/pdf');
    expect(within(files[1]!).queryByRole('link', { name: /View/ })).not.toBeInTheDocument();
    expect(within(files[1]!).getByRole('link', { name: 'Download notes.pdf' })).toHaveAttribute('href', '/uploads/notes.pdf');
  });

  it('exports the post as a .md file named after the title', async () => {
    const { post } = await openPost({ title: 'Adherence: 90% target?', body: 'Body **text**', tags: 'rta' });
    let saved: { name: string; blob: Blob } | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = { name: this.download, blob: (URL.createObjectURL as unknown as { mock: { calls: [Blob][] } }).mock.calls[0]![0] };
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export' }));
    expect(saved?.name).toBe('adherence--90--target-.md');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved!.blob);
    });
    expect(text).toContain(`# ${post.title}`);
    expect(text).toContain(`**Author:** ${post.author_name}`);
    expect(text).toContain('**Tags:** #rta');
    expect(text).toContain('Body **text**');
  });
});

describe('post detail: share', () => {
  const originalShare = Object.getOwnPropertyDescriptor(navigator, 'share');
  const originalClipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  const setNavigator = (key: 'share' | 'clipboard', value: unknown) =>
    Object.defineProperty(navigator, key, { value, configurable: true, writable: true });

  beforeEach(() => {
    setNavigator('share', undefined);
    setNavigator('clipboard', undefined);
    document.execCommand = vi.fn(() => false);
  });
  afterEach(() => {
    for (const [key, descriptor] of [
      ['share', originalShare],
      ['clipboard', originalClipboard],
    ] as const) {
      if (descriptor) Object.defineProperty(navigator, key, descriptor);
      else delete (navigator as unknown as Record<string, unknown>)[key];
    }
  });

  it('uses the share sheet with the title, the cut text and the post URL', async () => {
    const user = userEvent.setup();
    const share = vi.fn(async () => {});
    setNavigator('share', share);
    const { post } = await openPost({ body: `**${'x'.repeat(120)}**` });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await expectToast('Post shared!');
    expect(share).toHaveBeenCalledWith({
      title: post.title,
      text: `${'x'.repeat(100)}...`,
      url: `${window.location.origin}/post/${post.id}`,
    });
  });

  it('copies the link when there is no share sheet, or when sharing fails', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    setNavigator('clipboard', { writeText });
    const { post } = await openPost();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await expectToast('Link copied!');
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/post/${post.id}`);

    setNavigator('share', vi.fn(async () => Promise.reject(new Error('not allowed'))));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    await expectToast('Link copied!');
  });

  it('falls back to the copy command when the Clipboard API refuses', async () => {
    const user = userEvent.setup();
    setNavigator('clipboard', { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) });
    document.execCommand = vi.fn(() => true);
    await openPost();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await expectToast('Link copied!');
    expect(document.execCommand).toHaveBeenCalledWith('copy');
  });

  it('says Share failed when neither sharing nor copying works', async () => {
    const user = userEvent.setup();
    setNavigator('share', vi.fn(async () => Promise.reject(new Error('nope'))));
    setNavigator('clipboard', { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) });
    await openPost();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await expectToast('Share failed', 'Unable to share or copy link. Please try again.');
  });

  it('stays quiet when the visitor closes the share sheet', async () => {
    const user = userEvent.setup();
    const share = vi.fn(async () => Promise.reject(new DOMException('cancelled', 'AbortError')));
    setNavigator('share', share);
    const writeText = vi.fn(async () => {});
    setNavigator('clipboard', { writeText });
    await openPost();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledTimes(1);
    await act(async () => {});
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText('Link copied!')).not.toBeInTheDocument();
  });
});

describe('post detail: discussion', () => {
  it('lists comments with a Contributor badge and rendered markdown', async () => {
    await openPost({
      comments: [makeComment({ body: 'Try **Erlang A**', author_name: 'helper_sam' }), makeComment({ author_name: 'Anonymous' })],
    });
    expect(screen.getByRole('heading', { name: 'Discussion (2)' })).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Comments' })).getAllByTestId('comment');
    expect(items).toHaveLength(2);
    for (const item of items) expect(within(item).getByText('Contributor')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Erlang A').tagName).toBe('STRONG');
  });

  it('counts characters, posts under the username or Anonymous, and resets the checkbox after posting', async () => {
    const { post } = await openPost();
    const sent: unknown[] = [];
    server.use(
      http.post('/api/comments', async ({ request }) => {
        const body = (await request.json()) as { body: string; author_name: string };
        sent.push(body);
        return HttpResponse.json(makeComment({ post_id: post.id, body: body.body, author_name: body.author_name }), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Add a comment' });
    const box = within(form).getByLabelText('Your comment');
    const submit = within(form).getByRole('button', { name: 'Post Comment' });
    expect(within(form).getByText('0/5,000 characters • Markdown supported')).toBeInTheDocument();
    expect(box).toHaveAttribute('maxlength', '5000');
    expect(submit).toBeDisabled();

    await user.type(box, '   ');
    expect(submit).toBeDisabled();
    await user.clear(box);
    await user.type(box, 'Use *Erlang C*');
    expect(within(form).getByText('14/5,000 characters • Markdown supported')).toBeInTheDocument();
    await screen.findByText('returning_user', { selector: 'form strong' });
    await user.click(submit);
    await expectToast('Comment posted!', 'Your comment has been added.');
    expect(sent[0]).toEqual({ post_id: post.id, body: 'Use *Erlang C*', author_name: 'returning_user', isAnonymous: false });
    expect(box).toHaveValue('');
    expect(await screen.findByText('Erlang C')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Discussion (1)' })).toBeInTheDocument();

    const anonymous = within(form).getByRole('checkbox', { name: 'Post anonymously' });
    await user.click(anonymous);
    expect(anonymous).toBeChecked();
    await user.type(box, 'Quietly');
    await user.click(submit);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ post_id: post.id, body: 'Quietly', author_name: 'Anonymous', isAnonymous: true });
    await waitFor(() => expect(anonymous).not.toBeChecked());
  });

  it('says a held comment is held for review and leaves it out of the thread (duplicate content)', async () => {
    const { post } = await openPost();
    const message = 'Your submission looks the same as several recent ones from other people, so it is held for review.';
    server.use(
      http.post('/api/comments', () =>
        HttpResponse.json({ ...makeComment({ post_id: post.id, body: 'Cheap certification here' }), held: true, message }, { status: 201 }),
      ),
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your comment'), 'Cheap certification here');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    await expectToast('Comment held for review', message);
    expect(screen.queryByText('Cheap certification here', { selector: '[data-testid="comment"] *' })).not.toBeInTheDocument();
  });

  it('says Failed to post comment with the server message', async () => {
    await openPost();
    server.use(http.post('/api/comments', () => HttpResponse.json({ message: 'Comment cannot be empty' }, { status: 400 })));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your comment'), 'hello');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    await expectToast('Failed to post comment', 'Comment cannot be empty');
    expect(screen.getByLabelText('Your comment')).toHaveValue('hello');
  });
});

describe('post detail: live updates', () => {
  it('appends new comments for this post once, updates upvotes, and refetches on post_updated', async () => {
    const existing = makeComment({ body: 'Existing comment' });
    const { post } = await openPost({ upvotes: 2, comments: [existing] });
    const socket = FakeWebSocket.latest();
    act(() => socket.serverOpen());

    const fresh = makeComment({ post_id: post.id, body: 'Live comment' });
    act(() => {
      socket.serverSend({ type: 'new_comment', data: fresh });
      socket.serverSend({ type: 'new_comment', data: fresh });
      socket.serverSend({ type: 'new_comment', data: { ...existing, post_id: post.id } });
      socket.serverSend({ type: 'new_comment', data: makeComment({ post_id: post.id + 1, body: 'Other post' }) });
    });
    expect(await screen.findByText('Live comment')).toBeInTheDocument();
    expect(screen.getAllByTestId('comment')).toHaveLength(2);
    expect(screen.queryByText('Other post')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Discussion (2)' })).toBeInTheDocument();

    act(() => {
      socket.serverSend({ type: 'upvote', data: { post_id: post.id, upvotes: 9 } });
      socket.serverSend({ type: 'upvote', data: { post_id: post.id + 1, upvotes: 50 } });
    });
    await waitFor(() => expect(screen.getByTestId('upvote-count')).toHaveTextContent('9'));

    servePost({ ...post, upvotes: 9, status: 'resolved', comments: [existing, fresh] });
    act(() => socket.serverSend({ type: 'post_updated', data: { ...post, status: 'resolved' } }));
    expect(await screen.findByText('Resolved')).toBeInTheDocument();
  });
});

describe('post detail: report', () => {
  it('needs a reason, sends it, then closes and clears', async () => {
    const { post } = await openPost();
    const sent: unknown[] = [];
    server.use(
      http.post('/api/report', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ ticket_reference: 'RPT-4MX2D' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Post' });
    const submit = within(dialog).getByRole('button', { name: 'Submit Report' });
    expect(submit).toBeDisabled();

    const reason = within(dialog).getByRole('combobox', { name: 'Reason' });
    const options = within(reason).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Spam', 'Abusive content', 'Off-topic', 'Inappropriate', 'Other']);
    await user.selectOptions(reason, 'Abusive content');
    expect(submit).toBeEnabled();
    await user.click(submit);
    await expectToast('Report submitted', 'Thank you for helping keep the community safe.');
    expect(sent).toEqual([{ post_id: post.id, reason: 'abusive' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Report' }));
    const again = await screen.findByRole('dialog', { name: 'Report Post' });
    expect(within(again).getByRole('button', { name: 'Submit Report' })).toBeDisabled();
  });

  it('says Failed to submit report and stays open', async () => {
    await openPost();
    server.use(http.post('/api/report', () => HttpResponse.json({ message: 'Too many reports' }, { status: 429 })));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Post' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    await expectToast('Failed to submit report', 'Too many reports');
    expect(screen.getByRole('dialog', { name: 'Report Post' })).toBeInTheDocument();
  });
});

describe('post detail: report a comment (issue 26)', () => {
  it('reports one comment with the post reasons and sends its comment_id', async () => {
    const target = makeComment({ body: 'rude words', author_name: 'troll' });
    await openPost({ comments: [makeComment({ author_name: 'kind_one' }), target] });
    const sent: unknown[] = [];
    server.use(
      http.post('/api/report', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ ticket_reference: 'RPT-C0MNT' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const item = screen.getAllByTestId('comment')[1]!;
    await user.click(within(item).getByRole('button', { name: 'Report comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Comment' });
    const reason = within(dialog).getByRole('combobox', { name: 'Reason' });
    expect(within(reason).getAllByRole('option').map((o) => o.textContent)).toEqual(['Spam', 'Abusive content', 'Off-topic', 'Inappropriate', 'Other']);
    await user.selectOptions(reason, 'Inappropriate');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Report' }));
    await expectToast('Report submitted', 'Thank you for helping keep the community safe.');
    expect(sent).toEqual([{ comment_id: target.id, reason: 'inappropriate' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

