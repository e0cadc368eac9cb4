import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { StaffMentor } from '@wfm/contracts/ama';
import { moderatorHandlers, signedInAs } from './fixtures.ts';
import { renderApp } from './render-app.tsx';
import { realtime, server } from './server.ts';
import { expectToast } from './toasts.ts';

const mentor = (over: Partial<StaffMentor> = {}): StaffMentor => ({
  id: 1,
  name: 'Rita Roster',
  years_experience: 12,
  bio: `${'Scheduling lead for three sites. '.repeat(5)}END-OF-BIO`,
  expertise_tags: ['Scheduling', 'Forecasting'],
  timezone: 'Asia/Manila',
  availability_hours: 'Weekdays 18:00-20:00',
  status: 'pending',
  contact_info: 'rita@example.com',
  linkedin_url: 'https://www.linkedin.com/in/rita',
  submitted_by: 'rita',
  request_count: 0,
  created_at: 1_700_000_000_000,
  updated_at: 1_700_000_000_000,
  ...over,
});

const PENDING = mentor();
const APPROVED = mentor({ id: 2, name: 'Ana Analyst', status: 'approved', request_count: 3 });
const SUSPENDED = mentor({ id: 3, name: 'Sam Suspended', status: 'suspended' });
const REJECTED = mentor({ id: 4, name: 'Rex Rejected', status: 'rejected' });

describe('mentors tab', () => {
  it('lists every application with its status, a 100-character bio preview and the count badge; actions fit each status', async () => {
    server.use(signedInAs('Moderator'), ...moderatorHandlers({ mentors: [PENDING, APPROVED, SUSPENDED, REJECTED] }));
    renderApp('/admin?tab=mentors');
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Mentors/ })).toHaveTextContent(/^Mentors4$/));
    const table = await screen.findByRole('table');
    for (const label of ['Pending review', 'Approved', 'Suspended', 'Rejected']) expect(within(table).getAllByText(label).length).toBeGreaterThan(0);
    expect(within(table).getAllByText(`${PENDING.bio.slice(0, 100)}…`).length).toBe(4);
    expect(within(table).queryByText(/END-OF-BIO/)).not.toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Approve Rita Roster' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject Rita Roster' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Suspend Rita Roster' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suspend Ana Analyst' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve Ana Analyst' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reinstate Sam Suspended' })).toBeInTheDocument();
    for (const name of ['Approve', 'Reject', 'Suspend', 'Reinstate']) {
      expect(screen.queryByRole('button', { name: `${name} Rex Rejected` })).not.toBeInTheDocument();
    }
    for (const m of [PENDING, APPROVED, SUSPENDED, REJECTED]) expect(screen.getByRole('button', { name: `Delete ${m.name}` })).toBeInTheDocument();
  });

  it('approves a pending application and refreshes the list; a refusal says "Status update failed"', async () => {
    let mentors = [PENDING];
    const sent: unknown[] = [];
    server.use(
      http.get('/api/admin/mentors', () => HttpResponse.json(mentors)),
      signedInAs('Moderator'),
      ...moderatorHandlers(),
      http.put('/api/admin/mentors/1/status', async ({ request }) => {
        sent.push(await request.json());
        if (sent.length > 1) return HttpResponse.json({ message: 'A approved mentor application cannot be suspended' }, { status: 409 });
        mentors = [{ ...PENDING, status: 'approved' }];
        return HttpResponse.json(mentors[0]);
      }),
    );
    renderApp('/admin?tab=mentors');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve Rita Roster' }));
    await expectToast('Mentor approved', 'Rita Roster is now listed in the mentor directory.');
    expect(sent).toEqual([{ status: 'approved' }]);
    await user.click(await screen.findByRole('button', { name: 'Suspend Rita Roster' }));
    await expectToast('Status update failed', 'A approved mentor application cannot be suspended');
    expect(sent).toEqual([{ status: 'approved' }, { status: 'suspended' }]);
  });

  it('deletes only after a confirmation naming the mentor and saying it cannot be undone', async () => {
    let deleted = 0;
    server.use(
      signedInAs('Moderator'),
      ...moderatorHandlers({ mentors: [PENDING] }),
      http.delete('/api/admin/mentors/1', () => {
        deleted += 1;
        return HttpResponse.json({ success: true, id: 1 });
      }),
    );
    renderApp('/admin?tab=mentors');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Rita Roster' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete mentor application?' });
    expect(confirm).toHaveTextContent('Rita Roster');
    expect(confirm).toHaveTextContent('This action cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Delete Rita Roster' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectToast('Mentor application deleted');
    expect(deleted).toBe(1);
  });

  it('shows an empty state, and refreshes the badge when the gateway announces an application (mentor_changed)', async () => {
    let mentors: StaffMentor[] = [];
    server.use(http.get('/api/admin/mentors', () => HttpResponse.json(mentors)), signedInAs('Moderator'), ...moderatorHandlers());
    renderApp('/admin?tab=mentors');
    expect(await screen.findByText('No mentor applications yet')).toBeInTheDocument();
    const tab = screen.getByRole('tab', { name: /^Mentors/ });
    await waitFor(() => expect(tab).toHaveTextContent(/^Mentors0$/));
    await waitFor(() => expect(realtime.clients.size).toBeGreaterThan(0));
    mentors = [PENDING];
    realtime.broadcast(JSON.stringify({ type: 'mentor_changed', data: { id: 1, status: 'pending', at: 1 } }));
    await waitFor(() => expect(tab).toHaveTextContent(/^Mentors1$/));
    expect(await screen.findByRole('button', { name: 'Approve Rita Roster' })).toBeInTheDocument();
  });
});
