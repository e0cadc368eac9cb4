import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { POST_MESSAGES, PostDetail, UploadResponse } from '@wfm/contracts/forum';
import { PNG, multipart } from './files.ts';
import { service } from '../src/app.ts';
import { createPost, get, newVisitor, outboxEvents, post, validPost } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

const create = (overrides: Record<string, unknown>) => post(t.app, '/api/posts', validPost(overrides));

describe('POST /api/posts', () => {
  it('creates a post answering 201 {id}, readable at /api/posts/{id}', async () => {
    const res = await create({ title: '  Erlang C staffing  ', tags: 'erlang, #staffing ,Erlang' });
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: number }>();
    expect(id).toBeGreaterThan(0);

    const detail = await get(t.app, `/api/posts/${id}`);
    expect(detail.statusCode).toBe(200);
    const body = PostDetail.parse(detail.json());
    expect(body).toMatchObject({
      id,
      type: 'Question',
      title: 'Erlang C staffing',
      author_name: 'planner_one',
      status: 'open',
      upvotes: 0,
      comment_count: 0,
      tags: 'erlang,staffing',
      tool_links: '[]',
      attachments: '[]',
      comments: [],
    });
    expect(Math.abs(body.created_at - Date.now())).toBeLessThan(60_000);
  });

  it.each([
    ['title', 120, 121, POST_MESSAGES.titleTooLong],
    ['body', 10_000, 10_001, POST_MESSAGES.bodyTooLong],
    ['author_name', 40, 41, POST_MESSAGES.authorTooLong],
  ])('%s: %i characters pass, %i are refused', async (field, ok, tooLong, message) => {
    expect((await create({ [field]: 'x'.repeat(ok) })).statusCode).toBe(201);
    const res = await create({ [field]: 'x'.repeat(tooLong) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it.each([
    ['title', POST_MESSAGES.titleRequired],
    ['body', POST_MESSAGES.bodyRequired],
    ['author_name', POST_MESSAGES.authorRequired],
  ])('%s: empty or blank is refused', async (field, message) => {
    for (const value of ['', '   ', undefined]) {
      const res = await create({ [field]: value });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
  });

  it('accepts each type and refuses others', async () => {
    for (const type of ['Question', 'Idea', 'Tool']) expect((await create({ type })).statusCode).toBe(201);
    for (const type of ['question', 'Poll', '', 42]) {
      const res = await create({ type });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: POST_MESSAGES.badType });
    }
  });

  it('tool links: lists or JSON text, valid http(s) URL or empty; answered as JSON text', async () => {
    const links = [{ name: 'Erlang calc', url: 'https://example.com/erlang' }];
    const asList = await create({ type: 'Tool', tool_links: links });
    const asText = await create({ type: 'Tool', tool_links: JSON.stringify(links) });
    const emptyUrl = await create({ type: 'Tool', tool_links: [{ name: 'No site yet', url: '' }] });
    const formFields = await create({ type: 'Tool', tool_links: [], tool_name: 'Sheet', tool_url: 'http://sheet.example' });
    for (const res of [asList, asText, emptyUrl, formFields]) expect(res.statusCode).toBe(201);

    const stored = async (res: typeof asList) =>
      JSON.parse(PostDetail.parse((await get(t.app, `/api/posts/${res.json().id}`)).json()).tool_links) as unknown;
    expect(await stored(asList)).toEqual(links);
    expect(await stored(asText)).toEqual(links);
    expect(await stored(emptyUrl)).toEqual([{ name: 'No site yet', url: '' }]);
    expect(await stored(formFields)).toEqual([{ name: 'Sheet', url: 'http://sheet.example' }]);

    for (const bad of [
      { tool_links: [{ name: 'x', url: 'not a url' }] },
      { tool_links: [{ name: 'x', url: 'javascript:alert(1)' }] },
      { tool_url: 'ftp://files.example' },
      { tool_url: 'example.com' },
    ]) {
      const res = await create({ type: 'Tool', ...bad });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: POST_MESSAGES.badToolUrl });
    }
    const notJson = await create({ tool_links: '[{oops' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ message: POST_MESSAGES.badToolLinks });
  });

  it('attachments: lists or JSON text, at most 5 (files the author uploaded: upload-pinning.test.ts)', async () => {
    const author = newVisitor();
    const { payload, headers } = await multipart([{ name: 'shot.png', data: PNG }], 'files');
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/upload', remoteAddress: author.ip, headers: { ...headers, 'x-anon-token': author.token }, payload });
    const stored = UploadResponse.parse(uploaded.json()).files[0]!;
    const file = { url: stored.url, originalName: 'shot.png', mimetype: 'image/png', size: PNG.length, filename: stored.filename };
    const res = await post(t.app, '/api/posts', validPost({ attachments: JSON.stringify([file]) }), author);
    expect(res.statusCode).toBe(201);
    const detail = PostDetail.parse((await get(t.app, `/api/posts/${res.json().id}`)).json());
    expect(JSON.parse(detail.attachments)).toEqual([file]);

    const six = await create({ attachments: Array.from({ length: 6 }, () => file) });
    expect(six.statusCode).toBe(400);
    expect(six.json()).toEqual({ message: POST_MESSAGES.tooManyAttachments });
    const malformed = await create({ attachments: [{ url: 1 }] });
    expect(malformed.statusCode).toBe(400);
  });

  it('isAnonymous stores the post as Anonymous', async () => {
    const res = await create({ isAnonymous: true, author_name: 'real_name' });
    const detail = (await get(t.app, `/api/posts/${res.json().id}`)).json();
    expect(detail.author_name).toBe('Anonymous');
  });

  it('status defaults to open; an unknown status is refused', async () => {
    const res = await create({ status: undefined });
    expect((await get(t.app, `/api/posts/${res.json().id}`)).json().status).toBe('open');
    expect((await create({ status: 'closed' })).statusCode).toBe(400);
  });

  it('refuses a body that is not JSON with a 400 message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { 'content-type': 'application/json' },
      payload: '{"type":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it('stores markdown, including script-like input, verbatim (rendering is the web app’s job)', async () => {
    const corpus = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[click](javascript:alert(1))',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
      '<svg/onload=alert(1)>',
      '"><iframe src=//evil.example></iframe>',
      '![x](x" onerror="alert(1))',
      '# Title\n\n**bold** _it_ `code` <b>raw</b>',
    ].join('\n\n');
    const res = await create({ body: corpus, title: '<b>title</b> & "quotes"' });
    expect(res.statusCode).toBe(201);
    const detail = (await get(t.app, `/api/posts/${res.json().id}`)).json();
    expect(detail.body).toBe(corpus);
    expect(detail.title).toBe('<b>title</b> & "quotes"');
  });

  it('writes forum.post.created with the post summary and never the author token', async () => {
    const visitor = newVisitor();
    const id = await createPost(t.app, { title: 'Event carrying post' }, visitor);
    const events = await outboxEvents(t.sql, 'forum.post.created');
    const event = events.find((e) => e.id === id);
    expect(event).toMatchObject({ id, title: 'Event carrying post', type: 'Question', upvotes: 0, comment_count: 0 });
    expect(JSON.stringify(event)).not.toContain(visitor.token);

    const detail = await get(t.app, `/api/posts/${id}`, visitor);
    expect(detail.body).not.toContain(visitor.token);
    expect(Object.keys(detail.json())).not.toContain('author_token_hash');
  });
});

describe('GET /api/posts/{id}', () => {
  it.each(['0', '-1', 'abc', '1.5', '1e3', '00', '99999999999999999999'])('id %s -> 400', async (id) => {
    const res = await get(t.app, `/api/posts/${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: POST_MESSAGES.invalidId });
  });

  it('unknown id -> 404', async () => {
    const res = await get(t.app, '/api/posts/987654321');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: POST_MESSAGES.notFound });
  });
});
