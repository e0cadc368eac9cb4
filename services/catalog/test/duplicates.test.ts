import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { buildTestService, TEST_REDIS_URL, type TestService } from '@wfm/service-kit/testing';
import { AdminHeldListResponse, HELD_FOR_REVIEW_MESSAGE, type StaffRole } from '@wfm/contracts/shared';
import { CreatePollResponse, CreateTemplateResponse, CreateToolResponse } from '@wfm/contracts/catalog';
import { service } from '../src/app.ts';
import { CSV, multipart } from './files.ts';
import { get, newVisitor, outboxEvents, post, uniqueWord, validPoll, validTool, type Visitor } from './helpers.ts';

// The duplicate-content check (issue 25) on tools, templates and polls against the real Redis:
// every copy from a fresh token and a fresh address; from the 3rd the write is held, in no list,
// detail or event, until staff release it.
let t: TestService;
let redis: Redis;
beforeAll(async () => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  t = await buildTestService(service, { relay: false, redis, env: { DUPLICATE_CONTENT_HOLD_AT: '3' } });
});
afterAll(async () => {
  await t?.close();
  redis?.disconnect();
});

const spamText = (word: string) => `The best WFM tool ever made, get it free at example.test/${word} before it is gone`;

function staff(method: 'GET' | 'POST', url: string, role: StaffRole = 'Moderator') {
  return t.app.inject({ method, url, headers: t.staffHeaders({ role, id: 9, username: 'mod_ben' }, { method, url }) });
}

async function heldEntry(kind: string, itemId: number) {
  const res = await staff('GET', '/api/admin/held/catalog?limit=100');
  expect(res.statusCode, res.body).toBe(200);
  const entry = AdminHeldListResponse.parse(res.json()).items.find((i) => i.kind === kind && i.item_id === itemId);
  expect(entry, `${kind} ${itemId} in the queue`).toBeDefined();
  return entry!;
}

describe('tools', () => {
  it('holds the 3rd copy of a description out of the directory until released', async () => {
    const word = uniqueWord('tool');
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const res = await post(t.app, '/api/tools', validTool({ name: `Tool ${word}`, short_desc: spamText(word) }), newVisitor());
      expect(res.statusCode, res.body).toBe(201);
      answers.push(CreateToolResponse.parse(res.json()));
    }
    expect(answers.map((a) => a.held ?? false)).toEqual([false, false, true, true]);
    expect(answers[2]).toMatchObject({ message: HELD_FOR_REVIEW_MESSAGE, short_desc: spamText(word), votes: 0 });
    const listed = async () => (await get(t.app, `/api/tools?q=${word}&limit=50`)).json<{ tools?: Array<{ id: number }> } | Array<{ id: number }>>();
    const ids = async () => {
      const body = await listed();
      return (Array.isArray(body) ? body : (body.tools ?? [])).map((x) => x.id);
    };
    expect((await ids()).sort()).toEqual([answers[0]!.id, answers[1]!.id].sort());
    expect((await outboxEvents(t.sql, 'catalog.tool.created')).map((e) => e.id)).not.toContain(answers[2]!.id);

    const entry = await heldEntry('tool', answers[2]!.id);
    expect(entry).toMatchObject({ body: spamText(word), author_name: 'planner_one' });
    expect((await staff('POST', `/api/admin/held/catalog/${entry.id}/release`)).statusCode).toBe(200);
    expect(await ids()).toContain(answers[2]!.id);
    expect((await outboxEvents(t.sql, 'catalog.tool.created')).map((e) => e.id)).toContain(answers[2]!.id);
    const voter = newVisitor();
    expect((await post(t.app, `/api/tools/${answers[2]!.id}/vote`, {}, voter)).statusCode).toBe(200);
  });
});

