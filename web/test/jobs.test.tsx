import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Job } from '@wfm/contracts/jobs';
import { FakeWebSocket } from './fake-websocket.ts';
import { renderApp } from './render-app.tsx';
import { server, TOKEN } from './server.ts';
import { expectToast } from './toasts.ts';

const job = (overrides: Partial<Job> = {}): Job => ({
  id: 1,
  title: 'Workforce Planner',
  company: 'Acme',
  location: 'Manila',
  job_type: 'Full-time',
  category: 'Workforce Management',
  description: 'Own the forecast.',
  requirements: 'WFM experience.',
  salary_range: '$50k - $60k',
  apply_url: 'https://careers.example.com/1',
  tags: [],
  submitted_by: 'Anonymous',
  status: 'approved',
  created_at: 1_700_000_000_000,
  ...overrides,
});

/** Serves the public list and records each query string asked for. */
function serveJobs(answer: (url: URL) => Response | Promise<Response> = () => HttpResponse.json([])) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/jobs', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.searchParams);
      return answer(url);
    }),
  );
  return asked;
}

function visitor() {
  window.localStorage.setItem('anon_token', TOKEN);
  window.localStorage.setItem('terms_accepted', 'true');
}

describe('/jobs', () => {
  it('shows 6 skeletons while loading, then the cards', async () => {
    visitor();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    serveJobs(async () => {
      await gate;
      return HttpResponse.json([job(), job({ id: 2, title: 'Analyst', salary_range: null })]);
    });
    renderApp('/jobs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Job & Role Spotlight' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('job-skeleton')).toHaveLength(6);
    release();
    const cards = await screen.findAllByTestId('job-card');
    expect(cards).toHaveLength(2);
    const first = cards[0]!;
    expect(within(first).getByRole('heading', { name: 'Workforce Planner' })).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByText('Acme')).toBeInTheDocument();
    expect(within(first).getByText('Manila')).toBeInTheDocument();
    expect(within(first).getByText('Full-time')).toBeInTheDocument();
    expect(within(first).getByText('$50k - $60k')).toBeInTheDocument();
    expect(within(first).getByText('Workforce Management')).toBeInTheDocument();
    expect(within(first).getByTestId('job-description')).toHaveClass('line-clamp-3');
    const apply = within(first).getByRole('link', { name: /Apply/ });
    expect(apply).toHaveAttribute('href', 'https://careers.example.com/1');
    expect(apply).toHaveAttribute('target', '_blank');
    expect(apply).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(cards[1]!).getByText('Pay not stated')).toBeInTheDocument();
  });

  it('says "Be the first" when there are no jobs, and "Try adjusting" with a search or filter', async () => {
    visitor();
    const asked = serveJobs();
    const user = userEvent.setup();
    renderApp('/jobs');
    expect(await screen.findByText('No jobs found')).toBeInTheDocument();
    expect(screen.getByText('Be the first to post a job opportunity!')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: /Search jobs/ }), 'Acme');
    expect(await screen.findByText('Try adjusting your filters to see more results.')).toBeInTheDocument();
    await waitFor(() => expect(asked.at(-1)?.get('q')).toBe('Acme'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Analytics & Reporting');
    await waitFor(() => expect(asked.at(-1)?.get('category')).toBe('Analytics & Reporting'));
    const jobType = screen.getByRole('combobox', { name: 'Job type' });
    expect(within(jobType).getByRole('option', { name: 'All' })).toBeInTheDocument();
    await user.selectOptions(jobType, 'Contract');
    await waitFor(() => expect(asked.at(-1)?.get('job_type')).toBe('Contract'));
    await user.click(screen.getByRole('checkbox', { name: 'Shows pay' }));
    await waitFor(() => expect(asked.at(-1)?.get('shows_pay')).toBe('true'));
  });

  it('shows the reason and Retry when the list fails', async () => {
    visitor();
    let fail = true;
    serveJobs(() => (fail ? HttpResponse.json({ message: 'Jobs are resting' }, { status: 503 }) : HttpResponse.json([job()])));
    const user = userEvent.setup();
    renderApp('/jobs');
    expect(await screen.findByText('Jobs are resting')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('job-card')).toHaveLength(1);
  });

  it('posts a job with counters and "Submitting...", toasts success and shows it Under Review in My job posts', async () => {
    visitor();
    serveJobs();
    const sent: Record<string, unknown>[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let mine: Job[] = [];
    server.use(
      http.post('/api/jobs', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        await gate;
        mine = [job({ id: 9, status: 'pending', title: 'Planner' })];
        return HttpResponse.json(mine[0], { status: 201 });
      }),
      http.get('/api/jobs/mine', () => HttpResponse.json(mine)),
    );
    const user = userEvent.setup();
    renderApp('/jobs');
    await user.click(await screen.findByRole('button', { name: 'Post a Job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post a New Job' });
    await user.type(within(dialog).getByLabelText('Job title'), 'Planner');
    await user.type(within(dialog).getByLabelText('Company'), 'Acme');
    await user.type(within(dialog).getByLabelText('Location'), 'Cebu');
    await user.type(within(dialog).getByLabelText('Application URL'), 'https://acme.example/jobs/1');
    await user.type(within(dialog).getByLabelText('Description'), 'Forecast');
    expect(within(dialog).getByText('8/5000 characters')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Requirements'), 'WFM');
    expect(within(dialog).getByText('3/2000 characters')).toBeInTheDocument();
    expect(within(dialog).getByText(/Posts that state pay/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Post Job' }));
    expect(await within(dialog).findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    await expectToast('Job posted successfully!');
    expect(sent[0]).toMatchObject({
      title: 'Planner',
      company: 'Acme',
      location: 'Cebu',
      job_type: 'Full-time',
      category: 'Workforce Management',
      apply_url: 'https://acme.example/jobs/1',
      salary_range: '',
      tags: [],
    });
    const card = await screen.findByTestId('job-card');
    expect(within(screen.getByTestId('my-job-posts')).getByText('Under Review')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
  });

  it('toasts "Submission failed" with the server message, else "An unexpected error occurred"', async () => {
    visitor();
    serveJobs();
    let answer = () => HttpResponse.json({ message: 'Application URL must be a valid http(s) URL' }, { status: 400 });
    server.use(http.post('/api/jobs', () => answer()));
    const user = userEvent.setup();
    renderApp('/jobs');
    await user.click(await screen.findByRole('button', { name: 'Post a Job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Post a New Job' });
    await user.click(within(dialog).getByRole('button', { name: 'Post Job' }));
    await expectToast('Submission failed', 'Application URL must be a valid http(s) URL');
    answer = () => new HttpResponse(null, { status: 500 });
    await user.click(within(dialog).getByRole('button', { name: 'Post Job' }));
    await waitFor(() => expect(screen.getAllByText('An unexpected error occurred', { exact: false }).length).toBeGreaterThan(0));
  });

  it('refetches the list when a job is approved (job_approved over the websocket)', async () => {
    visitor();
    let jobs: Job[] = [];
    serveJobs(() => HttpResponse.json(jobs));
    renderApp('/jobs');
    expect(await screen.findByText('No jobs found')).toBeInTheDocument();
    jobs = [job({ id: 5, title: 'Fresh role' })];
    const socket = FakeWebSocket.latest();
    act(() => {
      socket.serverOpen();
      socket.serverSend({ type: 'job_approved', data: jobs[0] });
    });
    expect(await screen.findByRole('heading', { name: 'Fresh role' })).toBeInTheDocument();
  });
});
