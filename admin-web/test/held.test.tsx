import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { heldItem, moderatorHandlers, signedInAs } from './fixtures.ts';
import { renderApp } from './render-app.tsx';
import { server } from './server.ts';
import { expectToast } from './toasts.ts';

const POST = heldItem({ id: 3, kind: 'post', item_id: 40, title: 'Cheap certification', copies: 6 });
const TOOL = heldItem({ id: 8, kind: 'tool', item_id: 12, title: 'Free tool (https://spam.example)', body: 'Best tool ever, free today', held_at: POST.held_at - 60_000 });

describe('held tab (writes held for review as duplicates)', () => {
  it('lists what every service holds, newest first, with the badge counting all of it', async () => {
    server.use(signedInAs('Moderator'), ...moderatorHandlers({ heldForum: [POST], heldCatalog: [TOOL] }));
    renderApp('/admin?tab=held');
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Post “Cheap certification”', 'Tool “Free tool (https://spam.example)”']);
    expect(cards[0]).toHaveTextContent('6 visitors sent this');
    expect(cards[1]).toHaveTextContent('Best tool ever, free today');
    expect(await screen.findByRole('tab', { name: /^Held\s*2/ })).toBeInTheDocument();
  });

  it('releases in the service that holds it, and deletes only after the confirmation', async () => {
    const calls: string[] = [];
    server.use(
      http.post('/api/admin/held/catalog/8/release', () => {
        calls.push('release catalog 8');
        return HttpResponse.json({ success: true, id: 8, item_id: 12, status: 'released' });
      }),
      http.post('/api/admin/held/forum/3/delete', () => {
        calls.push('delete forum 3');
        return HttpResponse.json({ success: true, id: 3, item_id: 40, status: 'deleted' });
      }),
      signedInAs('Moderator'),
      ...moderatorHandlers({ heldForum: [POST], heldCatalog: [TOOL] }),
    );
    renderApp('/admin?tab=held');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Release Tool “Free tool (https://spam.example)”' }));
    await expectToast('Released');
    expect(calls).toEqual(['release catalog 8']);

    await user.click(screen.getByRole('button', { name: 'Delete Post “Cheap certification”' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete held item?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual(['release catalog 8']);
    await user.click(screen.getByRole('button', { name: 'Delete Post “Cheap certification”' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectToast('Deleted');
    expect(calls).toEqual(['release catalog 8', 'delete forum 3']);
  });

  it('says "Failed to release" with the server message (a comment whose post is gone)', async () => {
    server.use(
      http.post('/api/admin/held/forum/3/release', () =>
        HttpResponse.json({ message: 'The item this was written under no longer exists; delete it instead' }, { status: 409 }),
      ),
      signedInAs('Moderator'),
      ...moderatorHandlers({ heldForum: [POST] }),
    );
    renderApp('/admin?tab=held');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Release Post “Cheap certification”' }));
    await expectToast('Failed to release', 'The item this was written under no longer exists; delete it instead');
  });

  it('says so when nothing is held', async () => {
    server.use(signedInAs('Moderator'), ...moderatorHandlers());
    renderApp('/admin?tab=held');
    expect(await screen.findByText('Nothing held')).toBeInTheDocument();
  });
});
