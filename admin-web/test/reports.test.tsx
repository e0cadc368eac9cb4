import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { moderatorHandlers, post, report, signedInAs, suggestion } from './fixtures.ts';
import { renderApp } from './render-app.tsx';
import { server } from './server.ts';
import { expectToast } from './toasts.ts';

const LONG = `${'x'.repeat(95)}ABCDEFGHIJ and the rest`;

/** A Blob's text, byte-order mark kept (jsdom's Blob has no text()). */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** Captures what the export button saves: file name and text. */
function captureDownloads() {
  const files: { name: string; text: Promise<string> }[] = [];
  let lastBlob: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    lastBlob = blob as Blob;
    return 'blob:export';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, text: readBlob(lastBlob!) });
  });
  return files;
}

describe('reports tab', () => {
  it('shows 100-character previews, "New" for a missing status, and the suggestion reference fallback', async () => {
    server.use(
      signedInAs('Moderator'),
      ...moderatorHandlers({
        reports: [report({ reason: LONG, status: '' })],
        suggestions: [suggestion({ reference_number: '', id: 42, description: LONG })],
      }),
    );
    renderApp('/admin');
    const card = await screen.findByRole('article', { name: 'Help request HLP-7K3Q9' });
    expect(within(card).getByText(`${'x'.repeat(95)}ABCDE…`)).toBeInTheDocument();
    expect(within(card).getByText('New')).toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Show more' }));
    expect(within(card).getByText(LONG)).toBeInTheDocument();

    const suggestionCard = screen.getByRole('article', { name: 'Feature suggestion FS-42' });
    expect(within(suggestionCard).getByText(`${'x'.repeat(95)}ABCDE…`)).toBeInTheDocument();
  });

  it('exports reports and suggestions to CSV with every field, escaped', async () => {
    server.use(
      signedInAs('Moderator'),
      ...moderatorHandlers({
        reports: [
          report({ id: 7, reason: 'Says "hi", then\nleaves', contact_info: '=HYPERLINK("x")', status: '' }),
          report({ id: 8, kind: 'post', post_id: 10, title: 'A post', category: null, priority: null, reason: 'spam', ticket_reference: 'RPT-1' }),
        ],
        suggestions: [suggestion({ description: LONG, email: 'a@b.co' })],
      }),
    );
    const files = captureDownloads();
    renderApp('/admin');
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Help request HLP-7K3Q9' });

    await user.click(screen.getByRole('button', { name: 'Export CSV of reports' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV of feature suggestions' }));
    await waitFor(() => expect(files).toHaveLength(2));

    expect(files[0]!.name).toMatch(/^reports-\d{4}-\d{2}-\d{2}\.csv$/);
    const reportsCsv = await files[0]!.text;
    expect(reportsCsv.split('\r\n')).toEqual([
      '\uFEFFID,Ticket Reference,Kind,Post ID,Title,Category,Priority,Reason,Contact Info,Reporter,Status,Created At',
      `7,HLP-7K3Q9,help,,Cannot export my schedule,technical,High,"Says ""hi"", then\nleaves","'=HYPERLINK(""x"")",sam,New,2026-03-04T09:05:00.000Z`,
      '8,RPT-1,post,10,A post,,,spam,,sam,New,2026-03-04T09:05:00.000Z',
      '',
    ]);

    expect(files[1]!.name).toMatch(/^feature-suggestions-\d{4}-\d{2}-\d{2}\.csv$/);
    const suggestionsCsv = await files[1]!.text;
    expect(suggestionsCsv.split('\r\n')).toEqual([
      '\uFEFFID,Reference Number,Title,Description,Author,Email,Contact Method,Priority,Status,Created At',
      `1,FS-8H2KQ,Dark mode for exports,${LONG},Anonymous,a@b.co,,Medium,New,2026-03-04T09:05:00.000Z`,
      '',
    ]);
  });

  it('links a post report to its post in a new window and resolves the post while it is open', async () => {
    let resolved = 0;
    server.use(
      http.post('/api/admin/posts/10/resolve', () => {
        resolved += 1;
        return HttpResponse.json({ success: true, id: 10, status: 'resolved' });
      }),
      signedInAs('Moderator'),
      ...moderatorHandlers({
        reports: [report({ id: 3, kind: 'post', post_id: 10, title: 'Spammy post', reason: 'spam', ticket_reference: 'RPT-3' })],
        posts: [post({ id: 10, title: 'Spammy post' })],
      }),
    );
    renderApp('/admin');
    const card = await screen.findByRole('article', { name: 'Post report RPT-3' });
    expect(within(card).getByText('Spam')).toBeInTheDocument();
    const link = within(card).getByRole('link', { name: 'View post' });
    expect(link).toHaveAttribute('href', '/post/10');
    expect(link).toHaveAttribute('target', '_blank');

    // After resolving, the posts list is fetched again and now says resolved.
    server.use(
      http.get('/api/admin/posts', () => HttpResponse.json({ posts: [post({ id: 10, status: 'resolved' })], total: 1 })),
    );
    await userEvent.setup().click(await within(card).findByRole('button', { name: 'Resolve post' }));
    await expectToast('Post resolved');
    expect(resolved).toBe(1);
    expect(await within(card).findByText('Post resolved')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Resolve post' })).not.toBeInTheDocument();
  });

  it('says "Failed to resolve post" with the server message', async () => {
    server.use(
      http.post('/api/admin/posts/10/resolve', () => HttpResponse.json({ message: 'Post is already resolved' }, { status: 409 })),
      signedInAs('Moderator'),
      ...moderatorHandlers({ reports: [report({ kind: 'post', post_id: 10, title: 'T', ticket_reference: 'RPT-9' })] }),
    );
    renderApp('/admin');
    const card = await screen.findByRole('article', { name: 'Post report RPT-9' });
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Resolve post' }));
    await expectToast('Failed to resolve post', 'Post is already resolved');
  });
});

describe('duplicate flags (issue 25)', () => {
  it('marks a help request or suggestion that many visitors sent alike as Duplicate', async () => {
    server.use(
      signedInAs('Moderator'),
      ...moderatorHandlers({
        reports: [report({ id: 1, ticket_reference: 'HLP-DUP', duplicate: true }), report({ id: 2, ticket_reference: 'HLP-OWN' })],
        suggestions: [suggestion({ id: 1, reference_number: 'FS-DUP', duplicate: true })],
      }),
    );
    renderApp('/admin');
    const cards = await screen.findAllByRole('article');
    const card = (label: RegExp) => cards.find((c) => label.test(c.getAttribute('aria-label') ?? ''))!;
    expect(within(card(/HLP-DUP$/)).getByText('Duplicate')).toBeInTheDocument();
    expect(within(card(/HLP-OWN$/)).queryByText('Duplicate')).not.toBeInTheDocument();
    expect(within(card(/FS-DUP$/)).getByText('Duplicate')).toBeInTheDocument();
  });
});

describe('the report queue (issue 26)', () => {
  it('asks for New reports first and refetches with the chosen status', async () => {
    const asked: Array<string | null> = [];
    server.use(
      signedInAs('Moderator'),
      http.get('/api/admin/reports', ({ request }) => {
        const status = new URL(request.url).searchParams.get('status');
        asked.push(status);
        return HttpResponse.json(
          status === 'Dismissed'
            ? [report({ id: 5, status: 'Dismissed', decided_by: 'mod_rita', decided_at: Date.UTC(2026, 2, 5, 10, 0), ticket_reference: 'HLP-DISM' })]
            : [report({ id: 4, ticket_reference: 'HLP-NEW1' })],
        );
      }),
      ...moderatorHandlers({}),
    );
    renderApp('/admin');
    await screen.findByRole('article', { name: 'Help request HLP-NEW1' });
    expect(asked).toContain('New');
    expect(asked).not.toContain('Dismissed');
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Dismissed');
    const card = await screen.findByRole('article', { name: 'Help request HLP-DISM' });
    expect(asked).toContain('Dismissed');
    expect(within(card).getByText(/Dismissed by mod_rita on/)).toBeInTheDocument();
    // A decided report offers no decision buttons.
    expect(within(card).queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
  });

  it('shows a reported comment with its author\'s other reports, and deletes it as action taken', async () => {
    const decisions: unknown[] = [];
    server.use(
      signedInAs('Moderator'),
      // Once decided, the New list no longer has it (the card unmounts when the refetch lands).
      http.get('/api/admin/reports', ({ request }) =>
        decisions.length > 0 && new URL(request.url).searchParams.get('status') === 'New' ? HttpResponse.json([]) : undefined,
      ),
      ...moderatorHandlers({
        reports: [
          report({
            id: 12,
            kind: 'comment',
            post_id: 10,
            comment_id: 77,
            title: 'Weekend volume',
            content: 'you are all idiots',
            reason: 'abusive',
            author_recent_reports: 3,
            ticket_reference: 'RPT-C77',
          }),
        ],
      }),
      http.post('/api/admin/reports/12/decide', async ({ request }) => {
        decisions.push(await request.json());
        return HttpResponse.json({ id: 12, status: 'Action taken', decided_by: 'alex', decided_at: Date.now(), content_deleted: true });
      }),
    );
    renderApp('/admin');
    const card = await screen.findByRole('article', { name: 'Comment report RPT-C77' });
    expect(within(card).getByText('Comment #77 on Weekend volume')).toBeInTheDocument();
    expect(within(card).getByText('Abusive content')).toBeInTheDocument();
    expect(within(card).getByText('you are all idiots')).toBeInTheDocument();
    expect(within(card).getByText('Its author drew 3 other reports in the last 30 days')).toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Delete comment (action taken)' }));
    await expectToast('Comment deleted');
    expect(decisions).toEqual([{ status: 'Action taken', action: 'delete' }]);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Comment report RPT-C77' })).not.toBeInTheDocument());
  });

  it('says "Failed to update report" with the server message', async () => {
    server.use(
      signedInAs('Moderator'),
      ...moderatorHandlers({ reports: [report({ id: 13, ticket_reference: 'HLP-13' })] }),
      http.post('/api/admin/reports/13/decide', () => HttpResponse.json({ message: 'This report has already been decided' }, { status: 409 })),
    );
    renderApp('/admin');
    const card = await screen.findByRole('article', { name: 'Help request HLP-13' });
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Dismiss' }));
    await expectToast('Failed to update report', 'This report has already been decided');
  });

  it('shows a post hidden by reports with its badge, unhides it, and decides with a suspension that hides all the author wrote', async () => {
    const calls: Array<{ url: string; body: unknown }> = [];
    server.use(
      signedInAs('Moderator'),
      ...moderatorHandlers({
        reports: [
          report({ id: 21, kind: 'post', post_id: 10, title: 'Spam post', content: 'buy now', reason: 'spam', content_hidden: 'reports', ticket_reference: 'RPT-H21' }),
        ],
      }),
      http.post('/api/admin/posts/10/unhide', ({ request }) => {
        calls.push({ url: new URL(request.url).pathname, body: null });
        return HttpResponse.json({ success: true, id: 10, hidden: false, changed: true });
      }),
      http.post('/api/admin/reports/21/decide', async ({ request }) => {
        calls.push({ url: new URL(request.url).pathname, body: await request.json() });
        return HttpResponse.json({
          id: 21,
          status: 'Action taken',
          decided_by: 'alex',
          decided_at: Date.now(),
          content_deleted: false,
          content_hidden: true,
          author_suspended: true,
        });
      }),
    );
    renderApp('/admin');
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Post report RPT-H21' });
    expect(within(card).getByText('Hidden by reports')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Unhide post' }));
    await expectToast('Post shown again');

    await user.click(within(card).getByRole('button', { name: /Decide with hide or suspension/ }));
    const form = within(card).getByRole('form', { name: 'Decide RPT-H21' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'The reported post' }), 'hide');
    await user.click(within(form).getByRole('checkbox', { name: 'Suspend its author' }));
    await user.type(within(form).getByRole('textbox', { name: 'Reason shown to the visitor' }), 'spam links');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'For' }), '7 days');
    await user.click(within(form).getByRole('checkbox', { name: 'Also hide everything they wrote in the forum' }));
    await user.click(within(form).getByRole('button', { name: 'Decide' }));
    await expectToast('Report decided');
    expect(calls).toEqual([
      { url: '/api/admin/posts/10/unhide', body: null },
      {
        url: '/api/admin/reports/21/decide',
        body: {
          status: 'Action taken',
          action: 'hide',
          suspend_author: true,
          suspension: { reason: 'spam links', duration_days: 7, hide_content: true },
        },
      },
    ]);
  });
});
