import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostSummary } from '@wfm/contracts/forum';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { toolUrlKeys } from '../src/links/links-service.ts';
import { urlKey } from '../src/links/links-url-key.ts';
import { createTool, get, uniqueWord } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service);
});
afterAll(async () => t?.close());

let nextPostId = 1000;
const forumPost = (type: PostSummary['type'], links: Array<{ name: string; url: string }>, id = nextPostId++): PostSummary => ({
  id,
  type,
  title: 'A tool we like',
  body: 'See the link.',
  author_name: 'Anonymous',
  created_at: Date.now(),
  upvotes: 0,
  status: 'open',
  tags: '',
  tool_links: JSON.stringify(links),
  attachments: '[]',
  comment_count: 0,
  accepted_comment_id: null,
  channel: null,
  platform: null,
  centre_size: null,
  region: null,
  edited_at: null,
});

async function waitFor(check: () => Promise<boolean>) {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met within 5 s');
}

const countOf = async (id: number) =>
  (await get(t.app, '/api/tools?limit=200')).json<Array<{ id: number; linked_posts: number }>>().find((x) => x.id === id)!.linked_posts;

describe('url keys', () => {
  it('compare host without www and case, path without trailing slash, ignore scheme and fragment', () => {
    expect(urlKey('https://WWW.Example.com/Tool/')).toBe('example.com/Tool');
    expect(urlKey('http://example.com/Tool#top')).toBe('example.com/Tool');
    expect(urlKey('https://example.com/Tool?a=1')).toBe('example.com/Tool?a=1');
    expect(urlKey('javascript:alert(1)')).toBeNull();
    expect(urlKey('no url')).toBeNull();
  });

  it('only Tool posts count, from their tool_links JSON text', () => {
    expect(toolUrlKeys(forumPost('Tool', [{ name: 'x', url: 'https://a.example/x' }]))).toEqual(['a.example/x']);
    expect(toolUrlKeys(forumPost('Question', [{ name: 'x', url: 'https://a.example/x' }]))).toEqual([]);
    expect(toolUrlKeys({ type: 'Tool', tool_links: 'not json' })).toEqual([]);
    expect(toolUrlKeys({ type: 'Tool', tool_links: '{"url":"https://a.example"}' })).toEqual([]);
  });
});

describe('linked posts from forum.post.* events', () => {
  it('counts Tool posts linking to the tool URL, before and after the tool exists, and follows updates and deletes', async () => {
    const linked: Array<{ tool_id: number; linked_posts: number }> = [];
    const stop = await t.bus.subscribe('catalog.tool.linked', (evt) => {
      linked.push(evt.data as { tool_id: number; linked_posts: number });
    });
    const host = `${uniqueWord('h')}.example`;
    const early = forumPost('Tool', [{ name: 'Planner', url: `https://${host}/planner/` }]);
    await t.bus.publish('forum.post.created', early, { msgId: `t-${early.id}` });
    await waitFor(async () => (await t.sql`SELECT 1 FROM tool_post_links WHERE post_id = ${early.id}`).length === 1);

    const tool = await createTool(t.app, { url: `https://www.${host}/planner` });
    expect(tool.linked_posts).toBe(1);

    const second = forumPost('Tool', [{ name: 'P', url: `http://${host}/planner` }, { name: 'dup', url: `https://${host}/planner#x` }]);
    await t.bus.publish('forum.post.created', second, { msgId: `t-${second.id}` });
    await waitFor(async () => (await countOf(tool.id)) === 2);

    const question = forumPost('Question', [{ name: 'P', url: `https://${host}/planner` }]);
    await t.bus.publish('forum.post.created', question, { msgId: `t-${question.id}` });

    await t.bus.publish('forum.post.updated', { ...second, tool_links: '[]' }, { msgId: `t-u-${second.id}` });
    await waitFor(async () => (await countOf(tool.id)) === 1);
    await t.bus.publish('forum.post.deleted', { id: early.id, at: Date.now() }, { msgId: `t-d-${early.id}` });
    await waitFor(async () => (await countOf(tool.id)) === 0);
    await waitFor(async () => linked.filter((e) => e.tool_id === tool.id).length === 3);
    expect(linked.filter((e) => e.tool_id === tool.id).map((e) => e.linked_posts)).toEqual([2, 1, 0]);
    await stop();
  });
});
