import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeDetail, servePost } from './forum-fixtures.ts';
import { renderApp } from './render-app.tsx';
import { server, TOKEN } from './server.ts';
import { multipartParts } from './multipart.ts';
import { expectToast } from './toasts.ts';

function visitor({ acceptedTerms = true } = {}) {
  window.localStorage.setItem('anon_token', TOKEN);
  if (acceptedTerms) window.localStorage.setItem('terms_accepted', 'true');
}

async function openForm(path = '/new') {
  const rendered = renderApp(path);
  await screen.findByRole('form', { name: 'Create post' });
  return rendered;
}

const publish = () => screen.getByRole('button', { name: /^(Publish|Publishing\.\.\.)$/ });

describe('terms modal', () => {
  it('asks first, with nine sections and two checkboxes in order, and remembers the acceptance with its date', async () => {
    visitor({ acceptedTerms: false });
    const user = userEvent.setup();
    const first = renderApp('/new');
    const dialog = await screen.findByRole('dialog', { name: 'Community Terms and Guidelines' });
    const sections = within(dialog).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(sections).toEqual([
      '1. Community Guidelines',
      '2. Acceptable Content',
      '3. Prohibited Content',
      '4. Professional Conduct',
      '5. Content Ownership',
      '6. Moderation',
      '7. Privacy',
      '8. Changes to These Terms',
      '9. Contact',
    ]);
    const [readTerms, conduct] = within(dialog).getAllByRole('checkbox');
    const accept = within(dialog).getByRole('button', { name: 'Accept and Continue' });
    expect(conduct).toBeDisabled();
    expect(accept).toBeDisabled();

    await user.click(readTerms!);
    expect(conduct).toBeEnabled();
    expect(accept).toBeDisabled();
    await user.click(conduct!);
    expect(accept).toBeEnabled();
    await user.click(readTerms!);
    expect(conduct).not.toBeChecked();
    expect(conduct).toBeDisabled();
    expect(accept).toBeDisabled();
    await user.click(readTerms!);
    await user.click(conduct!);
    await user.click(accept);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.localStorage.getItem('terms_accepted')).toBe('true');
    const acceptedAt = Date.parse(window.localStorage.getItem('terms_accepted_date') ?? '');
    expect(Date.now() - acceptedAt).toBeGreaterThanOrEqual(0);
    expect(Date.now() - acceptedAt).toBeLessThan(60_000);

    first.unmount();
    await openForm();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows with the first render of the form: the router has their code before the page renders', async () => {
    visitor({ acceptedTerms: false });
    renderApp('/new');
    await screen.findByRole('form', { name: 'Create post', hidden: true });
    expect(screen.getByRole('dialog', { name: 'Community Terms and Guidelines' })).toBeInTheDocument();
  });

  it('goes home on Cancel', async () => {
    visitor({ acceptedTerms: false });
    server.use(http.get('/api/posts', () => HttpResponse.json({ posts: [], total: 0 })));
    const user = userEvent.setup();
    const { router } = renderApp('/new');
    const dialog = await screen.findByRole('dialog', { name: 'Community Terms and Guidelines' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('terms_accepted')).toBeNull();
    await screen.findByText('Be the first to start a conversation!');
  });

  it('is a modal <dialog>, named and described, with focus on the terms and the page held still', async () => {
    visitor({ acceptedTerms: false });
    const user = userEvent.setup();
    renderApp('/new');
    const dialog = await screen.findByRole('dialog', { name: 'Community Terms and Guidelines' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleDescription('Please read and accept these terms before posting.');
    expect(within(dialog).getByLabelText('Terms')).toHaveFocus();
    expect(document.documentElement.style.overflow).toBe('hidden');

    // A click outside lands on the dialog itself (its ::backdrop): nothing happens.
    await user.click(dialog);
    expect(dialog).toBeInTheDocument();

    const [readTerms, conduct] = within(dialog).getAllByRole('checkbox');
    await user.click(readTerms!);
    await user.click(conduct!);
    await user.click(within(dialog).getByRole('button', { name: 'Accept and Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.documentElement.style.overflow).toBe('');
    expect(screen.getByRole('form', { name: 'Create post' })).toBeInTheDocument();
  });

  it('goes home on Escape (its cancel event), the dialog left open for the page to remove', async () => {
    visitor({ acceptedTerms: false });
    server.use(http.get('/api/posts', () => HttpResponse.json({ posts: [], total: 0 })));
    const { router } = renderApp('/new');
    const dialog = await screen.findByRole('dialog', { name: 'Community Terms and Guidelines' });
    const escape = new Event('cancel', { cancelable: true });
    fireEvent(dialog, escape);
    expect(escape.defaultPrevented).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('terms_accepted')).toBeNull();
    await screen.findByText('Be the first to start a conversation!');
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('goes home when the browser closes it on its own (an Escape it does not let the page cancel)', async () => {
    visitor({ acceptedTerms: false });
    server.use(http.get('/api/posts', () => HttpResponse.json({ posts: [], total: 0 })));
    const { router } = renderApp('/new');
    const dialog = await screen.findByRole<HTMLDialogElement>('dialog', { name: 'Community Terms and Guidelines' });
    fireEvent(dialog, new Event('cancel', { cancelable: false }));
    expect(router.state.location.pathname).toBe('/new');
    dialog.close();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('terms_accepted')).toBeNull();
  });
});

describe('create post form', () => {
  it.each([
    ['/new', 'Ask for Help', false],
    ['/new?type=idea', 'Share an Idea', false],
    ['/new?type=tool', 'Recommend Tool', true],
  ])('%s preselects %s (tool fields: %s)', async (path, label, toolFields) => {
    visitor();
    await openForm(path);
    expect(screen.getByRole('radio', { name: label })).toBeChecked();
    expect(screen.queryByLabelText('Tool URL') !== null).toBe(toolFields);
  });

  it('enables Publish only with a title and content, and counts both', async () => {
    visitor();
    const user = userEvent.setup();
    await openForm();
    expect(screen.getByText('0/120 characters')).toBeInTheDocument();
    expect(screen.getByText('0/10,000 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('maxlength', '120');
    expect(screen.getByLabelText('Content')).toHaveAttribute('maxlength', '10000');
    expect(publish()).toBeDisabled();

    await user.type(screen.getByLabelText('Title'), 'Erlang help');
    expect(screen.getByText('11/120 characters')).toBeInTheDocument();
    expect(publish()).toBeDisabled();
    await user.type(screen.getByLabelText('Content'), '   ');
    expect(publish()).toBeDisabled();
    await user.type(screen.getByLabelText('Content'), 'Details');
    expect(screen.getByText('10/10,000 characters')).toBeInTheDocument();
    expect(publish()).toBeEnabled();
    await user.clear(screen.getByLabelText('Title'));
    expect(publish()).toBeDisabled();
  });

  it('fills the content from one of six templates and previews the markdown', async () => {
    visitor();
    const user = userEvent.setup();
    await openForm();
    const template = screen.getByRole('combobox', { name: 'Template (optional)' });
    expect(within(template).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Forecasting help',
      'Scheduling question',
      'RTA / adherence issue',
      'Shrinkage / absenteeism analysis',
      'Attrition / capacity modeling',
      'IEX / NICE questions',
    ]);
    await user.selectOptions(template, 'RTA / adherence issue');
    expect((screen.getByLabelText('Content') as HTMLTextAreaElement).value).toMatch(/^## RTA \/ Adherence Issue/);

    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = screen.getByTestId('content-preview');
    // The Markdown renderer is fetched when the preview first shows (issue 27 item 4).
    expect(await within(preview).findByRole('heading', { level: 2, name: 'RTA / Adherence Issue' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Edit' }));
    expect(screen.getByLabelText('Content')).toBeInTheDocument();
  });

  it('suggests up to four tags from the title while the tags are empty', async () => {
    visitor();
    const user = userEvent.setup();
    await openForm();
    await user.click(screen.getByLabelText('Title'));
    await user.paste('Forecast and schedule for RTA, shrinkage and attrition');
    const group = screen.getByRole('group', { name: 'Suggested tags' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual([
      '#forecasting',
      '#scheduling',
      '#rta',
      '#shrinkage',
    ]);
    await user.click(within(group).getByRole('button', { name: '#rta' }));
    expect(screen.getByLabelText('Tags')).toHaveValue('rta');
    expect(screen.queryByRole('group', { name: 'Suggested tags' })).not.toBeInTheDocument();
  });

  it('uploads attachments with the spec messages and lists them', async () => {
    visitor();
    const names = ['notes.txt', 'plan.pdf'];
    let fieldCount = 0;
    server.use(
      http.post('/api/upload', async ({ request }) => {
        // jsdom's File loses its name on the way into Node's FormData, so answer from `names`.
        const files = (await multipartParts(request)).filter((part) => part.name === 'files');
        fieldCount = files.length;
        return HttpResponse.json(
          {
            files: names.map((name, i) => ({
              filename: `stored-${i}`,
              originalName: name,
              mimetype: 'text/plain',
              size: 2048,
              url: `/uploads/stored-${i}`,
            })),
          },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    await openForm();
    const input = screen.getByTestId('attachment-input');
    expect(input).toHaveAttribute('accept', 'image/*,.pdf,.doc,.docx,.txt,.md');
    expect(screen.getByText(/up to 10 MB each, 5 files max/)).toBeInTheDocument();
    await user.upload(input, [
      new File(['a'], 'notes.txt', { type: 'text/plain' }),
      new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' }),
    ]);
    await expectToast('Files uploaded', '2 file(s) uploaded successfully.');
    expect(fieldCount).toBe(2);
    expect(screen.getByRole('button', { name: 'Remove notes.txt' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove notes.txt' }));
    expect(screen.queryByText('notes.txt')).not.toBeInTheDocument();
    expect(screen.getByText('plan.pdf')).toBeInTheDocument();
  });

  it('says Upload failed with the server message, else Failed to upload files', async () => {
    visitor();
    const user = userEvent.setup();
    await openForm();
    const input = screen.getByTestId('attachment-input');

    server.use(http.post('/api/upload', () => HttpResponse.json({ message: 'File type not allowed' }, { status: 400 })));
    await user.upload(input, new File(['x'], 'a.txt', { type: 'text/plain' }));
    await expectToast('Upload failed', 'File type not allowed');

    server.use(http.post('/api/upload', () => new HttpResponse(null, { status: 500 })));
    await user.upload(input, new File(['x'], 'b.txt', { type: 'text/plain' }));
    await expectToast('Upload failed', 'Failed to upload files');
  });

  it('refuses more than five files before uploading', async () => {
    visitor();
    const user = userEvent.setup();
    await openForm();
    const files = Array.from({ length: 6 }, (_, i) => new File(['x'], `f${i}.txt`, { type: 'text/plain' }));
    await user.upload(screen.getByTestId('attachment-input'), files);
    await expectToast('Upload failed', 'You can attach up to 5 files.');
  });

  it('publishes once, shows Publishing..., then opens the new post', async () => {
    visitor();
    const bodies: unknown[] = [];
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post('/api/posts', async ({ request }) => {
        bodies.push(await request.json());
        await answered;
        return HttpResponse.json({ id: 321 }, { status: 201 });
      }),
    );
    servePost(makeDetail({ id: 321, title: 'Best Erlang tool' }));
    const user = userEvent.setup();
    const { router } = await openForm('/new?type=tool');
    await user.type(screen.getByLabelText('Title'), '  Best Erlang tool ');
    await user.type(screen.getByLabelText('Content'), 'It is **great**');
    await user.type(screen.getByLabelText('Tags'), 'erlang, #staffing');
    await user.type(screen.getByLabelText('Tool name'), 'Erlang calc');
    await user.click(screen.getByLabelText('Tool URL'));
    await user.paste('https://example.com/erlang');
    await waitFor(() => expect(screen.getByTestId('form-posting-as')).toHaveTextContent('Posting as returning_user'));

    const form = screen.getByRole('form', { name: 'Create post' });
    await user.click(publish());
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(await screen.findByRole('button', { name: 'Publishing...' })).toBeDisabled();
    answer();

    await waitFor(() => expect(router.state.location.pathname).toBe('/post/321'));
    await expectToast('Post created!', 'Your post has been published successfully.');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toEqual({
      type: 'Tool',
      title: 'Best Erlang tool',
      body: 'It is **great**',
      tags: 'erlang,staffing',
      author_name: 'returning_user',
      tool_links: JSON.stringify([{ name: 'Erlang calc', url: 'https://example.com/erlang' }]),
      attachments: '[]',
      status: 'open',
      isAnonymous: false,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Best Erlang tool' })).toBeInTheDocument();
  });

  it('says the post is held for review and goes home when the server held it (duplicate content)', async () => {
    visitor();
    const message = 'Your submission looks the same as several recent ones from other people, so it is held for review.';
    server.use(
      http.post('/api/posts', () => HttpResponse.json({ id: 77, held: true, message }, { status: 201 })),
      http.get('/api/posts', () => HttpResponse.json({ posts: [], total: 0 })),
    );
    const user = userEvent.setup();
    const { router } = await openForm();
    await user.type(screen.getByLabelText('Title'), 'Cheap certification');
    await user.type(screen.getByLabelText('Content'), 'Buy it now');
    await user.click(publish());
    await expectToast('Post held for review', message);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('posts anonymously as Anonymous', async () => {
    visitor();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/posts', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ message: 'Title is required' }, { status: 400 });
      }),
    );
    const user = userEvent.setup();
    await openForm();
    await user.click(screen.getByRole('checkbox', { name: 'Post anonymously' }));
    expect(screen.getByTestId('form-posting-as')).toHaveTextContent('Posting as Anonymous');
    await user.type(screen.getByLabelText('Title'), 'Quiet question');
    await user.type(screen.getByLabelText('Content'), 'Body');
    await user.click(publish());
    await expectToast('Failed to create post', 'Title is required');
    expect(bodies[0]).toMatchObject({ author_name: 'Anonymous', isAnonymous: true, type: 'Question', tool_links: '[]' });
    expect(publish()).toBeEnabled();
  });

  it('refuses a tool URL that is not a web address', async () => {
    visitor();
    const user = userEvent.setup();
    await openForm('/new?type=tool');
    await user.type(screen.getByLabelText('Title'), 'Tool');
    await user.type(screen.getByLabelText('Content'), 'Body');
    await user.type(screen.getByLabelText('Tool URL'), 'javascript:alert(1)');
    await user.click(publish());
    expect(screen.getByText('Tool URL must be a valid URL')).toBeInTheDocument();
    expect(screen.getByLabelText('Tool URL')).toHaveFocus();
  });
});
