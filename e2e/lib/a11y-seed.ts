import { apiCall, visitorAddress } from './api.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

// No hex in usernames: random hex now and then reads as a listed word through leetspeak.

/** The ids of what the accessibility and keyboard tests show: every page has real content, not only empty states. */
export interface A11ySeed {
  postId: number;
  pollId: number;
  /** Scheduled, priced, with seats left (Book Now). */
  sessionId: number;
  /** Scheduled with its only seat taken (Join Waitlist). */
  fullSessionId: number;
  jobId: number;
  staffCookie: string;
}

/** Creates a visitor with a username through the API; returns its token. */
export async function registerVisitor(site: string, username = uniqueUsername('a11y_')): Promise<string> {
  const { anon_token } = await apiCall<{ anon_token: string }>(site, 'POST', '/api/session');
  await apiCall(site, 'POST', '/api/user-profile', { username }, anon_token);
  return anon_token;
}

/** The staff login cookie of the e2e Super Admin (what POST /api/admin/login sets). */
export async function staffCookie(site: string, admin: { username: string; password: string }): Promise<string> {
  const login = () =>
    fetch(`${site}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': visitorAddress() },
      body: JSON.stringify(admin),
    });
  // The password hash is deliberately slow; on a saturated machine the kit's request deadline can
  // answer 503 ("try again shortly"), which is what a person would do.
  let res = await login();
  for (let attempt = 1; res.status === 503 && attempt < 3; attempt++) res = await login();
  if (!res.ok) throw new Error(`staff login: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function staffCall<T>(site: string, cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${site}${path}`, {
    method,
    headers: { cookie, origin: site, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const session = (title: string, maxParticipants: number | null) => ({
  title,
  description: 'Staffing the holiday peak: forecasts, shrinkage and how many seats to hire for.',
  host_name: 'Dana Planner',
  host_bio: 'Fifteen years of contact-centre workforce planning.',
  scheduled_time: Date.now() + 7 * 24 * 3600_000,
  duration_minutes: 60,
  max_participants: maxParticipants,
  max_questions: 50,
  zoom_link: 'https://zoom.example.com/j/123456',
});

const pricing = {
  price: 25,
  currency: 'USD',
  payment_methods: JSON.stringify({
    paypal: { email: 'pay@example.com', instructions: 'Friends and family' },
    gcash: { number: '09171234567', name: 'WFM Community', instructions: 'Send a screenshot' },
  }),
};

/** A post with a comment, a poll, a template, two AMA sessions (one full), an approved job and a report. */
export async function seedA11yData(site: string, admin: { username: string; password: string }): Promise<A11ySeed> {
  const token = await registerVisitor(site);
  const call = <T>(method: string, path: string, body?: unknown) => apiCall<T>(site, method, path, body, token);
  const cookie = await staffCookie(site, admin);
  const staff = <T>(method: string, path: string, body?: unknown) => staffCall<T>(site, cookie, method, path, body);

  const post = await call<{ id: number }>('POST', '/api/posts', {
    type: 'Question',
    title: 'How do you plan shrinkage for the holiday peak?',
    body: 'We plan **32%** across the year. Does anyone plan it per week?\n\n- training\n- leave',
    author_name: 'e2e',
    tags: ['shrinkage', 'forecasting'],
  });
  await call('POST', '/api/comments', { post_id: post.id, body: 'We plan it per week from last year\'s actuals.', author_name: 'e2e' });
  // One post of every other type, so the feed shows each type's badge (the Idea badge once failed contrast unseen).
  await call('POST', '/api/posts', { type: 'Idea', title: 'Publish shrinkage per week', body: 'Share the split.', author_name: 'e2e' });
  await call('POST', '/api/posts', {
    type: 'Tool',
    title: 'A free Erlang C sheet',
    body: 'It handles 15-minute intervals.',
    author_name: 'e2e',
    tool_links: [{ name: 'Erlang sheet', url: 'https://tools.example.com/erlang' }],
  });
  await call('POST', '/api/report', { post_id: post.id, reason: 'spam' });

  // A template with neither URL nor file: its card shows the disabled Download and why.
  await call('POST', '/api/templates', {
    name: 'Holiday shrinkage planner',
    category: 'Shrinkage Analysis',
    short_desc: 'Weekly shrinkage for the peak; the sheet is not linked yet.',
    submitted_by: 'e2e',
  });

  const poll = await call<{ id: number }>('POST', '/api/polls', {
    title: 'Where do you plan shrinkage?',
    description: 'Per week, per month or once a year?',
    category: 'metrics',
    options: ['Per week', 'Per month', 'Once a year'],
    created_by: 'e2e',
  });

  const open = await staff<{ id: number }>('POST', '/api/admin/ama/sessions', session('Holiday peak staffing AMA', 20));
  await staff('POST', `/api/admin/ama/sessions/${open.id}/pricing`, pricing);
  const full = await staff<{ id: number }>('POST', '/api/admin/ama/sessions', session('Erlang C office hours', 1));
  const other = await registerVisitor(site);
  await apiCall(site, 'POST', `/api/ama/sessions/${full.id}/book`, {
    participant_name: 'Rob Analyst',
    participant_email: 'rob@example.com',
    participant_phone: '0917 555 0000',
    payment_method: 'gcash',
  }, other);
  await call('POST', `/api/ama/sessions/${open.id}/questions`, { question: 'How early do you start hiring for December?', author_name: 'e2e' });

  const job = await call<{ id: number }>('POST', '/api/jobs', {
    title: 'Workforce Planner',
    company: 'Acme Contact Centres',
    location: 'Manila, Philippines',
    job_type: 'Full-time',
    category: 'Workforce Management',
    description: 'Own the long-term forecast and capacity plan for a 600-seat multilingual operation. '.repeat(3),
    requirements: 'Three years of WFM experience.',
    salary_range: '$50k - $60k',
    apply_url: 'https://careers.example.com/jobs/planner',
  });
  await staff('PUT', `/api/admin/jobs/${job.id}/status`, { status: 'approved' });

  return { postId: post.id, pollId: poll.id, sessionId: open.id, fullSessionId: full.id, jobId: job.id, staffCookie: cookie };
}
