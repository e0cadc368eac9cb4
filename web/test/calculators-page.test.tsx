import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';

// The first visit imports the page's chunk, which can take long on a busy machine.
const SLOW_PAGE_LOAD = { timeout: 20_000 };
import { TOKEN } from './server.ts';
import { expectToast } from './toasts.ts';

function visitor() {
  window.localStorage.setItem('anon_token', TOKEN);
}

// Whole-app renders with typed input on a shared machine: more time than the 20 s default.
describe('/calculators', { timeout: 60_000 }, () => {
  it('opens on the shrinkage tab; invalid input gives the spec message and toast, valid input the result', async () => {
    visitor();
    const user = userEvent.setup();
    renderApp('/calculators');
    expect(await screen.findByRole('heading', { name: 'Quick Calculators' }, SLOW_PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Shrinkage' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: 'Calculate Shrinkage' }));
    await expectToast('Invalid input', 'Please enter valid positive numbers for both fields.');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter valid positive numbers for both fields.');
    await user.type(screen.getByLabelText('Total scheduled hours'), '160');
    await user.type(screen.getByLabelText('Productive (worked) hours'), '128');
    await user.click(screen.getByRole('button', { name: 'Calculate Shrinkage' }));
    await expectToast('Shrinkage calculated!');
    expect(screen.getByText('20.00%')).toBeInTheDocument();
    expect(screen.getByText('Normal')).toBeInTheDocument();
    expect(screen.getByTestId('where-you-stand')).toHaveTextContent('within the benchmark range of 15-30%');
  });

  it('staffing: states its assumptions, shows Erlang C figures and Erlang A beside them', async () => {
    visitor();
    const user = userEvent.setup();
    renderApp('/calculators?tab=staffing');
    await user.click(await screen.findByRole('button', { name: 'Calculate Staffing' }, SLOW_PAGE_LOAD));
    await expectToast('Invalid input', 'Please enter valid positive numbers for call volume and handle time.');
    await user.type(screen.getByLabelText('Daily call volume'), '1600');
    await user.type(screen.getByLabelText('Average handle time (seconds)'), '180');
    await user.click(screen.getByRole('button', { name: 'Calculate Staffing' }));
    await expectToast('Staffing calculated!', '14 agents (16.5 FTE) needed.');
    expect(screen.getByTestId('staffing-assumptions')).toHaveTextContent('Assumes 16 intervals of 30 minutes per day (8 hours open)');
    expect(screen.getByText('10.00 Erlangs')).toBeInTheDocument();
    expect(within(screen.getByTestId('erlang-a')).getByText(/Erlang C over-staffs by \d+ agents? compared with Erlang A/)).toBeInTheDocument();
    // ASA and the share answered immediately stand next to the agents (14 agents, 10 Erlangs).
    const figures = screen.getByTestId('staffing-figures');
    expect(figures).toHaveTextContent('Average speed of answer7.8 s');
    expect(figures).toHaveTextContent('Answered immediately82.6%');
    expect(figures).toHaveTextContent('Occupancy71.4%');
    const table = within(screen.getByRole('region', { name: 'One agent more or fewer' }));
    const rows = table.getAllByRole('row');
    expect(rows).toHaveLength(10);
    expect(rows[4]).toHaveTextContent('14(required)88.8%7.8 s71.4%');
    expect(rows[4]).toHaveAttribute('aria-current', 'true');
  });

  it('staffing: the address carries the reverse mode, the occupancy cap and chat concurrency', async () => {
    visitor();
    renderApp('/calculators?tab=staffing&dailyVolume=1600&ahtSeconds=180&mode=agents&agents=13&maxOccupancy=75&concurrency=1');
    const figures = await screen.findByTestId('staffing-figures', {}, SLOW_PAGE_LOAD);
    expect(figures).toHaveTextContent('Agents13');
    expect(figures).toHaveTextContent('Achieved service level79.6%');
    expect(figures).toHaveTextContent('Average speed of answer17.1 s');
    expect(figures).toHaveTextContent('Above the 75% cap');
    expect(screen.getByLabelText('Agents available')).toHaveValue(13);
    const share = new URL(screen.getByRole('link', { name: 'Share to community' }).getAttribute('href')!, 'http://x');
    expect(share.searchParams.get('body')).toContain('"mode":"agents","agents":13,"maxOccupancy":75');
  });

  it('staffing: hours open of 0 gets the message that names the real bounds', async () => {
    visitor();
    renderApp('/calculators?tab=staffing&dailyVolume=1600&ahtSeconds=180&hoursOpen=0');
    expect(await screen.findByRole('alert', {}, SLOW_PAGE_LOAD)).toHaveTextContent('Hours open must be more than 0 and at most 24.');
  });

  it('attrition and cost tabs compute with their toasts; inputs survive switching tabs', async () => {
    visitor();
    const user = userEvent.setup();
    renderApp('/calculators');
    await user.click(await screen.findByRole('tab', { name: 'Attrition' }, SLOW_PAGE_LOAD));
    await user.type(screen.getByLabelText('Average headcount'), '100');
    await user.type(screen.getByLabelText('Leavers in the period'), '2');
    await user.click(screen.getByRole('button', { name: 'Calculate Attrition' }));
    await expectToast('Attrition calculated!', 'Annualised attrition is 24.00%.');
    expect(screen.getByText('Moderate')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Cost' }));
    await user.click(screen.getByRole('button', { name: 'Calculate Cost' }));
    await expectToast('Invalid input', 'Please enter valid positive numbers for salary and agent count.');
    await user.type(screen.getByLabelText('Annual salary per agent ($)'), '40000');
    await user.type(screen.getByLabelText('Number of agents'), '10');
    await user.click(screen.getByRole('button', { name: 'Calculate Cost' }));
    expect(await screen.findByText('$575,000.00')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Attrition' }));
    expect(screen.getByLabelText('Average headcount')).toHaveValue(100);
  });

  it('a card link reopens the calculator with its inputs and figures', async () => {
    visitor();
    renderApp('/calculators?tab=attrition&headcount=50&leavers=3&period=quarterly');
    expect(await screen.findByLabelText('Average headcount', {}, SLOW_PAGE_LOAD)).toHaveValue(50);
    expect(screen.getByText('24.00%')).toBeInTheDocument();
    const share = screen.getByRole('link', { name: 'Share to community' });
    const href = new URL(share.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/new');
    expect(href.searchParams.get('type')).toBe('Question');
    expect(href.searchParams.get('body')).toContain('```wfm-calculation');
  });

  it('day planner: a bad line is named; a good CSV gives a plan per interval', async () => {
    visitor();
    const user = userEvent.setup();
    renderApp('/calculators?tab=staffing');
    const csv = await screen.findByLabelText('Interval volumes (CSV)', {}, SLOW_PAGE_LOAD);
    await user.click(csv);
    await user.paste('start,calls\n08:00,100\n08:30,abc');
    await user.click(screen.getByRole('button', { name: 'Plan the day' }));
    await expectToast('Invalid input', 'Line 3: calls "abc" must be a number of 0 or more.');
    await user.clear(csv);
    await user.paste('08:00,100\n08:30,200,240');
    await user.click(screen.getByRole('button', { name: 'Plan the day' }));
    const plan = await screen.findByTestId('day-plan');
    const rows = within(plan).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('08:00');
    expect(within(plan).getByText(/Peak: .* at 08:30/)).toBeInTheDocument();
  });
});
