import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { StaffJob } from '@wfm/contracts/jobs';
import { moderatorHandlers, signedInAs } from './fixtures.ts';
import { renderApp } from './render-app.tsx';
import { realtime, server } from './server.ts';
import { expectToast } from './toasts.ts';

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

const PENDING = job();
const ACTIVE = job({ id: 2, title: 'Analyst', status: 'approved', approved_at: 1, expires_at: 1_702_592_000_000 });
const EXPIRED = job({ id: 3, title: 'Scheduler', status: 'expired' });
const REJECTED = job({ id: 4, title: 'Spam', status: 'rejected', flagged: true });

describe('jobs tab', () => {
  it('lists every job with its label and count; approve/reject only on pending; View Job opens the URL', async () => {
    server.use(signedInAs('Moderator'), ...moderatorHandlers({ jobs: [PENDING, ACTIVE, EXPIRED, REJECTED] }));
    renderApp('/admin?tab=jobs');
    await waitFor(() => expect(screen.getByRole('tab', { name: /^Jobs/ })).toHaveTextContent(/^Jobs4$/));
    const table = await screen.findByRole('table');
    for (const label of ['Under Review', 'Active', 'Expired', 'Rejected']) expect(within(table).getAllByText(label).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Approve “Workforce Planner”' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject “Workforce Planner”' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve “Analyst”' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject “Spam”' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-approve “Scheduler”' })).toBeInTheDocument();
    expect(screen.getByText('Repeated URL')).toBeInTheDocument();
    const view = screen.getByRole('link', { name: 'View Job “Workforce Planner”' });
    expect(view).toHaveAttribute('href', 'https://careers.example.com/1');
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('approves a pending job and refreshes the list', async () => {
    let jobs = [PENDING];
    const sent: unknown[] = [];
    server.use(
      http.get('/api/admin/jobs', () => HttpResponse.json(jobs)),
      signedInAs('Moderator'),
      ...moderatorHandlers(),
      http.put('/api/admin/jobs/1/status', async ({ request }) => {
        sent.push(await request.json());
        jobs = [{ ...PENDING, status: 'approved' }];
        return HttpResponse.json(jobs[0]);
      }),
    );
    renderApp('/admin?tab=jobs');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve “Workforce Planner”' }));
    await expectToast('Job approved');
    expect(sent).toEqual([{ status: 'approved' }]);
    expect((await within(screen.getByRole('table')).findAllByText('Active')).length).toBeGreaterThan(0);

  });

  it('says "Status update failed" with the server message', async () => {
    server.use(
      http.put('/api/admin/jobs/1/status', () => HttpResponse.json({ message: 'A approved job cannot be rejected' }, { status: 409 })),
      signedInAs('Moderator'),
      ...moderatorHandlers({ jobs: [PENDING] }),
    );
    renderApp('/admin?tab=jobs');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Reject “Workforce Planner”' }));
    await expectToast('Status update failed', 'A approved job cannot be rejected');
  });

  it('edits a job: types, categories, counters; Update Job needs title, company and URL', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      signedInAs('Moderator'),
      ...moderatorHandlers({ jobs: [PENDING] }),
      http.put('/api/admin/jobs/1', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json({ ...PENDING, ...body });
      }),
    );
    renderApp('/admin?tab=jobs');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit “Workforce Planner”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Job Posting' });
    expect(within(dialog).getByText('17/5000 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('15/2000 characters')).toBeInTheDocument();
    const update = within(dialog).getByRole('button', { name: 'Update Job' });
    expect(update).toBeEnabled();
    for (const field of ['Job title', 'Company', 'Application URL']) {
      const input = within(dialog).getByLabelText(field);
      const before = (input as HTMLInputElement).value;
      await user.clear(input);
      await user.type(input, '   ');
      expect(update, field).toBeDisabled();
      await user.clear(input);
      await user.type(input, before);
      expect(update).toBeEnabled();
    }
    const jobType = within(dialog).getByRole('combobox', { name: 'Job type' });
    expect(within(jobType).getAllByRole('option').map((o) => o.textContent)).toEqual(['Full-time', 'Part-time', 'Contract', 'Temporary']);
    await user.selectOptions(jobType, 'Contract');
    const category = within(dialog).getByRole('combobox', { name: 'Category' });
    expect(within(category).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Workforce Management',
      'Analytics & Reporting',
      'Contact Center Operations',
      'Management',
      'Quality Assurance',
    ]);
    await user.selectOptions(category, 'Management');
    await user.clear(within(dialog).getByLabelText('Job title'));
    await user.type(within(dialog).getByLabelText('Job title'), 'Senior Planner');
    await user.click(update);
    await expectToast('Job updated');
    expect(sent[0]).toMatchObject({ title: 'Senior Planner', job_type: 'Contract', category: 'Management', salary_range: '', tags: [] });
  });

  it('edits a job whose type and category lie outside the lists (the API takes 1-50 characters): both show and are kept', async () => {
    const NICHE = job({ job_type: 'Internship', category: 'Niche Forecasting' });
    const sent: Record<string, unknown>[] = [];
    server.use(
      signedInAs('Moderator'),
      ...moderatorHandlers({ jobs: [NICHE] }),
      http.put('/api/admin/jobs/1', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return HttpResponse.json({ ...NICHE, ...body });
      }),
    );
    renderApp('/admin?tab=jobs');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit “Workforce Planner”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Job Posting' });
    expect(within(dialog).getByRole('combobox', { name: 'Job type' })).toHaveDisplayValue('Internship');
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveDisplayValue('Niche Forecasting');
    await user.click(within(dialog).getByRole('button', { name: 'Update Job' }));
    await expectToast('Job updated');
    expect(sent[0]).toMatchObject({ job_type: 'Internship', category: 'Niche Forecasting' });
  });

  it('deletes a job only after a confirmation naming it; failure says "Delete failed"', async () => {
    let deleted = 0;
    server.use(
      signedInAs('Moderator'),
      ...moderatorHandlers({ jobs: [PENDING] }),
      http.delete('/api/admin/jobs/1', () => {
        deleted += 1;
        return deleted === 1 ? HttpResponse.json({ success: true, id: 1 }) : new HttpResponse(null, { status: 500 });
      }),
    );
    renderApp('/admin?tab=jobs');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete “Workforce Planner”' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete job posting?' });
    expect(confirm).toHaveTextContent('Workforce Planner');
    expect(confirm).toHaveTextContent('This action cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Delete “Workforce Planner”' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectToast('Job deleted');
    await user.click(await screen.findByRole('button', { name: 'Delete “Workforce Planner”' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectToast('Delete failed', 'Please try again');
  });
});

describe('jobs badge', () => {
  it('refreshes when the gateway announces a submitted job (job_submitted)', async () => {
    let jobs = [PENDING];
    server.use(http.get('/api/admin/jobs', () => HttpResponse.json(jobs)), signedInAs('Moderator'), ...moderatorHandlers());
    renderApp('/admin');
    const tab = await screen.findByRole('tab', { name: /^Jobs/ });
    await waitFor(() => expect(tab).toHaveTextContent(/^Jobs1$/));
    await waitFor(() => expect(realtime.clients.size).toBeGreaterThan(0));
    jobs = [job({ id: 9, title: 'New one' }), PENDING];
    realtime.broadcast(JSON.stringify({ type: 'job_submitted', data: { id: 9, flagged: false, created_at: 1 } }));
    await waitFor(() => expect(tab).toHaveTextContent(/^Jobs2$/));
  });
});
