import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { hashLoginId } from '../src/logins/logins-cookie.ts';
import { LOGIN_IDLE_SECONDS, LOGIN_MAX_AGE_SECONDS } from '../src/logins/logins-repository.ts';
import { asStaff, checkSession, createStaff, login, loginCookie, sessionCookie } from './staff-helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service);
});
afterAll(async () => t?.close());

const sessionState = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } });

const sessionIdOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

describe('POST /api/admin/login', () => {
  it('answers username and role and sets an httpOnly SameSite=Strict session cookie', async () => {
    const staff = await createStaff(t.sql, { role: 'Admin' });
    const res = await login(t.app, { username: staff.username, password: staff.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: staff.username, role: 'Admin' });

    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^wfm_staff=[A-Za-z0-9_-]{43}; /);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('uses the __Host- prefix and Secure when the request came over https', async () => {
    const staff = await createStaff(t.sql);
    // From a trusted proxy (the test service trusts loopback), as the gateway forwards it.
    const res = await login(t.app, { username: staff.username, password: staff.password }, {
      ip: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-wfm_staff=[A-Za-z0-9_-]{43}; Path=\/; /);
    expect(setCookie).toContain('Secure');
    expect((await checkSession(t.app, sessionCookie(res))).statusCode).toBe(200);
  });

  it('sets a signed device cookie after a login: HttpOnly, SameSite=Strict, Secure and __Host- over https', async () => {
    const staff = await createStaff(t.sql);
    const cookies = (res: { headers: Record<string, unknown> }) => [res.headers['set-cookie']].flat().map(String);
    const plain = cookies(await login(t.app, { username: staff.username, password: staff.password }));
    expect(plain).toHaveLength(2);
    expect(plain[1]).toMatch(/^wfm_staff_device=v1\.[A-Za-z0-9_-]{43}\.\d+\.[A-Za-z0-9_-]{43}; Path=\/; Max-Age=15552000; HttpOnly; SameSite=Strict$/);
    const secure = cookies(
      await login(t.app, { username: staff.username, password: staff.password }, { ip: '127.0.0.1', headers: { 'x-forwarded-proto': 'https' } }),
    );
    expect(secure[1]).toMatch(/^__Host-wfm_staff_device=v1\.[^;]+; Path=\/; Max-Age=15552000; HttpOnly; SameSite=Strict; Secure$/);
    // A failed login sets no cookie at all.
    expect((await login(t.app, { username: staff.username, password: 'wrong password' })).headers['set-cookie']).toBeUndefined();
  });

  it('matches the username regardless of case', async () => {
    const staff = await createStaff(t.sql);
    const res = await login(t.app, { username: staff.username.toUpperCase(), password: staff.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(staff.username);
  });

  it('refuses a wrong password, an unknown user and an inactive account alike: 401 Invalid credentials', async () => {
    const staff = await createStaff(t.sql);
    const inactive = await createStaff(t.sql, { active: false });
    for (const body of [
      { username: staff.username, password: 'wrong password' },
      { username: 'nobody-has-this-name', password: staff.password },
      { username: inactive.username, password: inactive.password },
    ]) {
      const res = await login(t.app, body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid credentials' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('validates the body: username 1-50, password 1-200', async () => {
    const cases: Array<[unknown, number]> = [
      [{ username: '', password: 'x' }, 400],
      [{ username: 'a', password: '' }, 400],
      [{ username: 'a'.repeat(51), password: 'x' }, 400],
      [{ username: 'a', password: 'x'.repeat(201) }, 400],
      [{}, 400],
      [{ username: 'a'.repeat(50), password: 'x'.repeat(200) }, 401],
    ];
    for (const [body, status] of cases) {
      const res = await login(t.app, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(status);
      expect(res.json()).toHaveProperty('message');
    }
    expect((await login(t.app, { username: '', password: '' })).json()).toEqual({
      message: 'Please enter both username and password',
    });
  });

  it('stores only a hash of the session id', async () => {
    const staff = await createStaff(t.sql);
    const cookie = await loginCookie(t.app, staff);
    const rows = await t.sql<{ idHash: Buffer }[]>`
      SELECT id_hash AS "idHash" FROM staff_sessions WHERE staff_id = ${staff.id}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.idHash.equals(hashLoginId(sessionIdOf(cookie)))).toBe(true);
    expect(rows[0]!.idHash.toString('utf8')).not.toContain(sessionIdOf(cookie));
  });

  it('rotates the session at login: the session the browser held is no longer valid', async () => {
    const staff = await createStaff(t.sql);
    const first = await loginCookie(t.app, staff);
    const res = await login(t.app, { username: staff.username, password: staff.password }, { cookie: first });
    expect(res.statusCode).toBe(200);
    const second = sessionCookie(res);
    expect(second).not.toBe(first);
    expect((await checkSession(t.app, first)).statusCode).toBe(401);
    expect((await checkSession(t.app, second)).statusCode).toBe(200);
  });

  it('keeps sessions of the same account held elsewhere (another browser)', async () => {
    const staff = await createStaff(t.sql);
    const laptop = await loginCookie(t.app, staff);
    const phone = await loginCookie(t.app, staff);
    expect((await checkSession(t.app, laptop)).statusCode).toBe(200);
    expect((await checkSession(t.app, phone)).statusCode).toBe(200);
  });
});

describe('GET /api/admin/session', () => {
  it('answers authenticated, username and role for a live session', async () => {
    const staff = await createStaff(t.sql, { role: 'Super Admin' });
    const res = await sessionState(await loginCookie(t.app, staff));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ authenticated: true, username: staff.username, role: 'Super Admin' });
  });

  it('answers 200 authenticated false without a valid session', async () => {
    for (const headers of [{}, { cookie: 'wfm_staff=not-a-session' }, { cookie: `wfm_staff=${'A'.repeat(43)}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ authenticated: false, username: null, role: null });
    }
  });
});

describe('POST /api/admin/logout', () => {
  it('ends the session and clears the cookie', async () => {
    const staff = await createStaff(t.sql);
    const cookie = await loginCookie(t.app, staff);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(String(res.headers['set-cookie'])).toMatch(/^wfm_staff=; Path=\/; Max-Age=0/);
    expect((await checkSession(t.app, cookie)).statusCode).toBe(401);
    expect((await sessionState(cookie)).json().authenticated).toBe(false);
  });

  it('answers 200 without a session, also with a JSON content type and no body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /internal/staff-session (the gateway check)', () => {
  it('answers the staff identity for a live session and 401 otherwise', async () => {
    const staff = await createStaff(t.sql, { role: 'Admin' });
    const cookie = await loginCookie(t.app, staff);
    const ok = await checkSession(t.app, `other=1; ${cookie}; more=2`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: staff.id, username: staff.username, role: 'Admin' });

    for (const headers of [{}, { cookie: 'wfm_staff=anything' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/internal/staff-session', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Authentication required' });
    }
  });

  it('follows role changes at once', async () => {
    const staff = await createStaff(t.sql, { role: 'Moderator' });
    const cookie = await loginCookie(t.app, staff);
    await t.sql`UPDATE staff SET role = 'Admin' WHERE id = ${staff.id}`;
    expect((await checkSession(t.app, cookie)).json().role).toBe('Admin');
  });

  it('expires a session after inactivity, and slides the timeout on activity', async () => {
    const staff = await createStaff(t.sql);
    const idle = await loginCookie(t.app, staff);
    const active = await loginCookie(t.app, staff);
    const setLastSeen = async (cookie: string, secondsAgo: number) => {
      await t.sql`
        UPDATE staff_sessions SET last_seen_at = now() - make_interval(secs => ${secondsAgo})
        WHERE id_hash = ${hashLoginId(sessionIdOf(cookie))}`;
    };

    await setLastSeen(idle, LOGIN_IDLE_SECONDS + 5);
    expect((await checkSession(t.app, idle)).statusCode).toBe(401);

    await setLastSeen(active, LOGIN_IDLE_SECONDS - 60);
    expect((await checkSession(t.app, active)).statusCode).toBe(200);
    const [row] = await t.sql<{ idleSeconds: number }[]>`
      SELECT extract(epoch FROM now() - last_seen_at)::int AS "idleSeconds" FROM staff_sessions
      WHERE id_hash = ${hashLoginId(sessionIdOf(active))}`;
    expect(row!.idleSeconds).toBeLessThan(60);
  });

  it('ends a session at its absolute lifetime, however active', async () => {
    const staff = await createStaff(t.sql);
    const cookie = await loginCookie(t.app, staff);
    await t.sql`
      UPDATE staff_sessions SET created_at = now() - make_interval(secs => ${LOGIN_MAX_AGE_SECONDS + 5})
      WHERE id_hash = ${hashLoginId(sessionIdOf(cookie))}`;
    expect((await checkSession(t.app, cookie)).statusCode).toBe(401);
  });
});

describe('account changes end sessions', () => {
  const superAdmin = { id: 9_000_001, username: 'boss', role: 'Super Admin' as const };

  it('deactivating an account ends its sessions; reactivating does not revive them', async () => {
    const staff = await createStaff(t.sql);
    const cookie = await loginCookie(t.app, staff);
    const off = await asStaff(t, superAdmin, { method: 'PUT', url: `/api/admin/staff/${staff.id}`, payload: { active: false } });
    expect(off.statusCode).toBe(200);
    expect((await checkSession(t.app, cookie)).statusCode).toBe(401);

    await asStaff(t, superAdmin, { method: 'PUT', url: `/api/admin/staff/${staff.id}`, payload: { active: true } });
    expect((await checkSession(t.app, cookie)).statusCode).toBe(401);
  });

  it('deleting an account ends its sessions', async () => {
    const staff = await createStaff(t.sql);
    const cookie = await loginCookie(t.app, staff);
    const res = await asStaff(t, superAdmin, { method: 'DELETE', url: `/api/admin/staff/${staff.id}` });
    expect(res.statusCode).toBe(200);
    expect((await checkSession(t.app, cookie)).statusCode).toBe(401);
  });

  it("a new password ends the account's other sessions; staff changing their own keep the current one", async () => {
    const staff = await createStaff(t.sql, { role: 'Super Admin' });
    const current = await loginCookie(t.app, staff);
    const other = await loginCookie(t.app, staff);
    const res = await asStaff(t, staff, {
      method: 'PUT',
      url: `/api/admin/staff/${staff.id}`,
      payload: { password: 'a brand new password' },
      headers: { cookie: current },
    });
    expect(res.statusCode).toBe(200);
    expect((await checkSession(t.app, current)).statusCode).toBe(200);
    expect((await checkSession(t.app, other)).statusCode).toBe(401);
  });
});
