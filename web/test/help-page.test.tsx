import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';

// The first visit imports the page's chunk, which can take long on a busy machine.
const SLOW_PAGE_LOAD = { timeout: 20_000 };
import { server, TOKEN } from './server.ts';
import { expectToast } from './toasts.ts';

function recordHelp(answer: () => Response | Promise<Response> = () => HttpResponse.json({ ticket_reference: 'HLP-7K3Q9' }, { status: 201 })) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/report', async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return answer();
    }),
  );
  return sent;
}

async function chooseCategory(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.selectOptions(screen.getByRole('combobox', { name: 'Category *' }), name);
}

// Whole-app renders with typed input on a shared machine: more time than the 20 s default.
describe('/help', { timeout: 60_000 }, () => {
  it('shows each validation message and the live counter', async () => {
    window.localStorage.setItem('anon_token', TOKEN);
    const user = userEvent.setup();
    const sent = recordHelp();
    renderApp('/help');
    expect(await screen.findByRole('heading', { name: 'Need Help?' }, SLOW_PAGE_LOAD)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(screen.getByText('Title must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Description must be at least 10 characters')).toBeInTheDocument();
    expect(screen.getByText('Please select a category')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Title *'));
    await user.paste('x'.repeat(101));
    expect(screen.getByText('Title must be less than 100 characters')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Description *'));
    await user.paste('y'.repeat(1001));
    expect(screen.getByText('Description must be less than 1000 characters')).toBeInTheDocument();
    expect(screen.getByTestId('description-counter')).toHaveTextContent('1001/1000');
    expect(screen.getByRole('combobox', { name: 'Priority *' })).toHaveDisplayValue('Medium (1-2 days)');
    expect(sent).toHaveLength(0);
  });

  it('sends the request once, shows the ticket reference and starts over', async () => {
    window.localStorage.setItem('anon_token', TOKEN);
    const user = userEvent.setup();
    let release: () => void = () => {};
    const sent = recordHelp(
      () => new Promise((resolve) => (release = () => resolve(HttpResponse.json({ ticket_reference: 'HLP-7K3Q9' }, { status: 201 })))),
    );
    renderApp('/help');
    await user.type(await screen.findByLabelText('Title *', {}, SLOW_PAGE_LOAD), 'Cannot export');
    await chooseCategory(user, 'Technical Issue');
    await user.type(screen.getByLabelText('Description *'), 'The export button does nothing.');
    const submit = screen.getByRole('button', { name: 'Submit Request' });
    await user.click(submit);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submitting...' })).toBeDisabled());
    await user.click(screen.getByRole('button', { name: 'Submitting...' }));
    release();
    expect(await screen.findByTestId('ticket-reference')).toHaveTextContent('HLP-7K3Q9');
    expect(sent).toEqual([
      {
        title: 'Cannot export',
        category: 'technical',
        priority: 'Medium',
        reason: 'The export button does nothing.',
        reporter_name: 'returning_user',
        isAnonymous: false,
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Submit Another Request' }));
    expect(screen.getByLabelText('Title *')).toHaveValue('');
  });

  it('a failure shows the toast with the server message, else the fallback', async () => {
    window.localStorage.setItem('anon_token', TOKEN);
    const user = userEvent.setup();
    recordHelp(() => HttpResponse.json({}, { status: 500 }));
    renderApp('/help');
    await user.type(await screen.findByLabelText('Title *', {}, SLOW_PAGE_LOAD), 'Cannot export');
    await chooseCategory(user, 'Bug Report');
    await user.type(screen.getByLabelText('Description *'), 'The export button does nothing.');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    await expectToast('Failed to submit request', 'Please try again later.');
    expect(screen.getByLabelText('Title *')).toHaveValue('Cannot export');
  });
});
