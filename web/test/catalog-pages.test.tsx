import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOT_ENOUGH_ANSWERS } from '@wfm/contracts/catalog';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makePoll, makeTemplate, makeTool, summaryOf } from './catalog-fixtures.ts';
import { FakeWebSocket } from './fake-websocket.ts';
import { renderApp } from './render-app.tsx';
import { server, TOKEN } from './server.ts';
import { expectToast } from './toasts.ts';

const visitor = () => window.localStorage.setItem('anon_token', TOKEN);

/** The first render of a lazily loaded page: on a machine shared by many test runs it can take longer than the 5 s default. */
const PAGE_LOAD = { timeout: 30_000 };
/** Per test: the page load above plus the clicks and typing that follow. */
const SLOW = { timeout: 90_000 };

/** An answer held back until the test has seen the loading state (a timed delay can pass unseen on a busy machine). */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { wait: () => opened, open };
}
const pollStats = http.get('/api/polls/stats', () => HttpResponse.json({ activePolls: 2, totalVotes: 9, participationRate: 40 }));

describe('/tools', SLOW, () => {
  it('shows 9 skeleton cards while loading, then the cards with vote and visit', async () => {
    visitor();
    const queries: string[] = [];
    const held = gate();
    server.use(
      http.get('/api/tools', async ({ request }) => {
        queries.push(new URL(request.url).search);
        await held.wait();
        return HttpResponse.json([makeTool({ id: 1, name: 'Forecast Pro', votes: 2, linked_posts: 3 })]);
      }),
    );
    renderApp('/tools');
    const loading = await screen.findByRole('status', { name: 'Loading tools' }, PAGE_LOAD);
    expect(within(loading).getAllByTestId('tool-skeleton')).toHaveLength(9);
    held.open();
    const card = await screen.findByTestId('tool-card');
    expect(card).toHaveTextContent('Forecast Pro');
    expect(within(card).getByRole('link', { name: 'Visit Forecast Pro' })).toHaveAttribute('href', 'https://tool.example.com');
    expect(within(card).getByTestId('tool-linked-posts')).toHaveTextContent('3 community posts');
    // Empty values are left out of the call; the default sort is sent.
    expect(queries[0]).toBe('?sort=latest');
  });

  it('votes: the count moves and the spec toast shows; a refused vote says Failed to vote with the reason', async () => {
    visitor();
    let voted = false;
    server.use(
      http.get('/api/tools', () => HttpResponse.json([makeTool({ id: 1, name: 'Forecast Pro', votes: 2 })])),
      http.post('/api/tools/1/vote', () => {
        if (voted) return HttpResponse.json({ message: 'You have already voted for this tool' }, { status: 409 });
        voted = true;
        return HttpResponse.json({ votes: 3 });
      }),
    );
    renderApp('/tools');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Vote for Forecast Pro/ }, PAGE_LOAD));
    await expectToast('Vote recorded!', 'Thanks for your feedback.');
    expect(screen.getByTestId('tool-votes')).toHaveTextContent('3');
    await user.click(screen.getByRole('button', { name: /^Vote for Forecast Pro/ }));
    await expectToast('Failed to vote', 'You have already voted for this tool');
  });

  it('debounces the search by 300 ms and sends category and sort', async () => {
    visitor();
    const queries: string[] = [];
    server.use(
      http.get('/api/tools', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json([]);
      }),
    );
    renderApp('/tools');
    await screen.findByTestId('tools-empty', undefined, PAGE_LOAD);
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search tools...' }), 'erlang');
    await waitFor(() => expect(queries.at(-1)).toBe('?q=erlang&sort=latest'));
    // One call for the finished word, none for the keystrokes in between.
    expect(queries.filter((q) => q.includes('q='))).toHaveLength(1);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Most Voted');
    await waitFor(() => expect(queries.at(-1)).toBe('?q=erlang&sort=votes'));
  });

  it('empty: Add First Tool opens Submit Tool, which names refused fields and sends a valid tool', async () => {
    visitor();
    let body: unknown;
    server.use(
      http.get('/api/tools', () => HttpResponse.json([])),
      http.post('/api/tools', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeTool({ id: 9 }), { status: 201 });
      }),
    );
    renderApp('/tools');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add First Tool' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Submit Tool' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit Tool' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Tool Name')).toHaveAttribute('aria-invalid', 'true');
    expect(body).toBeUndefined();

    await user.type(within(dialog).getByLabelText('Tool Name'), 'Forecast Pro');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), 'Intraday');
    await user.type(within(dialog).getByLabelText('URL'), 'https://fp.example.com');
    await user.type(within(dialog).getByLabelText('Short Description'), 'Forecasts');
    await user.clear(within(dialog).getByLabelText('Submitted By'));
    await user.type(within(dialog).getByLabelText('Submitted By'), 'pat');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Tool' }));
    await expectToast('Tool submitted!', 'Your tool recommendation has been added to the directory.');
    expect(body).toEqual({ name: 'Forecast Pro', category: 'Intraday', url: 'https://fp.example.com', short_desc: 'Forecasts', submitted_by: 'pat' });
  });

  it('refetches the list when a Tool post arrives live', async () => {
    visitor();
    let calls = 0;
    server.use(
      http.get('/api/tools', () => {
        calls += 1;
        return HttpResponse.json([]);
      }),
    );
    renderApp('/tools');
    await screen.findByTestId('tools-empty', undefined, PAGE_LOAD);
    expect(calls).toBe(1);
    const post = { id: 1, type: 'Tool', title: 't', body: 'b', author_name: 'a', created_at: 1, upvotes: 0, status: 'open', tags: '', tool_links: '[]', attachments: '[]', comment_count: 0 };
    act(() => {
      FakeWebSocket.latest().serverOpen();
      FakeWebSocket.latest().serverSend({ type: 'new_post', data: { ...post, type: 'Question' } });
    });
    act(() => FakeWebSocket.latest().serverSend({ type: 'new_post', data: post }));
    await waitFor(() => expect(calls).toBe(2));
  });
});

