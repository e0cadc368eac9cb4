import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { MentorMessage, MentorRequest, PublicMentor } from '@wfm/contracts/ama';
import { serveSessions } from './ama-fixtures.ts';
import { FakeWebSocket } from './fake-websocket.ts';
import { renderApp } from './render-app.tsx';
import { TOKEN, server } from './server.ts';

const MENTOR: PublicMentor = {
  id: 5,
  name: 'Rita Roster',
  years_experience: 12,
  bio: 'Scheduling lead.',
  expertise_tags: ['Scheduling', 'Forecasting'],
  timezone: 'Asia/Manila',
  availability_hours: 'Weekdays',
  created_at: 1,
};
const REQUEST: MentorRequest = {
  id: 9,
  mentor_id: 5,
  mentor_name: 'Rita Roster',
  requester_name: 'Nico',
  requester_contact: 'nico@example.com',
  message: 'Please help',
  goals: 'Learn scheduling',
  status: 'accepted',
  message_count: 0,
  created_at: 1,
  updated_at: 1,
  role: 'requester',
};
const message = (over: Partial<MentorMessage>): MentorMessage => ({
  id: 1,
  request_id: 9,
  sender: 'requester',
  sender_name: 'Nico',
  message: 'Hello',
  isAnonymous: false,
  created_at: 1_700_000_000_000,
  ...over,
});

describe('Mentors section of /ama', () => {
  it('lists mentors with a tag filter, and a conversation gets the sent and the live messages', async () => {
    window.localStorage.setItem('anon_token', TOKEN);
    serveSessions([]);
    const tags: string[] = [];
    server.use(
      http.get('/api/mentors', ({ request }) => {
        const tag = new URL(request.url).searchParams.get('tag');
        if (tag) tags.push(tag);
        return HttpResponse.json({ mentors: [MENTOR], total: 1, tags: [{ tag: 'Scheduling', count: 1 }] });
      }),
      http.get('/api/mentors/requests', () => HttpResponse.json({ received: [], sent: [REQUEST] })),
      http.get('/api/mentors/requests/9', () => HttpResponse.json({ request: REQUEST, messages: [] })),
      http.post('/api/mentors/requests/9/messages', () => HttpResponse.json(message({ id: 1, message: 'Thanks!' }), { status: 201 })),
    );
    renderApp('/ama');
    // The first render of the file loads the lazy /ama page; on a loaded machine that can take long.
    expect(await screen.findByRole('heading', { level: 1, name: 'AMA Sessions' }, { timeout: 60_000 })).toBeInTheDocument();
    const section = (await screen.findByRole('heading', { level: 2, name: 'Mentors' })).closest('section')!;
    expect(await within(section).findByRole('heading', { name: 'Rita Roster' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: /^Scheduling/ }));
    await waitFor(() => expect(tags).toContain('Scheduling'));

    await user.click(await within(section).findByRole('button', { name: 'Open the conversation with Rita Roster' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conversation with Rita Roster' });
    expect(await within(dialog).findByText('No messages yet. Say hello!')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Your message'), 'Thanks!');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Thanks!')).toBeInTheDocument();

    act(() => {
      FakeWebSocket.latest().serverSend({
        type: 'mentor_message',
        data: { request_id: 9, message: message({ id: 2, sender: 'mentor', sender_name: 'Rita Roster', message: 'Start with volumes.' }) },
      });
    });
    expect(await within(dialog).findByText('Start with volumes.')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem').filter((li) => li.textContent?.includes('Thanks!'))).toHaveLength(1);
  });
});
