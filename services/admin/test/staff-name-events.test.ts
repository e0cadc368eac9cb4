import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@wfm/contracts/shared';
import { eventSchemas } from '@wfm/contracts/shared';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { asStaff, createStaff, uniqueName } from './staff-helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

const boss = { id: 9_200_001, username: 'boss', role: 'Super Admin' as StaffRole };

async function events(subject: 'admin.staff.created' | 'admin.staff.renamed') {
  const rows = await t.sql<{ payload: unknown }[]>`SELECT payload FROM outbox WHERE subject = ${subject} ORDER BY id`;
  return rows.map((r) => eventSchemas[subject].parse(r.payload));
}

describe('staff name events (identity refuses staff names)', () => {
  it('reports the first Super Admin created at start-up', async () => {
    expect((await events('admin.staff.created')).map((e) => e.username)).toContain('admin');
  });

  it('reports accounts created through the staff routes and written directly', async () => {
    const viaRoute = uniqueName('route');
    const res = await asStaff(t, boss, {
      method: 'POST',
      url: '/api/admin/staff',
      payload: { username: viaRoute, email: 'x@example.com', password: 'a good password' },
    });
    expect(res.statusCode).toBe(201);
    const direct = await createStaff(t.sql);
    const created = await events('admin.staff.created');
    expect(created).toContainEqual({ id: res.json().id, username: viaRoute });
    expect(created).toContainEqual({ id: direct.id, username: direct.username });
  });

  it('reports a rename with the previous name, and nothing for other changes', async () => {
    const member = await createStaff(t.sql);
    const newName = uniqueName('renamed');
    const put = (payload: Record<string, unknown>) =>
      asStaff(t, boss, { method: 'PUT', url: `/api/admin/staff/${member.id}`, payload });
    expect((await put({ username: newName })).statusCode).toBe(200);
    expect((await put({ email: 'other@example.com' })).statusCode).toBe(200);
    const renamed = (await events('admin.staff.renamed')).filter((e) => e.id === member.id);
    expect(renamed).toEqual([{ id: member.id, username: newName, previous_username: member.username }]);
  });
});
