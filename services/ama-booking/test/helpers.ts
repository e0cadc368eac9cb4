import { randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { StaffRole } from '@wfm/contracts/shared';
import { buildTestService, testVisitorToken, type BuildTestServiceOptions, type TestService } from '@wfm/service-kit/testing';
import type { ServiceDefinition, Sql } from '@wfm/service-kit';
import { service } from '../src/app.ts';
import type { AmaContext } from '../src/context.ts';
import type { Mailer } from '../src/emails/emails-mailer.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** A clock the service reads instead of Date.now; tests move it. */
export interface TestClock {
  now(): number;
  set(ms: number): void;
  advance(ms: number): void;
}
export function testClock(start = Date.now()): TestClock {
  let t = start;
  return { now: () => t, set: (ms) => (t = ms), advance: (ms) => (t += ms) };
}

export interface AmaTest extends TestService<AmaContext> {
  clock: TestClock;
  /** The service definition the app was built from (its tasks take the app's context, t.ctx). */
  def: ServiceDefinition<AmaContext>;
  staff(method: string, url: string, payload?: unknown, role?: StaffRole): Promise<LightMyRequestResponse>;
}

export async function buildAma(opts: BuildTestServiceOptions<AmaContext> & { mailer?: Mailer; clock?: TestClock } = {}): Promise<AmaTest> {
  const { mailer, clock = testClock(), ...options } = opts;
  const def = service;
  // Without the relay, written events stay in the outbox where tests read them.
  const svc = await buildTestService(def, {
    relay: false,
    ...options,
    now: clock.now,
    context: { mailer: mailer ?? null },
    env: { IDENTITY_URL: process.env.IDENTITY_URL, ...options.env },
  });
  return {
    ...svc,
    clock,
    def,
    staff(method, url, payload, role = 'Admin') {
      return svc.app.inject({
        method: method as 'GET',
        url,
        headers: svc.staffHeaders({ role, username: 'ama-admin' }, { method, url }),
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    },
  };
}

export const randomIp = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
export interface Visitor {
  token: string;
  ip: string;
}
export const newVisitor = (): Visitor => ({ token: testVisitorToken(), ip: randomIp() });

export function post(app: FastifyInstance, url: string, payload: unknown, visitor: Visitor = newVisitor()) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: visitor.ip,
    headers: { 'x-anon-token': visitor.token },
    payload: payload as Record<string, unknown>,
  });
}

export function get(app: FastifyInstance, url: string, visitor: Visitor = newVisitor()) {
  return app.inject({ method: 'GET', url, remoteAddress: visitor.ip, headers: { 'x-anon-token': visitor.token } });
}

export const validSession = (overrides: Record<string, unknown> = {}) => ({
  title: 'Forecasting for omnichannel queues',
  description: 'Bring your toughest forecasting questions.',
  host_name: 'Dana Planner',
  host_bio: 'WFM lead, 12 years in contact centres.',
  scheduled_time: Date.now() + 3 * DAY,
  duration_minutes: 60,
  max_participants: 20,
  max_questions: 10,
  zoom_link: 'https://zoom.us/j/123456789',
  ...overrides,
});

export const validBooking = (overrides: Record<string, unknown> = {}) => ({
  participant_name: 'Sam Analyst',
  participant_email: 'sam@example.com',
  participant_phone: '+63 912 345 6789',
  payment_method: 'paypal',
  ...overrides,
});

export const validPricing = (overrides: Record<string, unknown> = {}) => ({
  price: 25,
  currency: 'USD',
  payment_methods: JSON.stringify({
    paypal: { email: 'pay@example.com', instructions: 'Friends and family' },
    gcash: { number: '09171234567', name: 'WFM Community', instructions: 'Send a screenshot' },
  }),
  ...overrides,
});

export async function createSession(t: AmaTest, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await t.staff('POST', '/api/admin/ama/sessions', validSession(overrides));
  if (res.statusCode !== 201) throw new Error(`create session: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

export async function book(t: AmaTest, sessionId: number, visitor: Visitor = newVisitor(), overrides: Record<string, unknown> = {}) {
  const res = await post(t.app, `/api/ama/sessions/${sessionId}/book`, validBooking(overrides), visitor);
  if (res.statusCode !== 201) throw new Error(`book: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number; booking_reference: string; session_id: number }>();
}

export async function outboxEvents(sql: Sql, subject: string): Promise<Record<string, unknown>[]> {
  const rows = await sql<{ payload: Record<string, unknown> }[]>`SELECT payload FROM outbox WHERE subject = ${subject} ORDER BY id`;
  return rows.map((r) => r.payload);
}

/** Audit entries written through the outbox (ama.staff.action). */
export async function staffActions(sql: Sql): Promise<string[]> {
  return (await outboxEvents(sql, 'ama.staff.action')).map((e) => String(e.action));
}

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), Buffer.alloc(32)]);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');

/** A multipart body (the service kit's builder): the files in `field` plus text fields. */
export { multipartBody as multipart } from '@wfm/service-kit/testing';

/** A visitor identity issued and who holds a username there (the test identity process). */
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

export function put(app: FastifyInstance, url: string, payload: unknown, visitor: Visitor = newVisitor()) {
  return app.inject({
    method: 'PUT',
    url,
    remoteAddress: visitor.ip,
    headers: { 'x-anon-token': visitor.token },
    payload: payload as Record<string, unknown>,
  });
}

export const validMentor = (overrides: Record<string, unknown> = {}) => ({
  name: 'Rita Roster',
  years_experience: 12,
  bio: 'Scheduling lead for three sites; I love untangling shift bids.',
  expertise_tags: ['Scheduling', 'Forecasting'],
  timezone: 'Asia/Manila',
  availability_hours: 'Weekdays 18:00-20:00',
  contact_info: 'rita@example.com',
  linkedin_url: 'https://www.linkedin.com/in/rita-roster',
  ...overrides,
});

export const validMentorRequest = (overrides: Record<string, unknown> = {}) => ({
  requester_name: 'Nico New',
  requester_contact: 'nico@example.com',
  message: 'I just became a WFM analyst and would love guidance.',
  goals: 'Build my first forecast and schedule.',
  ...overrides,
});
