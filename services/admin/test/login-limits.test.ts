import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { createAdminService } from '../src/app.ts';
import { LOGIN_FAILURE_LIMITS } from '../src/sessions/login-limits.ts';
import { createStaff, login, randomIp } from './staff-helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(createAdminService({ env: {} }));
});
afterAll(async () => t?.close());

const TOO_MANY = { message: 'Too many login attempts, please try again later.' };

describe('failed login limits', () => {
  it('refuses further attempts on a username after its failures reach the limit, even from new addresses and with the right password', async () => {
    const staff = await createStaff(t.sql);
    for (let i = 0; i < LOGIN_FAILURE_LIMITS.perUsername; i++) {
      const res = await login(t.app, { username: staff.username, password: `guess ${i}` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login(t.app, { username: staff.username, password: staff.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // Other accounts are not affected.
    const other = await createStaff(t.sql);
    expect((await login(t.app, { username: other.username, password: other.password })).statusCode).toBe(200);
  });

  it('refuses further attempts from an address after its failures reach the limit, whatever the username', async () => {
    const ip = randomIp();
    for (let i = 0; i < LOGIN_FAILURE_LIMITS.perIp; i++) {
      const res = await login(t.app, { username: `nobody-${i}`, password: 'guess' }, { ip });
      expect(res.statusCode).toBe(401);
    }
    const staff = await createStaff(t.sql);
    const blocked = await login(t.app, { username: staff.username, password: staff.password }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    expect((await login(t.app, { username: staff.username, password: staff.password })).statusCode).toBe(200);
  });

  it('counts only failures in the window, and a successful login clears the account count', async () => {
    const staff = await createStaff(t.sql);
    for (let i = 0; i < LOGIN_FAILURE_LIMITS.perUsername - 1; i++) {
      await login(t.app, { username: staff.username, password: 'typo' });
    }
    expect((await login(t.app, { username: staff.username, password: staff.password })).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_FAILURE_LIMITS.perUsername - 1; i++) {
      expect((await login(t.app, { username: staff.username, password: 'typo' })).statusCode).toBe(401);
    }
    // Failures older than the window no longer count.
    await t.sql`UPDATE login_failures SET at = now() - make_interval(secs => ${LOGIN_FAILURE_LIMITS.windowSeconds + 1})`;
    for (let i = 0; i < LOGIN_FAILURE_LIMITS.perUsername - 1; i++) {
      expect((await login(t.app, { username: staff.username, password: 'typo' })).statusCode).toBe(401);
    }
    expect((await login(t.app, { username: staff.username, password: staff.password })).statusCode).toBe(200);
  });

  it('keeps no attempted username in clear', async () => {
    const typed = 'my-password-typed-as-username';
    await login(t.app, { username: typed, password: 'x' });
    const rows = await t.sql`SELECT 1 FROM login_failures WHERE encode(username_hash, 'escape') LIKE ${'%' + typed + '%'}`;
    expect(rows).toHaveLength(0);
  });
});
