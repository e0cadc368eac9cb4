import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { StatsResponse } from '@wfm/contracts/forum';
import { createActivityRecorder } from '../src/visitors/visitors-service.ts';
import { service } from '../src/app.ts';
import { createPost, get, newVisitor, randomIp, hashToken } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

/** Asked without a visitor token, so asking does not itself count as activity. */
const stats = async () =>
  StatsResponse.parse((await t.app.inject({ method: 'GET', url: '/api/stats', remoteAddress: randomIp() })).json());
const lastSeen = async (token: string) => {
  const rows = await t.sql<{ last_seen_at: number }[]>`
    SELECT last_seen_at FROM visitor_activity WHERE visitor_hash = ${hashToken(token)}`;
  return rows[0]?.last_seen_at ?? null;
};

describe('GET /api/stats', () => {
  it('todaysPosts counts posts since 00:00 UTC; livePolls is 0', async () => {
    const before = await stats();
    const author = newVisitor();
    await createPost(t.app, {}, author);
    const midnight = Date.now() - (Date.now() % 86_400_000);
    await t.sql`
      INSERT INTO posts (type, title, body, author_name, created_at)
      VALUES ('Idea', 'yesterday', 'b', 'a', ${midnight - 1})`;
    const after = await stats();
    expect(after.todaysPosts - before.todaysPosts).toBe(1);
    expect(after.livePolls).toBe(0);
    // The author's activity is written in the background: landed before the next test counts members
    // (it landed between that test's two counts once, on a loaded machine).
    await vi.waitFor(async () => expect(await lastSeen(author.token)).not.toBeNull());
  });

  it('activeMembers: a visitor token seen on any forum request counts; requests without one do not', async () => {
    const visitor = newVisitor();
    const before = await stats();
    await get(t.app, '/api/posts', visitor);
    await vi.waitFor(async () => expect(await lastSeen(visitor.token)).not.toBeNull());
    const seen = await stats();
    expect(seen.activeMembers).toBe(before.activeMembers + 1);
    await t.app.inject({ method: 'GET', url: '/api/posts', remoteAddress: randomIp() });
    await get(t.app, '/api/posts', visitor);
    expect((await stats()).activeMembers).toBe(seen.activeMembers);
  });

  it('a visitor last seen more than 24 hours ago is not active', async () => {
    const visitor = newVisitor();
    await t.sql`
      INSERT INTO visitor_activity (visitor_hash, last_seen_at)
      VALUES (${hashToken(visitor.token)}, ${Date.now() - 24 * 3_600_000 - 1000})`;
    const before = await stats();
    await get(t.app, '/api/stats', visitor);
    await vi.waitFor(async () => expect((await stats()).activeMembers).toBe(before.activeMembers + 1));
  });
});

describe('activity recorder', () => {
  it('writes a visitor at most every 5 minutes', async () => {
    const record = createActivityRecorder(t.ctx);
    const token = newVisitor().token;
    const t0 = Date.now();
    record(hashToken(token), t0);
    await vi.waitFor(async () => expect(await lastSeen(token)).toBe(t0));
    record(hashToken(token), t0 + 60_000);
    record(hashToken(token), t0 + 5 * 60_000);
    await vi.waitFor(async () => expect(await lastSeen(token)).toBe(t0 + 5 * 60_000));

    // Another replica (a fresh recorder) does not move a row written less than 5 minutes ago.
    const other = createActivityRecorder(t.ctx);
    other(hashToken(token), t0 + 6 * 60_000);
    other(hashToken(newVisitor().token), t0);
    const marker = newVisitor().token;
    other(hashToken(marker), t0);
    await vi.waitFor(async () => expect(await lastSeen(marker)).toBe(t0));
    expect(await lastSeen(token)).toBe(t0 + 5 * 60_000);
  });
});
