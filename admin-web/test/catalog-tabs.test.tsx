import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminPoll, adminTool, moderatorHandlers, signedInAs } from './fixtures.ts';
import { renderApp } from './render-app.tsx';
import { server } from './server.ts';
import { expectToast } from './toasts.ts';

/** The first render of the lazily loaded panel: on a machine shared by many test runs it can take longer than 5 s. */
const PAGE_LOAD = { timeout: 30_000 };
const SLOW = { timeout: 90_000 };

const LONG = `${'Forecast accuracy across channels. '.repeat(5)}END`;

describe('polls tab', SLOW, () => {
  it('lists polls with a 100-character preview and a count badge, and links each to its page', async () => {
    server.use(
      signedInAs('Moderator'),
      ...moderatorHandlers({
        polls: [adminPoll({ id: 7, description: LONG }), adminPoll({ id: 8, title: 'Closed one', expires_at: 1 })],
      }),
    );
    renderApp('/admin?tab=polls');
    const table = await screen.findByRole('table', undefined, PAGE_LOAD);
    expect(screen.getByRole('tab', { name: /^Polls/ })).toHaveTextContent('2');
    const row = within(table).getByText('Which forecasting method do you use most?').closest('tr')!;
    expect(within(row).queryByText(/END/)).not.toBeInTheDocument();
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Show more' }));
    expect(within(row).getByText(LONG)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'View “Which forecasting method do you use most?”' })).toHaveAttribute('href', '/polls/7');
    const closed = within(table).getByText('Closed one').closest('tr')!;
    expect(within(closed).getByText('Closed')).toBeInTheDocument();
  });

  it('deletes a poll after a confirmation naming it and saying it cannot be undone', async () => {
    let polls = [adminPoll({ id: 7 })];
    let deleted: string | undefined;
    server.use(
      http.get('/api/admin/polls', () => HttpResponse.json({ polls, total: polls.length })),
      signedInAs('Moderator'),
      ...moderatorHandlers(),
      http.delete('/api/admin/polls/:id', ({ params }) => {
        deleted = String(params.id);
        polls = [];
        return HttpResponse.json({ success: true, id: 7 });
      }),
    );
    renderApp('/admin?tab=polls');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete “Which forecasting method do you use most?”' }, PAGE_LOAD));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete poll?' });
    expect(dialog).toHaveTextContent('Which forecasting method do you use most?');
    expect(dialog).toHaveTextContent('all its votes');
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Delete “Which forecasting method do you use most?”' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectToast('Poll deleted');
    expect(deleted).toBe('7');
    expect(await screen.findByText('No polls yet')).toBeInTheDocument();
  });

  it('shows the server message when a delete fails', async () => {
    server.use(
      signedInAs('Moderator'),
      ...moderatorHandlers({ polls: [adminPoll()] }),
      http.delete('/api/admin/polls/:id', () => HttpResponse.json({ message: 'Poll not found' }, { status: 404 })),
    );
    renderApp('/admin?tab=polls');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Delete “/ }, PAGE_LOAD));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectToast('Failed to delete poll', 'Poll not found');
  });
});

describe('tools tab', SLOW, () => {
  it('lists tool submissions with their link and a count badge; deletes after a confirmation naming the tool', async () => {
    let tools = [adminTool({ id: 3, short_desc: LONG }), adminTool({ id: 4, name: 'Odd link', url: 'javascript:alert(1)' })];
    let deleted: string | undefined;
    server.use(
      http.get('/api/admin/tools', () => HttpResponse.json({ tools, total: tools.length })),
      signedInAs('Moderator'),
      ...moderatorHandlers(),
      http.delete('/api/admin/tools/:id', ({ params }) => {
        deleted = String(params.id);
        tools = tools.filter((tool) => String(tool.id) !== params.id);
        return HttpResponse.json({ success: true, id: 3 });
      }),
    );
    renderApp('/admin?tab=tools');
    const table = await screen.findByRole('table', undefined, PAGE_LOAD);
    expect(screen.getByRole('tab', { name: /^Tools/ })).toHaveTextContent('2');
    const row = within(table).getByText('Forecast Pro').closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Visit “Forecast Pro”' })).toHaveAttribute('href', 'https://forecastpro.example.com');
    expect(within(row).getByRole('button', { name: 'Show more' })).toBeInTheDocument();
    const odd = within(table).getByText('Odd link').closest('tr')!;
    expect(within(odd).queryByRole('link')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Delete “Forecast Pro”' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete tool?' });
    expect(dialog).toHaveTextContent('Forecast Pro');
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expectToast('Tool deleted');
    expect(deleted).toBe('3');
    await waitFor(() => expect(screen.queryByText('Forecast Pro')).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: /^Tools/ })).toHaveTextContent('1');
  });
});
