import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUSPENSION_MESSAGES } from '@wfm/contracts/identity';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { createPoll, createTool, newVisitor, outboxEvents, post, validTemplate, validTool, type Visitor } from './helpers.ts';

// "Suspend the author" of a poll, tool or template, against the real PostgreSQL and the project's
// identity process, which keeps the decision.

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

const MOD = { role: 'Moderator' as const, id: 9, username: 'mod_cat' };
const suspend = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: t.staffHeaders(MOD, { method: 'POST', url }), payload: payload as Record<string, unknown> });
const writeTool = (visitor: Visitor) => post(t.app, '/api/tools', validTool({ url: `https://t.example.com/${Math.random()}` }), visitor);

describe('suspend the author of catalog content', () => {
  it.each([
    ['poll', async (v: Visitor) => (await createPoll(t.app, {}, v)).id],
    ['tool', async (v: Visitor) => (await createTool(t.app, { url: `https://t.example.com/${Math.random()}` }, v)).id],
    [
      'template',
      async (v: Visitor) => {
        const res = await post(t.app, '/api/templates', validTemplate({ url: `https://t.example.com/${Math.random()}` }), v);
        if (res.statusCode !== 201) throw new Error(`template: ${res.statusCode} ${res.body}`);
        return res.json<{ id: number }>().id;
      },
    ],
  ] as const)('of a %s: the author cannot write any more, others can; audited', async (type, create) => {
    const author = newVisitor();
    const id = await create(author);
    const res = await suspend(`/api/admin/${type}s/${id}/suspend-author`, { duration_ms: 86_400_000, reason: `spam ${type}` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ service: 'catalog', reason: `spam ${type}`, staff: 'mod_cat' });
    const refused = await writeTool(author);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(`Your account is suspended until ${new Date(res.json<{ until: number }>().until).toISOString()}: spam ${type}`);
    expect((await writeTool(newVisitor())).statusCode).toBe(201);
    const audited = await outboxEvents(t.sql, 'catalog.staff.action');
    expect(audited).toContainEqual(expect.objectContaining({ action: 'visitor.suspend', target_type: type, target_id: String(id) }));
  });

  it('answers 404 with a message for content that does not exist', async () => {
    for (const type of ['polls', 'tools', 'templates']) {
      const res = await suspend(`/api/admin/${type}/987654321/suspend-author`, { duration_ms: null, reason: 'x' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(SUSPENSION_MESSAGES.authorNotFound);
    }
  });
});