describe('polls', () => {
  it('holds the 3rd copy of a poll (no detail, no list) until released; delete drops it', async () => {
    const word = uniqueWord('poll');
    const body = validPoll({ title: `Which tool ${word}?`, description: spamText(word) });
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const res = await post(t.app, '/api/polls', body, newVisitor());
      expect(res.statusCode, res.body).toBe(201);
      answers.push(CreatePollResponse.parse(res.json()));
    }
    expect(answers.map((a) => a.held ?? false)).toEqual([false, false, true, true]);
    const [, , released, deleted] = answers;
    expect(released!.options.map((o) => o.text)).toEqual(body.options);
    for (const held of [released!, deleted!]) expect((await get(t.app, `/api/polls/${held.id}`)).statusCode).toBe(404);
    const listIds = async () => (await get(t.app, '/api/polls?sort=newest&limit=50')).json<Array<{ id: number }> | { polls: Array<{ id: number }> }>();
    const ids = async () => {
      const b = await listIds();
      return (Array.isArray(b) ? b : b.polls).map((p) => p.id);
    };
    expect(await ids()).not.toContain(released!.id);

    expect((await staff('POST', `/api/admin/held/catalog/${(await heldEntry('poll', released!.id)).id}/release`)).statusCode).toBe(200);
    const detail = await get(t.app, `/api/polls/${released!.id}`);
    expect(detail.statusCode).toBe(200);
    const poll = detail.json<{ options: Array<{ id: number; text: string }> }>();
    expect(poll.options.map((o) => o.text)).toEqual(body.options);
    expect(poll.options.every((o) => o.id > 0)).toBe(true);
    expect(await ids()).toContain(released!.id);

    expect((await staff('POST', `/api/admin/held/catalog/${(await heldEntry('poll', deleted!.id)).id}/delete`)).statusCode).toBe(200);
    expect((await get(t.app, `/api/polls/${deleted!.id}`)).statusCode).toBe(404);
    expect(await ids()).not.toContain(deleted!.id);
  });
});

describe('templates', () => {
  async function upload(word: string, visitor: Visitor) {
    const fields = { name: `Workbook ${word}`, category: 'Forecasting Models', short_desc: spamText(word), submitted_by: 'planner_one' };
    const { payload, headers } = await multipart([{ name: 'forecast.csv', data: CSV }], 'file', fields);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/templates',
      remoteAddress: visitor.ip,
      headers: { ...headers, 'x-anon-token': visitor.token },
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return CreateTemplateResponse.parse(res.json());
  }
  const referenced = async (templateId: number) => {
    const rows = await t.sql<{ referenced: boolean }[]>`
      SELECT u.referenced FROM uploads u JOIN kit_held_items h ON h.payload->'file'->>'name' = u.name
      WHERE h.kind = 'template' AND h.item_id = ${templateId}`;
    return rows[0]?.referenced;
  };

  it('keeps a held template file while it waits, serves it once released, and lets it go when deleted', async () => {
    const word = uniqueWord('tpl');
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await upload(word, newVisitor()));
    expect(answers.map((a) => a.held ?? false)).toEqual([false, false, true, true]);
    const [, , released, deleted] = answers;
    expect(await referenced(released!.id)).toBe(true);
    expect(await referenced(deleted!.id)).toBe(true);
    expect((await post(t.app, `/api/templates/${released!.id}/download`, {}, newVisitor())).statusCode).toBe(404);

    expect((await staff('POST', `/api/admin/held/catalog/${(await heldEntry('template', released!.id)).id}/release`)).statusCode).toBe(200);
    expect((await post(t.app, `/api/templates/${released!.id}/download`, {}, newVisitor())).statusCode).toBe(200);
    const file = await get(t.app, released!.file_path!);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(CSV)).toBe(true);

    expect((await staff('POST', `/api/admin/held/catalog/${(await heldEntry('template', deleted!.id)).id}/delete`)).statusCode).toBe(200);
    expect(await referenced(deleted!.id)).toBe(false);
  });
});
