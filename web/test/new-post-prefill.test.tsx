import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './render-app.tsx';

// The first visit imports the page's chunk, which can take long on a busy machine.
const SLOW_PAGE_LOAD = { timeout: 20_000 };
import { TOKEN } from './server.ts';

describe('/new prefilled by a share link', () => {
  it('takes type, title, body and tags from the address', async () => {
    window.localStorage.setItem('anon_token', TOKEN);
    window.localStorage.setItem('terms_accepted', 'true');
    const query = new URLSearchParams({ type: 'Question', title: 'Staffing calculation: 14 agents', body: 'Body text', tags: 'staffing' });
    renderApp(`/new?${query.toString()}`);
    expect(await screen.findByDisplayValue('Staffing calculation: 14 agents', {}, SLOW_PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByDisplayValue('Body text')).toBeInTheDocument();
    expect(screen.getByDisplayValue('staffing')).toBeInTheDocument();
  });
});
