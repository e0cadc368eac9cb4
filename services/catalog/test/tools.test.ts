import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_CATEGORIES, TOOL_MESSAGES } from '@wfm/contracts/catalog';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { createTool, get, newVisitor, outboxEvents, parallel, post, uniqueWord, validTool } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

type ToolRow = { id: number; name: string; votes: number; category: string; created_at: number; linked_posts: number };

describe('POST /api/tools', () => {
  it('creates a tool (201) with votes 0 and writes catalog.tool.created', async () => {
    const name = uniqueWord('tool');
    const res = await post(t.app, '/api/tools', validTool({ name, submitted_by: '  someone  ' }));
    expect(res.statusCode).toBe(201);
    const tool = res.json<ToolRow & { submitted_by: string; url: string; short_desc: string }>();
    expect(tool).toMatchObject({ name, votes: 0, category: 'Forecasting', submitted_by: 'someone', linked_posts: 0 });
    expect(typeof tool.id).toBe('number');
    expect((await outboxEvents(t.sql, 'catalog.tool.created')).some((e) => e.id === tool.id)).toBe(true);
  });

  it('accepts every one of the ten categories', async () => {
    expect(TOOL_CATEGORIES).toHaveLength(10);
    for (const category of TOOL_CATEGORIES) {
      expect((await post(t.app, '/api/tools', validTool({ category }))).statusCode).toBe(201);
    }
  });

  it.each([
    ['name at 100', { name: 'n'.repeat(100) }],
    ['short_desc at 180', { short_desc: 'd'.repeat(180) }],
    ['submitted_by at 40', { submitted_by: 's'.repeat(40) }],
    ['http url', { url: 'http://example.com' }],
  ])('accepts the boundary: %s', async (_name, overrides) => {
    expect((await post(t.app, '/api/tools', validTool(overrides))).statusCode).toBe(201);
  });

  it.each([
    ['empty name', { name: '   ' }, TOOL_MESSAGES.nameRequired],
    ['name over 100', { name: 'n'.repeat(101) }, TOOL_MESSAGES.nameTooLong],
    ['unknown category', { category: 'Gardening' }, TOOL_MESSAGES.badCategory],
    ['url not a URL', { url: 'not a url' }, TOOL_MESSAGES.badUrl],
    ['javascript url', { url: 'javascript:alert(1)' }, TOOL_MESSAGES.badUrl],
    ['ftp url', { url: 'ftp://example.com/file' }, TOOL_MESSAGES.badUrl],
    ['empty short_desc', { short_desc: '' }, TOOL_MESSAGES.descRequired],
    ['short_desc over 180', { short_desc: 'd'.repeat(181) }, TOOL_MESSAGES.descTooLong],
    ['empty submitted_by', { submitted_by: '' }, TOOL_MESSAGES.submitterRequired],
    ['submitted_by over 40', { submitted_by: 's'.repeat(41) }, TOOL_MESSAGES.submitterTooLong],
    ['name wrongly typed', { name: 42 }, TOOL_MESSAGES.nameRequired],
  ])('refuses %s with 400 and the message', async (_name, overrides, message) => {
    const res = await post(t.app, '/api/tools', validTool(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('refuses a missing body, a non-object and broken JSON with 400 {message}', async () => {
    for (const payload of [undefined, '[]', '{"name":', 'null']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/tools', headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json<{ message: string }>().message).toBe('string');
    }
  });

  it('refuses a submitter name a member registered or a reserved name (author-name rule)', async () => {
    const res = await post(t.app, '/api/tools', validTool({ submitted_by: 'admin' }));
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/tools', () => {
  it('filters by category, searches full text by word prefix, and sorts latest | votes | name', async () => {
    const word = uniqueWord('zq');
    const a = await createTool(t.app, { name: `Alpha ${word}`, category: 'Intraday' });
    const b = await createTool(t.app, { name: `beta ${word}`, category: 'Scripting' });
    const c = await createTool(t.app, { name: `Gamma tool`, short_desc: `Mentions ${word} in its description`, category: 'Intraday' });
    await post(t.app, `/api/tools/${b.id}/vote`);
    await post(t.app, `/api/tools/${b.id}/vote`);
    await post(t.app, `/api/tools/${c.id}/vote`);

    const ids = async (query: string) =>
      (await get(t.app, `/api/tools?${query}`)).json<ToolRow[]>().map((r) => r.id);
    expect(await ids(`q=${word}`)).toEqual([c.id, b.id, a.id]);
    expect(await ids(`q=${word.slice(0, 6)}`)).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
    expect(await ids(`q=${word}&sort=votes`)).toEqual([b.id, c.id, a.id]);
    expect(await ids(`q=${word}&sort=name`)).toEqual([a.id, b.id, c.id]);
    expect(await ids(`q=${word}&category=Intraday`)).toEqual([c.id, a.id]);
    expect(await ids(`q=${word}&category=all`)).toHaveLength(3);
    expect(await ids(`q=${word}&category=&sort=`)).toEqual([c.id, b.id, a.id]);
    expect(await ids(`q=${word}%20gamma`)).toEqual([c.id]);
    expect(await ids(`q=${uniqueWord('none')}`)).toEqual([]);
  });

  it('treats search operators as plain words (no tsquery syntax errors)', async () => {
    for (const q of ["a'b", 'a & | ! ( ) :* <->', '\\', '%', '!!!']) {
      const res = await get(t.app, `/api/tools?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
    }
  });

  it('refuses a bad sort, category, limit or an oversized search with 400', async () => {
    for (const query of ['sort=oldest', 'category=Gardening', 'limit=0', 'limit=201', 'offset=-1', `q=${'x'.repeat(201)}`]) {
      const res = await get(t.app, `/api/tools?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json<{ message: string }>().message).toBe('string');
    }
    expect((await get(t.app, '/api/tools?sort=oldest')).json()).toEqual({ message: TOOL_MESSAGES.badSort });
  });
});

describe('POST /api/tools/{id}/vote', () => {
  it('answers the new count; a second vote of the same visitor is 409 with a message', async () => {
    const tool = await createTool(t.app);
    const visitor = newVisitor();
    const first = await post(t.app, `/api/tools/${tool.id}/vote`, undefined, visitor);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ votes: 1 });
    const again = await post(t.app, `/api/tools/${tool.id}/vote`, undefined, visitor);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: TOOL_MESSAGES.alreadyVoted });
    expect((await post(t.app, `/api/tools/${tool.id}/vote`)).json()).toEqual({ votes: 2 });
    const events = (await outboxEvents(t.sql, 'catalog.tool.voted')).filter((e) => e.tool_id === tool.id);
    expect(events.map((e) => e.votes)).toEqual([1, 2]);
  });

  it('404 for an unknown tool, 400 for a malformed id, 401 without a verified visitor', async () => {
    const unknown = await post(t.app, '/api/tools/999999999/vote');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: TOOL_MESSAGES.notFound });
    for (const id of ['0', '-1', 'abc', '1.5', '9'.repeat(20)]) {
      expect((await post(t.app, `/api/tools/${id}/vote`)).statusCode, id).toBe(400);
    }
    const tool = await createTool(t.app);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/tools/${tool.id}/vote` });
    expect(anonymous.statusCode).toBe(401);
    const forged = await t.app.inject({ method: 'POST', url: `/api/tools/${tool.id}/vote`, headers: { 'x-anon-token': 'made-up' } });
    expect(forged.statusCode).toBe(401);
  });

  it('counts one vote when one visitor sends 30 votes in parallel over real connections', async () => {
    const tool = await createTool(t.app);
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const visitor = newVisitor();
    const answers = await parallel(30, () =>
      fetch(`${url}/api/tools/${tool.id}/vote`, { method: 'POST', headers: { 'x-anon-token': visitor.token } }),
    );
    const codes = answers.map((r) => r.status).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(29);
    const [row] = await t.sql<{ votes: number; n: number }[]>`
      SELECT votes, (SELECT count(*)::int FROM tool_votes WHERE tool_id = ${tool.id}) AS n FROM tools WHERE id = ${tool.id}`;
    expect(row).toEqual({ votes: 1, n: 1 });

    // 30 different visitors in parallel: every vote counts.
    const many = await parallel(30, () =>
      fetch(`${url}/api/tools/${tool.id}/vote`, { method: 'POST', headers: { 'x-anon-token': newVisitor().token } }),
    );
    expect(many.every((r) => r.status === 200)).toBe(true);
    const [after] = await t.sql<{ votes: number }[]>`SELECT votes FROM tools WHERE id = ${tool.id}`;
    expect(after!.votes).toBe(31);
  });
});