describe('/templates', SLOW, () => {
  it('opens the Template Library tab: View for links, Download for files, disabled when neither', async () => {
    visitor();
    server.use(
      http.get('/api/templates', () =>
        HttpResponse.json([
          makeTemplate({ id: 1, name: 'Linked', url: 'https://t.example.com/sheet' }),
          makeTemplate({ id: 2, name: 'Stored', file_path: '/api/templates/2/file', file_name: 'plan.xlsx', downloads: 4 }),
          makeTemplate({ id: 3, name: 'Nothing', category: 'Workforce Recipes' }),
        ]),
      ),
      http.post('/api/templates/2/download', () =>
        HttpResponse.json({ downloads: 5, location: '/api/templates/2/file', kind: 'file', name: 'Stored' }),
      ),
    );
    renderApp('/templates');
    expect(await screen.findByRole('tab', { name: 'Template Library', selected: true }, PAGE_LOAD)).toBeInTheDocument();
    const cards = await screen.findAllByTestId('template-card');
    expect(within(cards[0]!).getByRole('link', { name: 'View Linked' })).toHaveAttribute('href', 'https://t.example.com/sheet');
    expect(within(cards[2]!).getByRole('button', { name: 'Download Nothing' })).toBeDisabled();
    // A template the API took with a category outside the dialog's ten and neither URL nor file.
    expect(cards[2]).toHaveTextContent('Workforce Recipes');
    expect(within(cards[2]!).getByTestId('template-nothing-to-download')).toHaveTextContent('No link or file attached');
    expect(within(cards[1]!).queryByTestId('template-nothing-to-download')).toBeNull();
    expect(cards[1]).toHaveTextContent('4 downloads');
    await userEvent.setup().click(within(cards[1]!).getByRole('button', { name: 'Download Stored' }));
    await expectToast('Download tracked!', 'Stored has been downloaded.');
    expect(cards[1]).toHaveTextContent('5 downloads');
  });

  it('Add Template: the three messages of §5, then a URL template as JSON', async () => {
    visitor();
    let body: unknown;
    server.use(
      http.get('/api/templates', () => HttpResponse.json([])),
      http.post('/api/templates', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makeTemplate({ id: 7, url: 'https://t.example.com' }), { status: 201 });
      }),
    );
    renderApp('/templates');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add First Template' }, PAGE_LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Add Template' });
    const submit = () => user.click(within(dialog).getByRole('button', { name: 'Add Template' }));
    await submit();
    await expectToast('Missing information', 'Please fill in all required fields.');

    await user.type(within(dialog).getByLabelText('Template Name'), 'Capacity plan');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Category' }), 'Capacity Planning');
    await user.type(within(dialog).getByLabelText('Description'), 'One sheet');
    await submit();
    await expectToast('URL required', 'Please provide a URL for the template.');

    await user.click(within(dialog).getByRole('radio', { name: 'File Upload' }));
    await submit();
    await expectToast('File required', 'Please select a file to upload.');

    await user.click(within(dialog).getByRole('radio', { name: 'URL Link' }));
    await user.type(within(dialog).getByLabelText('Template URL'), 'https://t.example.com');
    await submit();
    await expectToast('Template created!', 'Your template has been added to the library.');
    expect(body).toMatchObject({ name: 'Capacity plan', category: 'Capacity Planning', short_desc: 'One sheet', url: 'https://t.example.com' });
  });
});

