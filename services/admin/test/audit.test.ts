import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { EVENT_STREAM, type StaffActionEvent } from '@wfm/contracts/shared';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { STAFF_ACTION_SUBJECTS } from '../src/audit/audit-subscription.ts';
import { asStaff, createStaff, loginCookie, uniqueName } from './staff-helpers.ts';

const superAdmin = { id: 9_200_001, username: 'auditor', role: 'Super Admin' as const };

async function waitForRow<T>(query: () => Promise<T[]>): Promise<T[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await query();
    if (rows.length > 0 || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function staffAction(over: Partial<StaffActionEvent> = {}): StaffActionEvent {
  return {
    staff_id: 42,
    staff_username: 'mod',
    role: 'Moderator',
    action: 'post.delete',
    target_type: 'post',
    target_id: uniqueName('post'),
    at: Date.now(),
    ...over,
  };
}

const auditRowsFor = (t: TestService, targetId: string) =>
  t.sql<{ service: string; staffId: number; action: string; at: Date }[]>`
    SELECT service, staff_id AS "staffId", action, at FROM audit_log WHERE target_id = ${targetId}`;

describe('audit log on the in-process bus', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await buildTestService(service);
  });
  afterAll(async () => t?.close());

  it('stores every <service>.staff.action event, once per event', async () => {
    const event = staffAction();
    await t.bus.publish('forum.staff.action', event, { msgId: randomUUID() });
    // A redelivery (same payload, new message) is recorded once.
    await t.bus.publish('forum.staff.action', event, { msgId: randomUUID() });
    const identityEvent = staffAction({ action: 'user-profile.username.update', target_type: 'user_profile' });
    await t.bus.publish('identity.staff.action', identityEvent, { msgId: randomUUID() });

    const rows = await waitForRow(() => auditRowsFor(t, event.target_id));
    expect(rows).toEqual([{ service: 'forum', staffId: 42, action: 'post.delete', at: new Date(event.at) }]);
    expect(await waitForRow(() => auditRowsFor(t, identityEvent.target_id))).toEqual([
      expect.objectContaining({ service: 'identity', action: 'user-profile.username.update' }),
    ]);
  });

  it("stores an author's own deletion with the actor 'author' and lists it for staff (issue 26)", async () => {
    const event = staffAction({ staff_id: 0, staff_username: 'author', role: 'author', action: 'comment.author_delete', target_type: 'comment' });
    await t.bus.publish('forum.staff.action', event, { msgId: randomUUID() });
    expect(await waitForRow(() => auditRowsFor(t, event.target_id))).toEqual([expect.objectContaining({ service: 'forum', staffId: 0 })]);
    const listed = (await asStaff(t, superAdmin, { method: 'GET', url: '/api/admin/audit?limit=200' })).json<{ entries: Array<{ target_id: string }> }>();
    expect(listed.entries.find((e) => e.target_id === event.target_id)).toMatchObject({
      staff_id: 0,
      staff_username: 'author',
      role: 'author',
      action: 'comment.author_delete',
    });
  });

  it('drops a malformed event without stopping the subscription', async () => {
    await t.bus.publish('forum.staff.action', { nonsense: true }, { msgId: randomUUID() });
    const event = staffAction();
    await t.bus.publish('forum.staff.action', event, { msgId: randomUUID() });
    expect(await waitForRow(() => auditRowsFor(t, event.target_id))).toHaveLength(1);
  });

  it('records logins and logouts', async () => {
    const staff = await createStaff(t.sql);
    const cookie = await loginCookie(t.app, staff);
    await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } });
    const rows = await t.sql<{ action: string }[]>`
      SELECT action FROM audit_log WHERE staff_id = ${staff.id} AND target_id = ${String(staff.id)} ORDER BY id`;
    expect(rows.map((r) => r.action)).toEqual(['staff.login', 'staff.logout']);
  });

  it('GET /api/admin/audit lists newest first, page by page', async () => {
    const targets = Array.from({ length: 3 }, () => uniqueName('page'));
    for (const target_id of targets) {
      await t.bus.publish('forum.staff.action', staffAction({ target_id }), { msgId: randomUUID() });
      await waitForRow(() => auditRowsFor(t, target_id));
    }
    const first = await asStaff(t, superAdmin, { method: 'GET', url: '/api/admin/audit?limit=2' });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.entries.map((e: { target_id: string }) => e.target_id)).toEqual([targets[2], targets[1]]);
    expect(page1.entries[0]).toEqual({
      id: expect.any(Number),
      service: 'forum',
      staff_id: 42,
      staff_username: 'mod',
      role: 'Moderator',
      action: 'post.delete',
      target_type: 'post',
      target_id: targets[2],
      at: expect.any(Number),
    });
    expect(page1.nextBefore).toBe(page1.entries[1].id);

    const second = await asStaff(t, superAdmin, { method: 'GET', url: `/api/admin/audit?limit=2&before=${page1.nextBefore}` });
    expect(second.json().entries[0].target_id).toBe(targets[0]);

    expect((await asStaff(t, superAdmin, { method: 'GET', url: '/api/admin/audit?limit=0' })).statusCode).toBe(400);
    expect((await asStaff(t, superAdmin, { method: 'GET', url: '/api/admin/audit?limit=abc' })).statusCode).toBe(400);
  });
});

describe('audit log on NATS JetStream', () => {
  let t: TestService;
  let nc: NatsConnection;
  const durable = `admin_audit_test_${randomUUID().slice(0, 8)}`;
  beforeAll(async () => {
    t = await buildTestService(service, { bus: 'nats', context: { auditDurable: durable } });
    nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  });
  afterAll(async () => {
    await t?.close();
    if (nc) {
      const jsm = await jetstreamManager(nc);
      for (const subject of STAFF_ACTION_SUBJECTS) {
        await jsm.consumers.delete(EVENT_STREAM, `${durable}-${subject.split('.')[0]}`).catch(() => undefined);
      }
      await nc.close();
    }
  });

  it('stores staff actions published by other services through a durable consumer', async () => {
    for (const subject of STAFF_ACTION_SUBJECTS) {
      const event = staffAction({ target_id: uniqueName('nats') });
      await t.bus.publish(subject, event, { msgId: randomUUID() });
      expect(await waitForRow(() => auditRowsFor(t, event.target_id))).toEqual([
        expect.objectContaining({ service: subject.split('.')[0], action: 'post.delete' }),
      ]);
    }
  });
});
