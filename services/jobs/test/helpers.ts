import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { StaffRole } from '@wfm/contracts/shared';
import type { RateLimitSettings } from '@wfm/service-kit';
import { buildTestService, testVisitorToken, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';

/** A client address of its own, so each visitor starts with fresh per-address counters. */
export const randomIp = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export interface Visitor {
  token: string;
  ip: string;
}
export const newVisitor = (): Visitor => ({ token: testVisitorToken(), ip: randomIp() });

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

/** A hand-moved clock (expiry). */
export function testClock(start = Date.UTC(2026, 0, 1)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms), set: (ms: number) => void (now = ms) };
}

export interface JobsTest extends TestService {
  clock: ReturnType<typeof testClock>;
}

export async function buildJobs(opts: { env?: Record<string, string>; rateLimits?: RateLimitSettings } = {}): Promise<JobsTest> {
  const clock = testClock();
  const t = await buildTestService(service, {
    now: clock.now,
    env: { IDENTITY_URL: process.env.IDENTITY_URL, ...opts.env },
    ...(opts.rateLimits ? { rateLimits: opts.rateLimits } : {}),
  });
  return { ...t, clock };
}

export function postJob(app: FastifyInstance, payload: unknown, visitor: Visitor | null = newVisitor()) {
  return app.inject({
    method: 'POST',
    url: '/api/jobs',
    remoteAddress: visitor?.ip ?? randomIp(),
    headers: visitor ? { 'x-anon-token': visitor.token } : {},
    payload: payload as Record<string, unknown>,
  });
}

export async function createJob(app: FastifyInstance, overrides: Record<string, unknown> = {}, visitor: Visitor | null = newVisitor()) {
  const res = await postJob(app, validJob(overrides), visitor);
  if (res.statusCode !== 201) throw new Error(`post job: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number; status: string; submitted_by: string }>();
}

export function get(app: FastifyInstance, url: string, visitor: Visitor | null = null) {
  return app.inject({ method: 'GET', url, remoteAddress: visitor?.ip ?? randomIp(), headers: visitor ? { 'x-anon-token': visitor.token } : {} });
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
  const res = await get(app, `/api/jobs${query}`);
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

/** A visitor identity issued and who holds a username there. */
export async function namedVisitor(username: string): Promise<Visitor> {
  const base = process.env.IDENTITY_URL!;
  const session = await fetch(`${base}/api/session`, { method: 'POST' });
  const { anon_token: token } = (await session.json()) as { anon_token: string };
  const res = await fetch(`${base}/api/user-profile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-anon-token': token },
    body: JSON.stringify({ username }),
  });
  if (res.status !== 201) throw new Error(`profile: ${res.status} ${await res.text()}`);
  return { token, ip: randomIp() };
}
