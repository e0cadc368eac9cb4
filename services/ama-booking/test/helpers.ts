import type { LightMyRequestResponse } from 'fastify';
import type { StaffRole } from '@wfm/contracts/shared';
import {
  buildTestService,
  newVisitor,
  outboxEvents,
  post,
  testClock,
  type BuildTestServiceOptions,
  type TestClock,
  type TestService,
  type Visitor,
} from '@wfm/service-kit/testing';
import type { ServiceDefinition, Sql } from '@wfm/service-kit';
import { service } from '../src/app.ts';
import type { AmaContext } from '../src/context.ts';
import type { Mailer } from '../src/emails/emails-mailer.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

// The kit's visitor client, outbox reader and test clock, under the names this folder's tests use.
export { get, namedVisitor, newVisitor, outboxEvents, post, put, testClock, type TestClock, type Visitor } from '@wfm/service-kit/testing';

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

let mailbox = 0;
/** A mailbox of its own per booking (one active booking per email and session; the mail cap per address). */
export const uniqueEmail = (name = 'sam') => `${name}.${process.pid}.${++mailbox}.${Date.now().toString(36)}@example.com`;

export const validBooking = (overrides: Record<string, unknown> = {}) => ({
  participant_name: 'Sam Analyst',
  participant_email: uniqueEmail(),
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

/** Audit entries written through the outbox (ama.staff.action). */
export async function staffActions(sql: Sql): Promise<string[]> {
  return (await outboxEvents(sql, 'ama.staff.action')).map((e) => String(e.action));
}

/** Sample files (the common ones and the multipart builder come from the service kit). */
export { HTML, PDF, PNG, multipartBody as multipart } from '@wfm/service-kit/testing';
export const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), Buffer.alloc(32)]);

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
