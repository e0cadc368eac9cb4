import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { SUSPENSION_MESSAGES, SuspensionsListResponse } from '@wfm/contracts/identity';
import { createVisitorVerifier, loadRateLimitSettings, suspendVisitor } from '@wfm/service-kit';
import { buildTestService, randomIp, TEST_REDIS_URL, TEST_VISITOR_SECRET, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { createProfile, createSession, uniqueUsername } from './helpers.ts';

// Identity's registry of suspensions and address blocks, against the real PostgreSQL and Redis.

let t: TestService;
let redis: Redis;
beforeAll(async () => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  const rateLimits = loadRateLimitSettings({ RATE_LIMIT_NAMESPACE: `s${randomBytes(4).toString('hex')}` });
  t = await buildTestService(service, { redis, rateLimits });
});
afterAll(async () => {
  await t?.close();
  await redis?.quit();
});

const moderator = { id: 77, username: 'mod-one', role: 'Moderator' as const };
const asStaff = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: t.staffHeaders(moderator, { method, url }),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const forumHash = createVisitorVerifier(TEST_VISITOR_SECRET, 'forum');

describe('suspensions registry', () => {
  it('a visitor suspended by the forum cannot write in identity (profile), is listed, and the lift restores', async () => {
    const token = await createSession(t.app);
    const visitor = forumHash(token)!.key;
    await suspendVisitor(t.ctx, moderator, { service: 'forum', visitor, durationMs: 3_600_000, reason: 'spam', target: { type: 'post', id: 1 } });

    const refused = await createProfile(t.app, token, uniqueUsername());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^Your account is suspended until \d{4}-.*: spam$/);
    // Reads stay.
    expect((await t.app.inject({ method: 'GET', url: `/api/user-profile/${token}` })).statusCode).toBeLessThan(500);

    const list = await asStaff('GET', '/api/admin/suspensions');
    expect(list.statusCode).toBe(200);
    const body = SuspensionsListResponse.parse(list.json());
    expect(body.suspensions).toContainEqual(expect.objectContaining({ service: 'forum', visitor, reason: 'spam', staff: 'mod-one' }));

    const lift = await asStaff('POST', '/api/admin/suspensions/lift', { service: 'forum', visitor });
    expect(lift.statusCode).toBe(200);
    expect((await createProfile(t.app, token, uniqueUsername())).statusCode).toBe(201);
    const again = await asStaff('POST', '/api/admin/suspensions/lift', { service: 'forum', visitor });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(SUSPENSION_MESSAGES.notFound);
  });

  it('an address block refuses fresh sessions (token rotation) from that address, not from others, until unblocked', async () => {
    const ip = randomIp();
    const made = await asStaff('POST', '/api/admin/address-blocks', { address: ip, duration_ms: 600_000, reason: 'flood' });
    expect(made.statusCode).toBe(201);
    const sessions = await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: ip })));
    for (const res of sessions) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/^Writes from your network are blocked until /);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: randomIp() })).statusCode).toBe(200);
    const list = SuspensionsListResponse.parse((await asStaff('GET', '/api/admin/suspensions')).json());
    expect(list.blocks).toContainEqual(expect.objectContaining({ address: ip, reason: 'flood' }));
    expect((await asStaff('POST', '/api/admin/address-blocks/lift', { address: ip })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: ip })).statusCode).toBe(200);
  });

  it('an IPv6 block is stored as its /64', async () => {
    const made = await asStaff('POST', '/api/admin/address-blocks', { address: '2001:db8:77:88:1:2:3:4', duration_ms: 60_000, reason: 'flood' });
    expect(made.statusCode).toBe(201);
    expect(made.json().address).toBe('2001:db8:77:88::/64');
    expect((await t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: '2001:db8:77:88:ffff::9' })).statusCode).toBe(403);
    expect((await asStaff('POST', '/api/admin/address-blocks/lift', { address: '2001:db8:77:88::/64' })).statusCode).toBe(200);
  });

  it('bad input answers 400 with a message, never a 5xx', async () => {
    for (const body of [
      { address: 'not-an-ip', duration_ms: 60_000, reason: 'x' },
      { address: '10.0.0.1', duration_ms: 1, reason: 'x' },
      { address: '10.0.0.1', duration_ms: 60_000 },
      {},
    ]) {
      const res = await asStaff('POST', '/api/admin/address-blocks', body);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const bad = await asStaff('POST', '/api/admin/suspensions/lift', { service: 'forum', visitor: 'short' });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps decisions in PostgreSQL, in tables a restore leaves alone; the internal writes need a signed staff member', async () => {
    const comments = await t.sql<{ table: string; comment: string | null }[]>`
      SELECT c.relname AS table, obj_description(c.oid, 'pg_class') AS comment FROM pg_class c
      WHERE c.relnamespace = 'identity'::regnamespace AND c.relname IN ('visitor_suspensions', 'address_blocks')`;
    expect(comments).toHaveLength(2);
    for (const row of comments) expect(row.comment).toMatch(/^restore: keep/);

    const token = await createSession(t.app);
    const visitor = forumHash(token)!.key;
    await suspendVisitor(t.ctx, moderator, { service: 'forum', visitor, durationMs: null, reason: 'kept', target: { type: 'post', id: 1 } });
    expect(await t.sql`SELECT 1 FROM visitor_suspensions WHERE service = 'forum' AND visitor = ${visitor} AND until IS NULL`).toHaveLength(1);
    const listed = await t.app.inject({ method: 'GET', url: '/internal/standings' });
    expect(SuspensionsListResponse.parse(listed.json()).suspensions).toContainEqual(expect.objectContaining({ visitor, reason: 'kept' }));

    const record = { service: 'forum', visitor: 'B'.repeat(43), until: null, reason: 'forged', staff: 'nobody', at: Date.now() };
    const unsigned = await t.app.inject({ method: 'POST', url: '/internal/standings/suspensions', payload: record });
    expect(unsigned.statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: '/internal/standings?at=soon' });
    expect(bad.statusCode).toBe(400);
  });
});
