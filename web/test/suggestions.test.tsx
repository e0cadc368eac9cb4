import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from './render-app.tsx';
import { server, TOKEN } from './server.ts';
import { expectToast } from './toasts.ts';

function visitor({ username = 'returning_user' }: { username?: string | null } = {}) {
  window.localStorage.setItem('anon_token', TOKEN);
  server.use(http.get('/api/posts', () => HttpResponse.json({ posts: [], total: 0 })));
  if (username === null) {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(http.get('/api/user-profile/:token', () => HttpResponse.json({ message: 'Profile not found' }, { status: 404 })));
  }
}

function recordSuggestions(answer: () => Response = () => HttpResponse.json({ reference_number: 'FS-8H2KQ' }, { status: 201 })) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/feature-suggestions', async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return answer();
    }),
  );
  return sent;
}

async function openHeaderDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Suggest Feature' }));
  return screen.findByRole('dialog', { name: 'Suggest a Feature' });
}

async function openSidebarDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(screen.getByRole('complementary', { name: 'Sidebar' })).getByRole('button', { name: 'Suggest Feature' }));
  return screen.findByRole('dialog', { name: 'Suggest a Feature' });
}

describe('header suggestion dialog', () => {
  it('has title, description with a counter, name, priority and contact; Submit waits for both texts', async () => {
    visitor();
    const user = userEvent.setup();
    renderApp('/');
    const dialog = await openHeaderDialog(user);
    const submit = within(dialog).getByRole('button', { name: 'Submit Suggestion' });
    expect(within(dialog).getByLabelText('Title')).toHaveAttribute('maxlength', '100');
    expect(within(dialog).getByLabelText('Description')).toHaveAttribute('maxlength', '1000');
    expect(within(dialog).getByLabelText('Contact (optional)')).toHaveAttribute('maxlength', '200');
    await waitFor(() => expect(within(dialog).getByLabelText('Your name')).toHaveValue('returning_user'));
    expect(within(dialog).getByRole('combobox', { name: 'Priority' })).toHaveDisplayValue('Medium - Would be helpful');
    expect(within(dialog).getByText('0/1000')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Title'), 'Dark mode');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Description'), 'Please');
    expect(within(dialog).getByText('6/1000')).toBeInTheDocument();
    expect(submit).toBeEnabled();

    expect(within(within(dialog).getByRole('combobox', { name: 'Priority' })).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Low - Nice to have',
      'Medium - Would be helpful',
      'High - Really need this',
    ]);
  });

  it('asks for both texts when they are only spaces', async () => {
    visitor();
    const sent = recordSuggestions();
    const user = userEvent.setup();
    renderApp('/');
    const dialog = await openHeaderDialog(user);
    await user.type(within(dialog).getByLabelText('Title'), '   ');
    await user.type(within(dialog).getByLabelText('Description'), 'Something');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Suggestion' }));
    await expectToast('Missing information', 'Please provide both a title and description for your suggestion.');
    expect(sent).toHaveLength(0);
  });

  it('sends the header payload, shows the reference, then closes itself after 3 seconds with a clear form', async () => {
    visitor();
    const sent = recordSuggestions();
    const user = userEvent.setup();
    renderApp('/');
    const dialog = await openHeaderDialog(user);
    await waitFor(() => expect(within(dialog).getByLabelText('Your name')).toHaveValue('returning_user'));
    await user.type(within(dialog).getByLabelText('Title'), ' Export to Excel ');
    await user.type(within(dialog).getByLabelText('Description'), 'From the tools page');
    await user.type(within(dialog).getByLabelText('Contact (optional)'), 'me@example.com');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Priority' }), 'High - Really need this');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(within(dialog).getByRole('button', { name: 'Submit Suggestion' }));
    await expectToast('Feature suggestion submitted!', "Your reference number is FS-8H2KQ. We'll review your suggestion soon!");
    expect(sent).toEqual([
      {
        title: 'Export to Excel',
        description: 'From the tools page',
        author_name: 'returning_user',
        priority: 'High',
        contact_method: 'me@example.com',
      },
    ]);
    expect(screen.getByTestId('suggestion-reference')).toHaveTextContent('FS-8H2KQ');

    act(() => vi.advanceTimersByTime(3000));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    vi.useRealTimers();

    const again = await openHeaderDialog(user);
    expect(within(again).getByLabelText('Title')).toHaveValue('');
    expect(within(again).getByLabelText('Description')).toHaveValue('');
    expect(within(again).getByRole('combobox', { name: 'Priority' })).toHaveDisplayValue('Medium - Would be helpful');
  });

  it('sends Anonymous when the name is left empty', async () => {
    visitor({ username: null });
    const sent = recordSuggestions();
    const user = userEvent.setup();
    renderApp('/');
    const dialog = await openHeaderDialog(user);
    await user.type(within(dialog).getByLabelText('Title'), 'Idea');
    await user.type(within(dialog).getByLabelText('Description'), 'Text');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Suggestion' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ author_name: 'Anonymous', priority: 'Medium' });
    expect(sent[0]).not.toHaveProperty('contact_method');
  });

  it('says Failed to submit suggestion with the message, or Please try again later.', async () => {
    visitor();
    recordSuggestions(() => HttpResponse.json({ message: 'Title must be 100 characters or less' }, { status: 400 }));
    const user = userEvent.setup();
    renderApp('/');
    const dialog = await openHeaderDialog(user);
    await user.type(within(dialog).getByLabelText('Title'), 'Idea');
    await user.type(within(dialog).getByLabelText('Description'), 'Text');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Suggestion' }));
    await expectToast('Failed to submit suggestion', 'Title must be 100 characters or less');

    recordSuggestions(() => HttpResponse.error());
    await user.click(within(dialog).getByRole('button', { name: 'Submit Suggestion' }));
    await expectToast('Failed to submit suggestion', 'Please try again later.');
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Idea');
  });
});

