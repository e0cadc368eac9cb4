import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@wfm/contracts/shared';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { asStaff, createStaff, login, uniqueName } from './staff-helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service);
});
afterAll(async () => t?.close());

const boss = { id: 9_100_001, username: 'boss', role: 'Super Admin' as StaffRole };

const validBody = (over: Record<string, unknown> = {}) => ({
  username: uniqueName('new'),
  email: 'someone@example.com',
  password: 'a good password',
  role: 'Moderator',
  ...over,
});

const create = (body: unknown) => asStaff(t, boss, { method: 'POST', url: '/api/admin/staff', payload: body });
const update = (id: number, body: unknown) => asStaff(t, boss, { method: 'PUT', url: `/api/admin/staff/${id}`, payload: body });
const remove = (id: number, actor = boss) => asStaff(t, actor, { method: 'DELETE', url: `/api/admin/staff/${id}` });

async function auditRows(action: string, targetId: number) {
  return t.sql<{ staffId: number; staffUsername: string; role: string; service: string }[]>`
    SELECT staff_id AS "staffId", staff_username AS "staffUsername", role, service FROM audit_log
    WHERE action = ${action} AND target_type = 'staff' AND target_id = ${String(targetId)}`;
}

describe('POST /api/admin/staff', () => {
  it('creates an account (Moderator, active and {} by default) and never answers the password', async () => {
    const body = validBody();
    const res = await create({ username: body.username, email: body.email, password: body.password });
    expect(res.statusCode).toBe(201);
    const member = res.json();
    expect(member).toEqual({
      id: expect.any(Number),
      username: body.username,
      email: body.email,
      role: 'Moderator',
      permissions: {},
      active: true,
      created_at: expect.any(Number),
    });
    expect(JSON.stringify(member)).not.toContain(body.password);

    const [row] = await t.sql<{ passwordHash: string }[]>`SELECT password_hash AS "passwordHash" FROM staff WHERE id = ${member.id}`;
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await login(t.app, { username: body.username, password: body.password })).statusCode).toBe(200);

    const [audit] = await auditRows('staff.create', member.id);
    expect(audit).toEqual({ staffId: boss.id, staffUsername: 'boss', role: 'Super Admin', service: 'admin' });
  });

  it('keeps permissions given as an object or as JSON text', async () => {
    const asObject = await create(validBody({ permissions: { export: true } }));
    expect(asObject.json().permissions).toEqual({ export: true });
    const asText = await create(validBody({ permissions: '{"export":false}' }));
    expect(asText.json().permissions).toEqual({ export: false });
    expect((await create(validBody({ permissions: '[1]' }))).statusCode).toBe(400);
  });

  it('enforces the schema boundaries: username 1-50, email valid and at most 100, password 8-200, role enum', async () => {
    const email100 = `${'e'.repeat(88)}@example.com`;
    expect(email100).toHaveLength(100);
    const cases: Array<[string, Record<string, unknown>, number]> = [
      ['username 0', { username: '' }, 400],
      ['username blank', { username: '   ' }, 400],
      ['username 1', { username: 'x' }, 201],
      ['username 50', { username: uniqueName('u').padEnd(50, 'x') }, 201],
      ['username 51', { username: uniqueName('u').padEnd(51, 'x') }, 400],
      ['email invalid', { email: 'not-an-email' }, 400],
      ['email 100', { email: email100 }, 201],
      ['email 101', { email: `e${email100}` }, 400],
      ['password 7', { password: '1234567' }, 400],
      ['password 8', { password: '12345678' }, 201],
      ['password 200', { password: 'p'.repeat(200) }, 201],
      ['password 201', { password: 'p'.repeat(201) }, 400],
      ['role Admin', { role: 'Admin' }, 201],
      ['role Super Admin', { role: 'Super Admin' }, 201],
      ['role unknown', { role: 'Owner' }, 400],
      ['password missing', { password: undefined }, 400],
    ];
    for (const [name, over, status] of cases) {
      const res = await create(validBody(over));
      expect(res.statusCode, name).toBe(status);
      if (status === 400) expect(res.json().message, name).toEqual(expect.any(String));
    }
  });

  it('answers the rule message for a bad field', async () => {
    expect((await create(validBody({ password: 'short' }))).json()).toEqual({ message: 'Password must be at least 8 characters' });
    expect((await create(validBody({ email: 'x' }))).json()).toEqual({ message: 'Please enter a valid email address' });
  });

  it('refuses a duplicate username (whatever its case) with 409', async () => {
    const name = uniqueName('dup');
    expect((await create(validBody({ username: name }))).statusCode).toBe(201);
    const again = await create(validBody({ username: name.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'A staff member with this username already exists' });
  });
});

