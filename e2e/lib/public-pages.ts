import { randomBytes } from 'node:crypto';
import { apiCall, visitorAddress } from './api.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

const CONSONANTS = 'bcdfghjkmnpqrstvwxz';
/** Consonants only, so a generated word never reads as a listed word. */
export const word = () => [...randomBytes(8)].map((b) => CONSONANTS[b % CONSONANTS.length]).join('');

/** One of each public page's subject: a post with a comment, a poll, an AMA session, an approved job. */
export interface PublicPagesSeed {
  postTitle: string;
  postBody: string;
  postId: number;
  pollTitle: string;
  pollId: number;
  sessionTitle: string;
  sessionId: number;
  jobTitle: string;
  jobId: number;
}

/** The staff login cookie of the e2e site's Super Admin. */
export async function staffLogin(site: string, admin: { username: string; password: string }): Promise<string> {
  const login = await fetch(`${site}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': visitorAddress() },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`staff login: ${login.status} ${await login.text()}`);
  return (login.headers.get('set-cookie') ?? '').split(';')[0]!;
}

async function staffCall<T>(site: string, cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${site}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Creates the subjects of the public pages through the API (and staff calls where staff decide). */
export async function seedPublicPages(site: string, admin: { username: string; password: string }): Promise<PublicPagesSeed> {
  const call = <T>(method: string, path: string, body?: unknown, token?: string) => apiCall<T>(site, method, path, body, token);
  const seed: PublicPagesSeed = {
    postTitle: `Forecasting <interval> accuracy ${word()}`,
    postBody: `We plan **40 agents** on a 15-minute interval.\n\nHow do you measure ${word()} accuracy?`,
    postId: 0,
    pollTitle: `Preferred forecasting interval ${word()}`,
    pollId: 0,
    sessionTitle: `Scheduling for peak season ${word()}`,
    sessionId: 0,
    jobTitle: `Capacity Planner ${word()}`,
    jobId: 0,
  };
  const { anon_token: token } = await call<{ anon_token: string }>('POST', '/api/session');
  await call('POST', '/api/user-profile', { username: uniqueUsername('seo_') }, token);
  seed.postId = (
    await call<{ id: number }>(
      'POST',
      '/api/posts',
      { type: 'Question', title: seed.postTitle, body: seed.postBody, author_name: 'Pat Planner', tags: 'forecasting,erlang' },
      token,
    )
  ).id;
  await call('POST', '/api/comments', { post_id: seed.postId, body: 'We track **weighted MAPE** per interval.', author_name: 'Rob Reviewer' }, token);
  seed.pollId = (
    await call<{ id: number }>(
      'POST',
      '/api/polls',
      {
        title: seed.pollTitle,
        description: 'Which interval do you forecast at?',
        category: 'scheduling',
        options: ['15 minutes', '30 minutes', '60 minutes'],
        created_by: 'Pat Planner',
      },
      token,
    )
  ).id;

  const cookie = await staffLogin(site, admin);
  seed.sessionId = (
    await staffCall<{ id: number }>(site, cookie, 'POST', '/api/admin/ama/sessions', {
      title: seed.sessionTitle,
      description: 'Bring your hardest peak-season scheduling questions.',
      host_name: 'Sam Scheduler',
      host_bio: 'Fifteen years of WFM.',
      scheduled_time: Date.now() + 7 * 24 * 3600_000,
      duration_minutes: 60,
      max_participants: 50,
      max_questions: 10,
      zoom_link: '',
    })
  ).id;
  seed.jobId = (
    await call<{ id: number }>(
      'POST',
      '/api/jobs',
      {
        title: seed.jobTitle,
        company: 'Acme Contact Centres',
        location: 'Manila, Philippines',
        job_type: 'Full-time',
        category: 'Workforce Management',
        description: 'Own the long-term forecast and capacity plan for a 600-seat operation. '.repeat(3),
        requirements: 'Three years of WFM experience.',
        salary_range: '$50k - $60k',
        apply_url: `https://careers.example.com/jobs/${word()}`,
      },
      token,
    )
  ).id;
  await staffCall(site, cookie, 'PUT', `/api/admin/jobs/${seed.jobId}/status`, { status: 'approved' });
  return seed;
}
