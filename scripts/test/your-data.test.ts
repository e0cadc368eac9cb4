import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildGateway } from '@wfm/gateway';
import { createLogger, createMemoryBus, loadRateLimitSettings, type ServiceDefinition } from '@wfm/service-kit';
import {
  buildTestService,
  namedVisitor,
  newVisitor,
  outboxEvents,
  randomIp,
  TEST_STAFF_SECRET,
  type TestService,
  type Visitor,
} from '@wfm/service-kit/testing';
import { MY_DATA_MESSAGES, VISITOR_DATA_KINDS, type MyDataExport, type ServiceName } from '@wfm/contracts/shared';
import { loadServiceDefinitions } from '../lib/service-definitions.ts';

// Issue 26 item 6 against all six real services (PostgreSQL) behind a real gateway: a visitor with
// content in every service downloads it all, another visitor's data never appears, erase removes it
// everywhere through each service's own deletes (their events) and leaves the other visitor's, a
// fresh token gets an empty export, a service down is a 503 (never a partial export), and fresh
// tokens from one address meet the per-address limit.

const built = new Map<ServiceName, TestService>();
const urls = {} as Record<ServiceName, string>;
const bus = createMemoryBus();
let gateway: FastifyInstance;

beforeAll(async () => {
  const defs = await loadServiceDefinitions();
  const rateLimits = loadRateLimitSettings({ RATE_LIMIT_NAMESPACE: `d${randomBytes(4).toString('hex')}` });
  const start = async (def: ServiceDefinition, identityUrl?: string) => {
    // Six services at once: two connections each (PostgreSQL allows 100 for every helper and CI).
    const t = await buildTestService(def, { relay: false, poolMax: 2, rateLimits, ...(identityUrl ? { identityUrl, env: { IDENTITY_URL: identityUrl } } : {}) });
    built.set(def.name, t);
    urls[def.name] = await t.app.listen({ port: 0, host: '127.0.0.1' });
  };
  await start(defs.find((d) => d.name === 'identity')!);
  for (const def of defs.filter((d) => d.name !== 'identity')) await start(def, urls.identity);
  gateway = await buildGateway({ serviceUrls: urls, bus, staffSecret: TEST_STAFF_SECRET, logger: createLogger('gateway', 'silent'), readCache: false });
}, 120_000);
afterAll(async () => {
  await gateway?.close();
  await Promise.all([...built.values()].map((t) => t.close()));
});

