import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { StaffJob } from '@wfm/contracts/jobs';
import { moderatorHandlers, post, report, signedInAs } from './fixtures.ts';
import { renderApp } from './render-app.tsx';
import { server } from './server.ts';
import { expectToast } from './toasts.ts';

const T0 = Date.UTC(2026, 10, 27, 12, 0);
const VISITOR = 'A'.repeat(43);
const LIST = {
  suspensions: [{ service: 'forum', visitor: VISITOR, until: T0 + 86_400_000, reason: 'spam links', staff: 'mod_anna', at: T0 }],
  blocks: [{ address: '203.0.113.9', until: T0 + 3_600_000, reason: 'token flood', staff: 'mod_anna', at: T0 }],
};

describe('suspensions tab', () => {
  it('lists suspensions and blocks, counted in the badge, and lifts / unblocks with the right call', async () => {
    const calls: unknown[] = [];
    server.use(
      http.post('/api/admin/suspensions/lift', async ({ request }) => {
        calls.push(['lift', await request.json()]);
        return HttpResponse.json({ lifted: true });
      }),
      http.post('/api/admin/address-blocks/lift', async ({ request }) => {
        calls.push(['unblock', await request.json()]);
        return HttpResponse.json({ lifted: true });
      }),
      signedInAs('Moderator'),
      ...moderatorHandlers({ suspensions: LIST }),
    );
    renderApp('/admin?tab=suspensions');
    expect(await screen.findByRole('article', { name: 'Suspension: spam links' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Block 203.0.113.9' })).toHaveTextContent('token flood');
    expect(await screen.findByRole('tab', { name: /^Suspensions\s*2/ })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Lift Suspension: spam links' }));
    await expectToast('Lifted');
    await user.click(screen.getByRole('button', { name: 'Unblock 203.0.113.9' }));
    await expectToast('Unblocked');
    expect(calls).toEqual([
      ['lift', { service: 'forum', visitor: VISITOR }],
      ['unblock', { address: '203.0.113.9' }],
    ]);
  });

  it('shows again what a forum suspension hid, in one call, and says how much', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/admin/posts/unhide-suspended', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ success: true, posts: [4, 9], comments: [31] });
      }),
      signedInAs('Moderator'),
      ...moderatorHandlers({ suspensions: LIST }),
    );
    renderApp('/admin?tab=suspensions');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show hidden posts and comments of Suspension: spam links' }));
    await expectToast('Shown again', 'Suspension: spam links: 2 posts and 1 comment');
    expect(bodies).toEqual([{ visitor: VISITOR }]);
  });

  it('blocks an address and shows the server message when refused', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/admin/address-blocks', async ({ request }) => {
        const body = (await request.json()) as { address: string };
        bodies.push(body);
        if (body.address === 'nope') return HttpResponse.json({ message: 'Give an IPv4 address or an IPv6 address (its /64 is blocked)' }, { status: 400 });
        return HttpResponse.json({ ...body, until: T0, staff: 'alex', at: T0 }, { status: 201 });
      }),
      signedInAs('Moderator'),
      ...moderatorHandlers(),
    );
    renderApp('/admin?tab=suspensions');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Address (IPv4, or IPv6: its /64)'), '198.51.100.4');
    await user.type(screen.getByLabelText('Reason'), 'flood');
    await user.click(screen.getByRole('button', { name: 'Block' }));
    await expectToast('Blocked');
    expect(bodies).toEqual([{ address: '198.51.100.4', duration_ms: 86_400_000, reason: 'flood' }]);
    await user.type(screen.getByLabelText('Address (IPv4, or IPv6: its /64)'), 'nope');
    await user.type(screen.getByLabelText('Reason'), 'x');
    await user.click(screen.getByRole('button', { name: 'Block' }));
    await expectToast('Failed to block', 'Give an IPv4 address or an IPv6 address (its /64 is blocked)');
  });

  it('suspends the author of a post from the Posts tab, with the reason and duration given', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/admin/posts/12/suspend-author', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ service: 'forum', visitor: VISITOR, until: null, reason: 'spam', staff: 'alex', at: T0 }, { status: 201 });
      }),
      signedInAs('Moderator'),
      ...moderatorHandlers({ posts: [post({ id: 12, title: 'Buy followers' })] }),
    );
    renderApp('/admin?tab=posts');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend author of “Buy followers”' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Suspend the author?' });
    await user.type(within(dialog).getByLabelText('Reason shown to the visitor'), 'spam');
    await user.selectOptions(within(dialog).getByLabelText('For'), 'For good');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await expectToast('Author suspended');
    expect(bodies).toEqual([{ duration_ms: null, reason: 'spam' }]);
  });

  it('suspends the author of a job posting from the Jobs tab (the one suspension form, jobs route)', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/admin/jobs/5/suspend-author', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ service: 'jobs', visitor: VISITOR, until: T0 + 86_400_000, reason: 'fake ads', staff: 'alex', at: T0 }, { status: 201 });
      }),
      signedInAs('Moderator'),
      ...moderatorHandlers({ jobs: [job({ id: 5, title: 'Too good to be true' })] }),
    );
    renderApp('/admin?tab=jobs');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend author of “Too good to be true”' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Suspend the author?' });
    await user.type(within(dialog).getByLabelText('Reason shown to the visitor'), 'fake ads');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await expectToast('Author suspended');
    expect(bodies).toEqual([{ duration_ms: 86_400_000, reason: 'fake ads' }]);
  });

  it('suspends the author of a reported comment from its report, and shows the server message when refused', async () => {
    server.use(
      http.post('/api/admin/posts/comments/44/suspend-author', () => HttpResponse.json({ message: 'That content has no known author' }, { status: 404 })),
      signedInAs('Moderator'),
      ...moderatorHandlers({
        reports: [report({ id: 3, kind: 'comment', post_id: 9, comment_id: 44, title: 'Shift bids', content: 'you are all idiots', ticket_reference: 'RPT-1A2B3' })],
      }),
    );
    renderApp('/admin?tab=reports');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Suspend author of “Comment #44 on Shift bids”' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Suspend the author?' });
    await user.type(within(dialog).getByLabelText('Reason shown to the visitor'), 'insults');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await expectToast('Failed to suspend', 'That content has no known author');
  });
});

const job = (over: Partial<StaffJob> = {}): StaffJob => ({
  id: 1,
  title: 'Workforce Planner',
  company: 'Acme',
  location: 'Manila',
  job_type: 'Full-time',
  category: 'Workforce Management',
  description: 'Own the forecast.',
  requirements: 'WFM experience.',
  salary_range: null,
  apply_url: 'https://careers.example.com/1',
  tags: [],
  submitted_by: 'Anonymous',
  status: 'pending',
  created_at: 1_700_000_000_000,
  flagged: false,
  approved_at: null,
  expires_at: null,
  updated_at: 1_700_000_000_000,
  ...over,
});