describe('sidebar suggestion dialog', () => {
  it('sends the sidebar payload under the username, then clears, resets priority and closes', async () => {
    visitor();
    const sent = recordSuggestions();
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByText('returning_user', { selector: '[data-testid=posting-as] strong' });
    const dialog = await openSidebarDialog(user);
    expect(within(dialog).getByText('returning_user')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Your name')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Title'), 'Calendar export');
    await user.type(within(dialog).getByLabelText('Description'), 'For AMA sessions');
    await user.type(within(dialog).getByLabelText('Email (optional)'), 'me@example.com');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Priority' }), 'Low - Nice to have');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    await expectToast('Suggestion submitted!', "Thank you for your feedback. We'll review your suggestion.");
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([
      {
        title: 'Calendar export',
        description: 'For AMA sessions',
        author_name: 'returning_user',
        email: 'me@example.com',
        priority: 'Low',
        isAnonymous: false,
      },
    ]);

    const again = await openSidebarDialog(user);
    expect(within(again).getByLabelText('Title')).toHaveValue('');
    expect(within(again).getByLabelText('Email (optional)')).toHaveValue('');
    expect(within(again).getByRole('combobox', { name: 'Priority' })).toHaveDisplayValue('Medium - Would be helpful');
  });

  it('goes out as Anonymous with isAnonymous when there is no username', async () => {
    visitor({ username: null });
    const sent = recordSuggestions();
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByText('Anonymous', { selector: '[data-testid=posting-as] strong' });
    const dialog = await openSidebarDialog(user);
    await user.type(within(dialog).getByLabelText('Title'), 'Idea');
    await user.type(within(dialog).getByLabelText('Description'), 'Text');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ title: 'Idea', description: 'Text', author_name: 'Anonymous', priority: 'Medium', isAnonymous: true });
  });

  it('asks for both texts, checks the email, and says Submission failed', async () => {
    visitor();
    const sent = recordSuggestions(() => HttpResponse.json({ message: 'Too many suggestions' }, { status: 429 }));
    const user = userEvent.setup();
    renderApp('/');
    const dialog = await openSidebarDialog(user);
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Title'), 'Idea');
    await user.type(within(dialog).getByLabelText('Description'), ' ');
    await user.click(submit);
    await expectToast('Missing information', 'Please fill in both title and description.');

    await user.type(within(dialog).getByLabelText('Description'), 'Text');
    await user.type(within(dialog).getByLabelText('Email (optional)'), 'not-an-email');
    await user.click(submit);
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Email (optional)'));
    await user.click(submit);
    await expectToast('Submission failed', 'Too many suggestions');
    expect(screen.getByRole('dialog', { name: 'Suggest a Feature' })).toBeInTheDocument();
  });

  it('opens from the mobile bar too', async () => {
    visitor();
    const user = userEvent.setup();
    renderApp('/');
    await user.click(within(screen.getByRole('navigation', { name: 'Mobile navigation' })).getByRole('button', { name: 'Suggest' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suggest a Feature' });
    expect(within(dialog).getByLabelText('Email (optional)')).toBeInTheDocument();
  });
});