const svc = (name: ServiceName) => built.get(name)!;
async function call(name: ServiceName, method: 'POST' | 'PUT', url: string, payload: unknown, v: Visitor) {
  const res = await svc(name).app.inject({ method, url, payload: payload as object, headers: { 'x-anon-token': v.token }, remoteAddress: randomIp() });
  if (res.statusCode >= 300) throw new Error(`${name} ${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>();
}
const myData = (v: Pick<Visitor, 'token'>, ip = randomIp()) =>
  gateway.inject({ method: 'GET', url: '/api/me/data', headers: { 'x-anon-token': v.token }, remoteAddress: ip });
const erase = (v: Pick<Visitor, 'token'>, ip = randomIp()) =>
  gateway.inject({ method: 'POST', url: '/api/me/data/erase', headers: { 'x-anon-token': v.token }, remoteAddress: ip });

/** An AMA session made by staff, open for bookings and questions. */
async function amaSession(): Promise<number> {
  const url = '/api/admin/ama/sessions';
  const res = await svc('ama-booking').app.inject({
    method: 'POST',
    url,
    headers: svc('ama-booking').staffHeaders({ role: 'Admin', username: 'ama-admin' }, { method: 'POST', url }),
    payload: {
      title: 'Forecasting for omnichannel queues',
      description: 'Bring your toughest forecasting questions.',
      host_name: 'Dana Planner',
      host_bio: 'WFM lead, 12 years in contact centres.',
      scheduled_time: Date.now() + 3 * 86_400_000,
      duration_minutes: 60,
      max_participants: 20,
      max_questions: 10,
      zoom_link: 'https://zoom.us/j/123456789',
    },
  });
  if (res.statusCode !== 201) throw new Error(`session: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

/**
 * Writes one of everything as `v`, every text carrying `mark`, and votes on `other`'s items when
 * given. Answers the ids of what was made.
 */
async function fill(v: Visitor, mark: string, other?: Record<string, number>) {
  const post = await call('forum', 'POST', '/api/posts', {
    type: 'Question', title: `Weekend volume ${mark}`, body: `Spiky Saturdays ${mark}`, tags: 'forecast', author_name: 'Anonymous',
    tool_links: [], attachments: [], status: 'open', isAnonymous: false,
  }, v);
  await call('forum', 'POST', '/api/comments', { post_id: other?.post ?? post.id, body: `A comment ${mark}`, author_name: 'Anonymous' }, v);
  if (other) await call('forum', 'POST', `/api/posts/${other.post}/upvote`, {}, v);
  const tool = await call('catalog', 'POST', '/api/tools', {
    name: `Planner ${mark}`, category: 'Forecasting', url: `https://erlang.example.com/${mark}`, short_desc: `Erlang C ${mark}`, submitted_by: 'Anonymous',
  }, v);
  await call('catalog', 'POST', '/api/templates', {
    name: `Grid ${mark}`, category: 'Scheduling Templates', short_desc: `Weekly grid ${mark}`, url: `https://templates.example.com/${mark}`, submitted_by: 'Anonymous',
  }, v);
  const poll = await call('catalog', 'POST', '/api/polls', {
    title: `Which method ${mark}?`, description: `Interval forecasts ${mark}`, category: 'metrics', options: ['Erlang C', 'Simulation'], created_by: 'Anonymous',
  }, v);
  if (other) {
    await call('catalog', 'POST', `/api/tools/${other.tool}/vote`, {}, v);
    const detail = await svc('catalog').app.inject({ method: 'GET', url: `/api/polls/${other.poll}` });
    await call('catalog', 'POST', `/api/polls/${other.poll}/vote`, { option_id: detail.json<{ options: { id: number }[] }>().options[0]!.id }, v);
  }
  const session = other?.session ?? (await amaSession());
  await call('ama-booking', 'POST', `/api/ama/sessions/${session}/book`, {
    participant_name: `Sam ${mark}`, participant_email: `sam.${mark}@example.com`, participant_phone: '+63 912 345 6789', payment_method: 'paypal',
  }, v);
  const question = await call('ama-booking', 'POST', `/api/ama/sessions/${session}/questions`, { question: `How to staff ${mark}?` }, v);
  if (other) await call('ama-booking', 'POST', `/api/ama/questions/${other.question}/upvote`, {}, v);
  await call('ama-booking', 'POST', '/api/mentors', {
    name: `Rita ${mark}`, years_experience: 12, bio: `Scheduling lead ${mark}`, expertise_tags: ['Scheduling'], timezone: 'Asia/Manila',
    availability_hours: 'Weekdays', contact_info: `rita.${mark}@example.com`, linkedin_url: 'https://www.linkedin.com/in/rita-roster',
  }, v);
  await call('jobs', 'POST', '/api/jobs', {
    title: `Planner ${mark}`, company: 'Acme Contact Centres', location: 'Manila', job_type: 'Full-time', category: 'Workforce Management',
    description: `Own the forecast ${mark}`, requirements: 'Three years of WFM.', salary_range: '$50k', apply_url: `https://careers.example.com/${mark}`, tags: ['forecasting'],
  }, v);
  return { post: post.id, tool: tool.id, poll: poll.id, question: question.id, session };
}

const username = () => `yd_${randomBytes(5).toString('hex')}`;

describe('Your data: download and delete everything tied to a token, across every service', () => {
  let alice: Visitor;
  let bob: Visitor;
  const aliceMark = `alice${randomBytes(4).toString('hex')}`;
  const bobMark = `bob${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    alice = await namedVisitor(username(), urls.identity);
    bob = await namedVisitor(username(), urls.identity);
    const bobs = await fill(bob, bobMark);
    await fill(alice, aliceMark, bobs);
  }, 60_000);

  it('gives the visitor one document with their records from every service, and nothing of another visitor', async () => {
    const res = await myData(alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json<MyDataExport>();
    expect(Object.keys(data.services).sort()).toEqual(['ama-booking', 'catalog', 'forum', 'identity', 'jobs']);
    expect(data.counts).toEqual({
      profile: 1, posts: 1, comments: 1, post_upvotes: 1, tools: 1, templates: 1, polls: 1, tool_votes: 1, poll_votes: 1,
      bookings: 1, waitlist: 0, questions: 1, question_upvotes: 1, mentor_application: 1, mentor_requests: 0, job_posts: 1,
    });
    // Every kind a service answers is one the web app can label.
    for (const kind of Object.keys(data.counts)) expect(Object.keys(VISITOR_DATA_KINDS)).toContain(kind);
    const text = res.body;
    expect(text).toContain(`Spiky Saturdays ${aliceMark}`);
    expect(text).toContain(`sam.${aliceMark}@example.com`);
    expect(text).toContain(`Own the forecast ${aliceMark}`);
    // Bob's post is where Alice commented and voted: its id appears, its words and Bob's details never.
    expect(text).not.toContain(bobMark);
    // No hashes, tokens or staff fields.
    expect(text).not.toMatch(/_hash|token|flagged|validated_by|"notes"/);
    expect(text).not.toContain(alice.token);
  });

  it('answers a fresh token an empty document', async () => {
    const res = await myData(newVisitor());
    expect(res.statusCode).toBe(200);
    const data = res.json<MyDataExport>();
    expect(Object.values(data.counts).every((n) => n === 0)).toBe(true);
    expect(data.services.identity).toEqual({ profile: [] });
  });

  it('refuses a call without a token with 401 and a message', async () => {
    const res = await gateway.inject({ method: 'GET', url: '/api/me/data', remoteAddress: randomIp() });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
  });

  it('erases the visitor content in every service through its delete events, keeps the other visitor, and is idempotent', async () => {
    const res = await erase(alice);
    expect(res.statusCode).toBe(200);
    expect(res.json().erased).toEqual({ posts: 1, comments: 1, tools: 1, templates: 1, polls: 1, questions: 1, mentor_application: 1, job_posts: 1 });

    const after = (await myData(alice)).json<MyDataExport>();
    for (const [kind, spec] of Object.entries(VISITOR_DATA_KINDS)) if (spec.erased) expect({ kind, n: after.counts[kind] }).toEqual({ kind, n: 0 });
    // Kept by decision: the profile, votes and the booking (a payment record).
    expect(after.counts).toMatchObject({ profile: 1, bookings: 1 });

    const bobs = (await myData(bob)).json<MyDataExport>();
    expect(bobs.counts).toMatchObject({ posts: 1, comments: 1, tools: 1, templates: 1, polls: 1, questions: 1, mentor_application: 1, job_posts: 1 });
    // Alice's comment and votes on Bob's items went; Bob's items stand.
    expect(JSON.stringify(bobs)).not.toContain(aliceMark);

    // The same events the services' own deletes publish (caches drop, open pages update).
    const deleted = async (service: ServiceName, subject: string) => (await outboxEvents(svc(service).sql, subject)).length;
    expect(await deleted('forum', 'forum.post.deleted')).toBeGreaterThanOrEqual(1);
    expect(await deleted('catalog', 'catalog.tool.deleted')).toBeGreaterThanOrEqual(1);
    expect(await deleted('catalog', 'catalog.template.deleted')).toBeGreaterThanOrEqual(1);
    expect(await deleted('catalog', 'catalog.poll.deleted')).toBeGreaterThanOrEqual(1);
    expect(await deleted('ama-booking', 'ama.question.deleted')).toBeGreaterThanOrEqual(1);
    expect(await deleted('ama-booking', 'ama.mentor.deleted')).toBeGreaterThanOrEqual(1);
    expect(await deleted('jobs', 'jobs.job.deleted')).toBeGreaterThanOrEqual(1);

    const again = await erase(alice);
    expect(again.statusCode).toBe(200);
    expect(Object.values(again.json<{ erased: Record<string, number> }>().erased).every((n) => n === 0)).toBe(true);
  });

  it('answers 503 with a message, never a partial export, when a service is down', async () => {
    const down = await buildGateway({
      serviceUrls: { ...urls, jobs: 'http://127.0.0.1:9' },
      bus,
      staffSecret: TEST_STAFF_SECRET,
      logger: createLogger('gateway', 'silent'),
      readCache: false,
    });
    try {
      const res = await down.inject({ method: 'GET', url: '/api/me/data', headers: { 'x-anon-token': bob.token }, remoteAddress: randomIp() });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: MY_DATA_MESSAGES.exportUnavailable });
      const erased = await down.inject({ method: 'POST', url: '/api/me/data/erase', headers: { 'x-anon-token': newVisitor().token }, remoteAddress: randomIp() });
      expect(erased.statusCode).toBe(503);
      expect(erased.json()).toEqual({ message: MY_DATA_MESSAGES.eraseUnavailable });
    } finally {
      await down.close();
    }
  });

  it('limits 20 parallel fresh tokens from one address (per-address limit), with a message', async () => {
    const ip = randomIp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => myData(newVisitor(), ip)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200).length).toBe(10);
    expect(statuses.filter((s) => s === 429).length).toBe(10);
    expect(answers.find((r) => r.statusCode === 429)!.json().message).toBeTruthy();
  });

  it('limits one token calling from many addresses (per-visitor limit)', async () => {
    const v = newVisitor();
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await myData(v)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