describe('/polls', SLOW, () => {
  it('shows the stats, 4 skeleton cards while loading, then cards with 3 options and +N more options', async () => {
    visitor();
    const held = gate();
    server.use(
      pollStats,
      http.get('/api/polls', async () => {
        await held.wait();
        const options = ['A', 'B', 'C', 'D', 'E'].map((text, i) => ({ id: i + 1, text, votes: 1, percentage: 20 }));
        return HttpResponse.json([summaryOf(makePoll({ id: 3, title: 'Five options', options }))]);
      }),
    );
    renderApp('/polls');
    const loading = await screen.findByRole('status', { name: 'Loading polls' }, PAGE_LOAD);
    expect(within(loading).getAllByTestId('poll-skeleton')).toHaveLength(4);
    held.open();
    const card = await screen.findByTestId('poll-card');
    expect(within(card).getAllByRole('listitem')).toHaveLength(3);
    expect(card).toHaveTextContent('+2 more options');
    expect(within(card).getByRole('link', { name: 'View poll: Five options' })).toHaveAttribute('href', '/polls/3');
    expect(screen.getByTestId('poll-stat-active-polls')).toHaveTextContent('2');
    expect(screen.getByTestId('poll-stat-total-votes')).toHaveTextContent('9');
    // The sidebar's Live Polls is the same figure.
    expect(within(screen.getByRole('complementary', { name: 'Sidebar' })).getByTestId('stat-live-polls')).toHaveTextContent('2');
  });

  it('My Polls asks with the visitor token; Benchmarks lists the eight ranges', async () => {
    visitor();
    const queries: string[] = [];
    server.use(
      pollStats,
      http.get('/api/polls', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json([]);
      }),
    );
    renderApp('/polls');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'My Polls' }, PAGE_LOAD));
    await screen.findByText('No polls yet');
    expect(queries).toContain(`?sort=newest&anon_token=${encodeURIComponent(TOKEN)}`);
    await user.click(screen.getByRole('tab', { name: 'Benchmarks' }));
    const benchmarks = screen.getAllByTestId('benchmark');
    expect(benchmarks).toHaveLength(8);
    expect(benchmarks[0]).toHaveTextContent('85-95%');
    expect(benchmarks[5]).toHaveTextContent('3-8 min');
    expect(benchmarks[7]).toHaveTextContent('4.0-4.5 of 5');
  });

  it('Results & Insights: a chart and a text table per poll, and small groups are not shown', async () => {
    visitor();
    const poll = makePoll({ id: 4, title: 'Grouped', profile_questions: ['region'] });
    server.use(
      pollStats,
      http.get('/api/polls', () => HttpResponse.json([summaryOf(poll)])),
      http.get('/api/polls/4/breakdown', () =>
        HttpResponse.json({
          poll_id: 4,
          by: 'region',
          threshold: 5,
          groups: [
            { value: 'europe', shown: true, total_votes: 6, options: poll.options },
            { value: 'asia-pacific', shown: false, message: NOT_ENOUGH_ANSWERS },
          ],
        }),
      ),
    );
    renderApp('/polls');
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Results & Insights' }, PAGE_LOAD));
    const results = await screen.findByTestId('poll-results');
    // The charts library is fetched when the first chart shows (issue 27 item 4).
    expect(await within(results).findByTestId('results-chart', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(within(results).getByRole('table', { name: 'Results of “Grouped”' })).toHaveTextContent('Erlang C360%');
    const groups = await within(results).findAllByTestId('breakdown-group');
    expect(groups[0]).toHaveTextContent('Europe');
    expect(groups[1]).toHaveTextContent('Asia Pacific');
    expect(groups[1]).toHaveTextContent(NOT_ENOUGH_ANSWERS);
  });

  it('Create Poll: 2 options, remove only above 2, at most 6, blanks dropped', async () => {
    visitor();
    let body: unknown;
    server.use(
      pollStats,
      http.get('/api/polls', () => HttpResponse.json([])),
      http.post('/api/polls', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(makePoll({ id: 12 }), { status: 201 });
      }),
      http.get('/api/polls/12', () => HttpResponse.json(makePoll({ id: 12 }))),
    );
    const { router } = renderApp('/polls');
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Create Poll' }, PAGE_LOAD))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create Poll' });
    expect(within(dialog).getAllByRole('textbox', { name: /^Option \d$/ })).toHaveLength(2);
    expect(within(dialog).queryByRole('button', { name: /^Remove option/ })).not.toBeInTheDocument();
    for (let i = 0; i < 4; i++) await user.click(within(dialog).getByRole('button', { name: 'Add Option' }));
    expect(within(dialog).getAllByRole('textbox', { name: /^Option \d$/ })).toHaveLength(6);
    expect(within(dialog).queryByRole('button', { name: 'Add Option' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove option 6' }));
    expect(within(dialog).getAllByRole('button', { name: /^Remove option/ })).toHaveLength(5);

    await user.type(within(dialog).getByLabelText('Question'), 'Which method?');
    await user.type(within(dialog).getByLabelText('Description'), 'Tell us');
    await user.type(within(dialog).getByRole('textbox', { name: 'Option 1' }), 'Erlang C');
    await user.type(within(dialog).getByRole('textbox', { name: 'Option 3' }), 'Simulation');
    await user.clear(within(dialog).getByLabelText('Created By'));
    await user.type(within(dialog).getByLabelText('Created By'), 'pat');
    await user.click(within(dialog).getByRole('button', { name: 'Create Poll' }));
    await expectToast('Poll created!', 'Your poll has been published and is now live.');
    expect(body).toEqual({ title: 'Which method?', description: 'Tell us', category: 'general', options: ['Erlang C', 'Simulation'], created_by: 'pat', profile_questions: [] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/polls/12'));
  });
});

describe('/polls/{id}', SLOW, () => {
  it('votes once: the choice is highlighted and the poll becomes read-only', async () => {
    visitor();
    const poll = makePoll({ id: 5, title: 'Method?' });
    let body: unknown;
    server.use(
      pollStats,
      http.get('/api/polls/5', () => HttpResponse.json(poll)),
      http.post('/api/polls/5/vote', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          ...poll,
          userVote: 52,
          total_votes: 6,
          options: [
            { ...poll.options[0]!, percentage: 50 },
            { ...poll.options[1]!, votes: 3, percentage: 50 },
          ],
        });
      }),
    );
    renderApp('/polls/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Method?' }, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByTestId('poll-status')).toHaveTextContent('Open');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Simulation/ }));
    await expectToast('Vote recorded!', 'Thanks for participating in the poll.');
    expect(body).toEqual({ option_id: 52 });
    const mine = screen.getByRole('button', { name: /^Simulation, your vote: / });
    expect(mine).toHaveAttribute('aria-pressed', 'true');
    expect(mine).toBeDisabled();
    expect(screen.getByRole('button', { name: /^Erlang C/ })).toBeDisabled();
    expect(screen.getByTestId('poll-total-votes')).toHaveTextContent('6');
  });

  it('a 409 says Already voted; other failures say Failed to vote', async () => {
    visitor();
    let status = 409;
    server.use(
      pollStats,
      http.get('/api/polls/5', () => HttpResponse.json(makePoll({ id: 5 }))),
      http.post('/api/polls/5/vote', () => HttpResponse.json({ message: status === 409 ? 'You have already voted on this poll' : 'Boom' }, { status })),
    );
    renderApp('/polls/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Erlang C/ }, PAGE_LOAD));
    await expectToast('Already voted', 'You have already voted on this poll.');
    status = 500;
    await user.click(screen.getByRole('button', { name: /^Erlang C/ }));
    await expectToast('Failed to vote', 'Boom');
  });

  it('moves the tallies live on poll_updated', async () => {
    visitor();
    server.use(pollStats, http.get('/api/polls/5', () => HttpResponse.json(makePoll({ id: 5 }))));
    renderApp('/polls/5');
    await screen.findByRole('button', { name: /^Erlang C: 60%/ }, PAGE_LOAD);
    act(() => {
      FakeWebSocket.latest().serverOpen();
      FakeWebSocket.latest().serverSend({
        type: 'poll_updated',
        data: { poll_id: 5, total_votes: 10, options: [{ id: 51, votes: 7, percentage: 70 }, { id: 52, votes: 3, percentage: 30 }] },
      });
    });
    expect(await screen.findByRole('button', { name: /^Erlang C: 70%, 7 votes/ })).toBeInTheDocument();
    expect(screen.getByTestId('poll-total-votes')).toHaveTextContent('10');
  });

  it('a closed poll shows Closed and its final results, and cannot be voted on', async () => {
    visitor();
    server.use(pollStats, http.get('/api/polls/5', () => HttpResponse.json(makePoll({ id: 5, status: 'closed', expires_at: Date.now() - 1000 }))));
    renderApp('/polls/5');
    expect(await screen.findByTestId('poll-closed-note', undefined, PAGE_LOAD)).toHaveTextContent('This poll is closed. These are the final results.');
    expect(screen.getByTestId('poll-status')).toHaveTextContent('Closed');
    expect(screen.getByRole('button', { name: /^Erlang C/ })).toBeDisabled();
  });

  it('Invalid Poll without a numeric id, with a way back (and no call)', async () => {
    visitor();
    server.use(pollStats);
    renderApp('/polls/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Poll' }, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Polls' })).toHaveAttribute('href', '/polls');
  });

  it('Poll Not Found on an error', async () => {
    visitor();
    server.use(pollStats, http.get('/api/polls/999', () => HttpResponse.json({ message: 'Poll not found' }, { status: 404 })));
    renderApp('/polls/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Poll Not Found' }, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Polls' })).toHaveAttribute('href', '/polls');
  });
});
