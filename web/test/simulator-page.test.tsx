import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';

// The first visit imports the page's chunk, which can take long on a busy machine.
const SLOW_PAGE_LOAD = { timeout: 20_000 };
import { TOKEN } from './server.ts';

// Whole-app renders with typed input on a shared machine: more time than the 20 s default.
describe('/simulator', { timeout: 60_000 }, () => {
  it('runs a preset with the 2 s delay, flags risks at the extremes and resets', async () => {
    window.localStorage.setItem('anon_token', TOKEN);
    const user = userEvent.setup();
    renderApp('/simulator');
    expect(await screen.findByRole('heading', { name: 'Scenario Simulator' }, SLOW_PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByTestId('baseline')).toHaveTextContent('50');
    await user.click(screen.getByRole('button', { name: 'Holiday Peak' }));
    expect(screen.getByLabelText('Call volume change')).toHaveValue('40');
    expect(screen.getByLabelText('Handle time change')).toHaveValue('10');
    await user.click(screen.getByRole('button', { name: 'Run Simulation' }));
    expect(screen.getByRole('button', { name: 'Simulating...' })).toBeDisabled();
    expect(await screen.findByTestId('no-risks', {}, { timeout: 5000 })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Call volume change'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Handle time change'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('Staff change'), { target: { value: '-40' } });
    await user.click(screen.getByRole('button', { name: 'Run Simulation' }));
    const risks = await screen.findByTestId('risks', {}, { timeout: 5000 });
    expect(within(risks).getAllByRole('listitem')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('Call volume change')).toHaveValue('0');
    expect(screen.getByLabelText('Target service level')).toHaveValue('80');
    expect(screen.queryByTestId('risks')).not.toBeInTheDocument();
  });

  it('a card link restores the sliders and results', async () => {
    window.localStorage.setItem('anon_token', TOKEN);
    renderApp('/simulator?volumeChange=60&ahtChange=20&staffChange=0&targetSl=90');
    expect(await screen.findByLabelText('Call volume change', {}, SLOW_PAGE_LOAD)).toHaveValue('60');
    expect(screen.getByLabelText('Target service level')).toHaveValue('90');
    expect(screen.getByTestId('results')).toHaveTextContent('Service level');
  });
});
