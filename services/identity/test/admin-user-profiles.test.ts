import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaffRole } from '@wfm/contracts/shared';
import { AdminUserProfile } from '@wfm/contracts/identity';
import { buildTestService, testVisitorToken, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { hashAnonToken } from '../src/visitors/visitors-tokens.ts';
import { createProfile, createSession, uniqueUsername } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service);
});
afterAll(async () => t?.close());

const moderator = { id: 77, username: 'mod-one', role: 'Moderator' as StaffRole };

function asStaff(method: 'GET' | 'PUT', url: string, payload?: unknown, staff = moderator) {
  return t.app.inject({
    method,
    url,
    headers: t.staffHeaders(staff, { method, url }),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A visitor with a username; answers its token and visitor id. */
async function visitor(username = uniqueUsername()) {
  const token = await createSession(t.app);
  const res = await createProfile(t.app, token, username);
  if (res.statusCode !== 201) throw new Error(`profile: ${res.statusCode} ${res.body}`);
  const [row] = await t.sql<{ id: number }[]>`SELECT id FROM visitors WHERE token_hash = ${hashAnonToken(token)}`;
  return { token, id: row!.id, username };
}

const rename = (id: number | string, username: unknown, staff = moderator) =>
  asStaff('PUT', `/api/admin/user-profiles/${id}`, { username }, staff);

describe('GET /api/admin/user-profiles', () => {
  it('lists profiles newest first with a short fingerprint instead of the token', async () => {
    const older = await visitor();
    const newer = await visitor();
    const res = await asStaff('GET', '/api/admin/user-profiles');
    expect(res.statusCode).toBe(200);
    const list = res.json<AdminUserProfile[]>();
    const ids = list.map((p) => p.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));

    const row = AdminUserProfile.strict().parse(list.find((p) => p.id === newer.id));
    expect(row.username).toBe(newer.username);
    expect(row.token_fingerprint).toMatch(/^[0-9a-f]{8}$/);
    expect(row.anon_token).toBe(row.token_fingerprint);
    expect(row.created_at).toBeGreaterThan(0);
    expect(row.updated_at).toBe(row.created_at);
    expect(row.last_seen).toBeGreaterThan(0);

    const tokenHash = hashAnonToken(newer.token);
    for (const secret of [newer.token, tokenHash.toString('hex'), tokenHash.toString('base64'), tokenHash.toString('base64url')]) {
      expect(res.body).not.toContain(secret);
      expect(res.body).not.toContain(secret.slice(0, 8));
    }
    expect(list.find((p) => p.id === older.id)!.token_fingerprint).not.toBe(row.token_fingerprint);
  });

  it('pages with limit and offset, and validates them', async () => {
    await visitor();
    await visitor();
    const first = (await asStaff('GET', '/api/admin/user-profiles?limit=1')).json<AdminUserProfile[]>();
    const second = (await asStaff('GET', '/api/admin/user-profiles?limit=1&offset=1')).json<AdminUserProfile[]>();
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(second[0]!.id).not.toBe(first[0]!.id);
    expect((await asStaff('GET', '/api/admin/user-profiles?limit=0')).statusCode).toBe(400);
    expect((await asStaff('GET', '/api/admin/user-profiles?offset=-1')).statusCode).toBe(400);
  });
});

describe('PUT /api/admin/user-profiles/{id}', () => {
  it('renames the visitor (kept as typed, trimmed), which the visitor then sees', async () => {
    const v = await visitor();
    const res = await rename(v.id, '  Renamed By Helpdesk  ');
    expect(res.statusCode).toBe(200);
    const body = AdminUserProfile.strict().parse(res.json());
    expect(body).toMatchObject({ id: v.id, username: 'Renamed By Helpdesk' });
    expect(body.updated_at).toBeGreaterThanOrEqual(body.created_at);

    const own = await t.app.inject({ method: 'GET', url: `/api/user-profile/${v.token}` });
    expect(own.json().username).toBe('Renamed By Helpdesk');
  });

  it('also finds the visitor by its anonymous token', async () => {
    const v = await visitor();
    const res = await rename(v.token, 'Found By Token');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: v.id, username: 'Found By Token' });
    expect(res.body).not.toContain(v.token);
    expect((await rename(testVisitorToken(), 'someone')).statusCode).toBe(404);
  });

  it('accepts 1 and 50 characters', async () => {
    const a = await visitor();
    expect((await rename(a.id, 'q')).statusCode).toBe(200);
    const b = await visitor();
    const fifty = `${uniqueUsername('n')}`.padEnd(50, 'x');
    const res = await rename(b.id, fifty);
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(fifty);
  });

  it('refuses an empty name: 400 "Username cannot be empty."', async () => {
    const v = await visitor();
    for (const username of ['', '   ', undefined]) {
      const res = await rename(v.id, username);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Username cannot be empty.' });
    }
  });

  it('refuses over 50 characters: 400 "Username must be 50 characters or less."', async () => {
    const v = await visitor();
    const res = await rename(v.id, 'x'.repeat(51));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Username must be 50 characters or less.' });
  });

  it('refuses a name another visitor has (any case): 409 "Username unavailable"', async () => {
    const taken = await visitor();
    const v = await visitor();
    const res = await rename(v.id, taken.username.toUpperCase());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Username unavailable' });
    // Re-saving one's own name, in another case, is fine.
    expect((await rename(v.id, v.username.toUpperCase())).statusCode).toBe(200);
  });

  it('404s an unknown visitor or one without a username, and 400s a malformed id', async () => {
    expect((await rename(987_654_321, 'someone')).statusCode).toBe(404);
    const token = await createSession(t.app);
    const [row] = await t.sql<{ id: number }[]>`SELECT id FROM visitors WHERE token_hash = ${hashAnonToken(token)}`;
    const res = await rename(row!.id, 'someone');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'User profile not found' });
    expect((await rename('abc', 'someone')).statusCode).toBe(400);
  });

  it('reports the rename to the audit log as identity.staff.action, and a refused rename not at all', async () => {
    const taken = await visitor();
    const refused = await visitor();
    const v = await visitor();
    const events: Array<{ target_id: string }> = [];
    const unsubscribe = await t.bus.subscribe('identity.staff.action', (e) => void events.push(e.data as { target_id: string }));
    try {
      expect((await rename(refused.id, taken.username)).statusCode).toBe(409);
      expect((await rename(v.id, uniqueUsername('r'), { id: 5, username: 'Ann Admin', role: 'Admin' })).statusCode).toBe(200);
      const deadline = Date.now() + 10_000;
      while (!events.some((e) => e.target_id === String(v.id)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(events).toContainEqual({
        staff_id: 5,
        staff_username: 'Ann Admin',
        role: 'Admin',
        action: 'user-profile.username.update',
        target_type: 'user_profile',
        target_id: String(v.id),
        at: expect.any(Number),
      });
      // Events leave the outbox in order, so one for the refused rename would have arrived first.
      expect(events.filter((e) => e.target_id === String(refused.id))).toEqual([]);
    } finally {
      await unsubscribe();
    }
  });
});
