import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { StaffRole } from '@wfm/contracts/shared';
import type { RateLimitSettings } from '@wfm/service-kit';
import { buildTestService, get, newVisitor, post, testClock, type TestClock, type TestService, type Visitor } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';

// The kit's visitor client, under the names this folder's tests use.
export { get, namedVisitor, newVisitor, type Visitor } from '@wfm/service-kit/testing';

/** A word no other test uses, for searches. */
export const uniqueWord = (prefix = 'w'): string => `${prefix}${randomBytes(4).toString('hex')}`;

export const validJob = (overrides: Record<string, unknown> = {}) => ({
  title: 'Workforce Planner',
  company: 'Acme Contact Centres',
  location: 'Manila, Philippines',
  job_type: 'Full-time',
  category: 'Workforce Management',
  description: 'Own the long-term forecast and capacity plan.',
  requirements: 'Three years of WFM experience.',
  salary_range: '$50k - $60k',
  apply_url: `https://careers.example.com/jobs/${randomBytes(4).toString('hex')}`,
  tags: ['forecasting'],
  ...overrides,
});

export interface JobsTest extends TestService {
  /** The hand-moved clock of the service (expiry), from 2026-01-01. */
  clock: TestClock;
}

export async function buildJobs(opts: { env?: Record<string, string>; rateLimits?: RateLimitSettings } = {}): Promise<JobsTest> {
  const clock = testClock(Date.UTC(2026, 0, 1));
  const t = await buildTestService(service, {
    now: clock.now,
    env: { IDENTITY_URL: process.env.IDENTITY_URL, ...opts.env },
    ...(opts.rateLimits ? { rateLimits: opts.rateLimits } : {}),
  });
  return { ...t, clock };
}

export function postJob(app: FastifyInstance, payload: unknown, visitor: Visitor | null = newVisitor()) {
  return post(app, '/api/jobs', payload, visitor);
}

export async function createJob(app: FastifyInstance, overrides: Record<string, unknown> = {}, visitor: Visitor | null = newVisitor()) {
  const res = await postJob(app, validJob(overrides), visitor);
  if (res.statusCode !== 201) throw new Error(`post job: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number; status: string; submitted_by: string }>();
}

export function staffCall(
  t: TestService,
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  role: StaffRole = 'Moderator',
) {
  return t.app.inject({
    method,
    url,
    headers: t.staffHeaders({ role, id: 7, username: 'mod_one' }, { method, url }),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export async function approve(t: TestService, id: number) {
  const res = await staffCall(t, 'PUT', `/api/admin/jobs/${id}/status`, { status: 'approved' });
  if (res.statusCode !== 200) throw new Error(`approve: ${res.statusCode} ${res.body}`);
  return res.json<{ status: string; expires_at: number }>();
}

export async function publicIds(app: FastifyInstance, query = ''): Promise<number[]> {
  const res = await get(app, `/api/jobs${query}`, null);
  if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }[]>().map((j) => j.id);
}

/** Collects the events of `subjects` the service publishes (through its outbox and relay). */
export async function recordEvents(t: TestService, subjects: string[]) {
  const seen: { subject: string; data: Record<string, unknown> }[] = [];
  for (const subject of subjects) {
    await t.bus.subscribe(subject, (evt) => void seen.push({ subject: evt.subject, data: evt.data as Record<string, unknown> }));
  }
  return {
    seen,
    async waitFor(subject: string, match: (data: Record<string, unknown>) => boolean = () => true) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = seen.find((e) => e.subject === subject && match(e.data));
        if (found) return found.data;
        if (Date.now() > deadline) throw new Error(`no ${subject} event; saw ${JSON.stringify(seen.map((e) => e.subject))}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}