describe('GET /api/admin/staff', () => {
  it('lists accounts without password hashes', async () => {
    const staff = await createStaff(t.sql, { role: 'Admin' });
    const res = await asStaff(t, boss, { method: 'GET', url: '/api/admin/staff' });
    expect(res.statusCode).toBe(200);
    const mine = res.json<Array<Record<string, unknown>>>().find((m) => m.id === staff.id);
    expect(mine).toMatchObject({ username: staff.username, role: 'Admin', active: true });
    expect(res.body).not.toMatch(/argon2|password/i);
  });
});

describe('PUT /api/admin/staff/{id}', () => {
  it('changes fields with the create rules; a blank password keeps the current one', async () => {
    const staff = await createStaff(t.sql);
    const res = await update(staff.id, {
      username: `${staff.username}-x`,
      email: 'changed@example.com',
      password: '',
      role: 'Admin',
      active: true,
      permissions: { a: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: `${staff.username}-x`, email: 'changed@example.com', role: 'Admin', permissions: { a: 1 } });
    expect((await login(t.app, { username: `${staff.username}-x`, password: staff.password })).statusCode).toBe(200);
    expect(await auditRows('staff.update', staff.id)).toHaveLength(1);
  });

  it('sets a new password when one is given', async () => {
    const staff = await createStaff(t.sql);
    expect((await update(staff.id, { password: 'another password' })).statusCode).toBe(200);
    expect((await login(t.app, { username: staff.username, password: staff.password })).statusCode).toBe(401);
    expect((await login(t.app, { username: staff.username, password: 'another password' })).statusCode).toBe(200);
  });

  it('validates like create, 404s an unknown id and 409s a taken username', async () => {
    const staff = await createStaff(t.sql);
    const other = await createStaff(t.sql);
    expect((await update(staff.id, { password: '1234567' })).statusCode).toBe(400);
    expect((await update(staff.id, { username: 'x'.repeat(51) })).statusCode).toBe(400);
    expect((await update(staff.id, { email: 'nope' })).statusCode).toBe(400);
    expect((await update(staff.id, { role: 'Owner' })).statusCode).toBe(400);
    expect((await update(999_999_999, { active: true })).statusCode).toBe(404);
    expect((await update(staff.id, { username: other.username })).statusCode).toBe(409);
    expect((await asStaff(t, boss, { method: 'PUT', url: '/api/admin/staff/abc', payload: {} })).statusCode).toBe(400);
  });

  it('records a deactivation as such', async () => {
    const staff = await createStaff(t.sql);
    expect((await update(staff.id, { active: false })).json().active).toBe(false);
    expect(await auditRows('staff.deactivate', staff.id)).toHaveLength(1);
  });
});

describe('DELETE /api/admin/staff/{id}', () => {
  it('deletes an account, records it, and 404s it afterwards', async () => {
    const staff = await createStaff(t.sql);
    const res = await remove(staff.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await remove(staff.id)).statusCode).toBe(404);
    expect(await auditRows('staff.delete', staff.id)).toHaveLength(1);
  });
});

describe('the last active Super Admin', () => {
  it('cannot be deleted, deactivated or demoted; with another active Super Admin it can', async () => {
    // Only accounts made here may be Super Admins for this test.
    await t.sql`UPDATE staff SET active = false WHERE role = 'Super Admin'`;
    const first = await createStaff(t.sql, { role: 'Super Admin' });

    const refusals = [
      await remove(first.id, first),
      await update(first.id, { active: false }),
      await update(first.id, { role: 'Admin' }),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'The last active Super Admin cannot be deleted, deactivated or demoted' });
    }
    // An inactive Super Admin does not count.
    await createStaff(t.sql, { role: 'Super Admin', active: false });
    expect((await update(first.id, { active: false })).statusCode).toBe(409);
    // Other changes to the last one are fine.
    expect((await update(first.id, { email: 'still@example.com' })).statusCode).toBe(200);

    const second = await createStaff(t.sql, { role: 'Super Admin' });
    expect((await update(first.id, { active: false })).statusCode).toBe(200);
    expect((await remove(second.id)).statusCode).toBe(409);
    expect((await update(first.id, { active: true })).statusCode).toBe(200);
    expect((await remove(second.id)).statusCode).toBe(200);
  });

  it('survives two Super Admins deactivating each other at the same moment', async () => {
    await t.sql`UPDATE staff SET active = false WHERE role = 'Super Admin'`;
    const a = await createStaff(t.sql, { role: 'Super Admin' });
    const b = await createStaff(t.sql, { role: 'Super Admin' });
    const results = await Promise.all([update(a.id, { active: false }), update(b.id, { active: false })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM staff WHERE role = 'Super Admin' AND active AND id IN (${a.id}, ${b.id})`;
    expect(row!.n).toBe(1);
  });
});
