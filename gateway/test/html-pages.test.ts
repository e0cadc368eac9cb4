import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { httpGet, stableHeaders, startFakeServices, startGateway, type FakeServices } from './helpers.ts';

/** The built web app's index.html as Vite writes it (title, description, an empty root). */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="template description" />
    <title>WFM Community</title>
    <script type="module" crossorigin src="/assets/index-Bx1a2b3c.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/**
 * A stand-in for the web app's server renderer (web/dist-ssr/entry-server.mjs, which React makes
 * from the app's components; e2e/seo.test.ts checks the real one): it reads what the route's page
 * reads, through the gateway's `read`, and answers escaped markup.
 */
const RENDERER = `
const esc = (t) => String(t).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
export async function render(url, read) {
  const data = {};
  const get = async (path) => (data[path] = await read(path));
  let html;
  const post = /^\\/post\\/([1-9]\\d{0,14})$/.exec(url);
  try {
    if (post) {
      const p = await get('/api/posts/' + post[1]);
      html = '<main id="main"><h1>' + esc(p.title) + '</h1><p>' + esc(p.body) + '</p>' + p.comments.map((c) => '<p>' + esc(c.body) + '</p>').join('') + '</main>';
    } else if (url === '/ama') {
      await get('/api/ama/sessions');
      html = '<main id="main"><h1>AMA Sessions</h1></main>';
    } else if (url === '/') {
      const list = await get('/api/posts?sort=latest&limit=20');
      html = '<main id="main"><h1>Community Feed</h1>' + list.posts.map((p) => '<a href="/post/' + p.id + '">' + esc(p.title) + '</a>').join('') + '</main>';
    } else {
      html = '<main id="main"><h1>' + esc(url) + '</h1></main>';
    }
  } catch {
    html = '<main id="main"><p>Loading</p></main>';
  }
  return { status: 200, html, data, perVisitor: [] };
}
`;

const HOSTILE = '</script><script>alert(1)</script> & "quotes" $& $1';

const post = (id: number) => ({
  id,
  type: 'Question',
  title: `Post ${id} ${HOSTILE}`,
  body: `First paragraph with **bold** text.\n\nSecond ${HOSTILE}`,
  author_name: 'Pat',
  created_at: Date.UTC(2026, 0, 2),
  upvotes: 3,
  status: 'open',
  tags: 'erlang,forecasting',
  tool_links: '[]',
  attachments: '[]',
  comment_count: 1,
  comments: [{ id: 1, post_id: id, body: 'A comment', author_name: 'Rob', created_at: Date.UTC(2026, 0, 3) }],
  comments_next_cursor: null,
});

let services: FakeServices;
let forum: FastifyInstance;
let forumCalls: string[] = [];
let forumDown = false;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let app: FastifyInstance;
let webDist: string;
let webBuild: string;

beforeAll(async () => {
  services = await startFakeServices();
  forum = Fastify();
  forum.get('/api/posts/:id', async (request, reply) => {
    forumCalls.push(request.url);
    if (forumDown) return reply.code(500).send({ message: 'Internal Server Error' });
    const id = Number((request.params as { id: string }).id);
    if (id === 404) return reply.code(404).send({ message: 'Post not found' });
    return post(id);
  });
  forum.get('/api/posts', async (request) => {
    forumCalls.push(request.url);
    return { posts: [post(1), post(2)], total: 2 };
  });
  const forumUrl = await forum.listen({ port: 0, host: '127.0.0.1' });
  // The web build's layout: the app in dist, its server renderer beside it in dist-ssr.
  webBuild = await mkdtemp(path.join(tmpdir(), 'gateway-web-build-'));
  webDist = path.join(webBuild, 'dist');
  await mkdir(path.join(webDist, 'assets'), { recursive: true });
  await mkdir(path.join(webBuild, 'dist-ssr'));
  await writeFile(path.join(webBuild, 'dist-ssr', 'entry-server.mjs'), RENDERER);
  await writeFile(path.join(webDist, 'index.html'), TEMPLATE);
  await writeFile(path.join(webDist, 'routes.json'), JSON.stringify({ routes: ['/', '/post/:id', '/polls', '/polls/:id', '/ama', '/ama/:id', '/tools', '/jobs'], id: '^[1-9]\\d{0,14}$' }));
  const js = Buffer.from(`console.log(${JSON.stringify('x'.repeat(4000))});`);
  await writeFile(path.join(webDist, 'assets', 'index-Bx1a2b3c.js'), js);
  await writeFile(path.join(webDist, 'assets', 'index-Bx1a2b3c.js.br'), brotliCompressSync(js));
  await writeFile(path.join(webDist, 'assets', 'index-Bx1a2b3c.js.gz'), gzipSync(js));
  gateway = await startGateway({ ...services, urls: { ...services.urls, forum: forumUrl } }, { webDist, publicUrl: 'https://community.example.com' });
  app = gateway.app;
});

afterAll(async () => {
  await gateway?.close();
  await forum?.close();
  await services?.close();
  if (webBuild) await rm(webBuild, { recursive: true, force: true });
});

beforeEach(() => {
  forumCalls = [];
  forumDown = false;
});

describe('server-rendered pages', () => {
  it('answers a post with its content, head tags and data, everything from the service escaped', async () => {
    const res = await app.inject({ method: 'GET', url: '/post/7', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<title>Post 7 &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; $&amp; $1 · WFM Community</title>');
    expect(res.body).toContain('<link rel="canonical" href="https://community.example.com/post/7" />');
    expect(res.body).toContain('<meta property="og:url" content="https://community.example.com/post/7" />');
    // The renderer's markup inside #root.
    expect(res.body).toContain('<div id="root" aria-busy="true" aria-disabled="true"><main id="main"><h1>Post 7 &lt;/script&gt;');
    expect(res.body).toContain('<p>A comment</p>');
    // The template's own title and description were replaced, not kept beside the page's.
    expect(res.body).not.toContain('template description');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    // Nothing from the service closes a tag: the only script elements are the template's and the data's.
    expect(res.body.match(/<script/g)).toHaveLength(2);
    const data = res.body.match(/<script type="application\/json" id="wfm-initial-data">([\s\S]*?)<\/script>/)![1]!;
    expect(data).not.toContain('<');
    expect(JSON.parse(data)).toEqual({ data: { '/api/posts/7': post(7) }, perVisitor: [] });
  });

  it('serves the page from the cache until an event about the post drops it', async () => {
    await app.inject({ method: 'GET', url: '/post/8' });
    const again = await app.inject({ method: 'GET', url: '/post/8' });
    expect(again.headers['x-cache']).toBe('HIT');
    expect(forumCalls).toEqual(['/api/posts/8']);

    const other = await app.inject({ method: 'GET', url: '/post/9' });
    expect(other.statusCode).toBe(200);
    await gateway.bus.publish('forum.comment.created', { id: 5, post_id: 8, body: 'x', author_name: 'a', created_at: 1 }, { msgId: 'html-test-1' });
    await expect.poll(async () => (await app.inject({ method: 'GET', url: '/post/8' })).headers['x-cache']).not.toBe('HIT');
    expect(forumCalls.filter((u) => u === '/api/posts/8')).toHaveLength(2);
    // Another post's page was not dropped.
    expect((await app.inject({ method: 'GET', url: '/post/9' })).headers['x-cache']).toBe('HIT');
  });

  it('answers 404 with noindex and the page as rendered for a post that does not exist', async () => {
    const res = await app.inject({ method: 'GET', url: '/post/404' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.body).toContain('<div id="root" aria-busy="true" aria-disabled="true"><main id="main"><p>Loading</p></main></div>');
    expect(res.body).toContain('"data":{}');
  });

  it('answers a path the app has no page for, and a malformed id, with the server-rendered page, 404 and noindex', async () => {
    for (const url of ['/no-such-page', '/polls/abc']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
      expect(res.body, url).toContain(`<div id="root" aria-busy="true" aria-disabled="true"><main id="main"><h1>${url}</h1></main></div>`);
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('renders the pages without data of their own (/help, /calculators, ...) and caches them', async () => {
    const res = await app.inject({ method: 'GET', url: '/help' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Need Help? · WFM Community</title>');
    expect(res.body).toContain('<div id="root" aria-busy="true" aria-disabled="true"><main id="main"><h1>/help</h1></main></div>');
    expect((await app.inject({ method: 'GET', url: '/help' })).headers['x-cache']).toBe('HIT');
  });

  it('caches a list page (/ama) with the list its render reads: dropped by that list\'s events, not by others', async () => {
    const seen = () => services.seen.filter((r) => r.url === '/api/ama/sessions').length;
    const before = seen();
    const first = await app.inject({ method: 'GET', url: '/ama' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('"/api/ama/sessions"');
    expect(seen()).toBe(before + 1);
    expect((await app.inject({ method: 'GET', url: '/ama' })).headers['x-cache']).toBe('HIT');
    // A post's event is not the list's.
    await gateway.bus.publish('forum.comment.created', { id: 6, post_id: 8, body: 'x', author_name: 'a', created_at: 1 }, { msgId: 'html-test-2' });
    await gateway.bus.publish('ama.session.created', { id: 3, status: 'scheduled', at: 1 }, { msgId: 'html-test-3' });
    await expect.poll(async () => (await app.inject({ method: 'GET', url: '/ama' })).headers['x-cache']).not.toBe('HIT');
    expect(seen()).toBe(before + 2);
  });

  it('answers the plain app shell, never a 5xx, for ids that are no ids (404), odd URLs and a failing service', async () => {
    for (const url of ['/post/abc', '/post/007', '/post/1e3', `/post/${'9'.repeat(40)}`, '/post/%00', '/post/1%2F2', '/polls/abc', '/ama/-1']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['x-robots-tag'], url).toBe('noindex');
      expect(res.body, url).toContain('"data":{}');
    }
    expect(forumCalls).toEqual([]);
    // `/polls/` is the list's address with a slash: the plain shell.
    const slash = await app.inject({ method: 'GET', url: '/polls/', headers: { accept: 'text/html' } });
    expect(slash.statusCode).toBe(200);
    expect(slash.body).not.toContain('wfm-initial-data');
    // A query is rendered for its address alone (never cached), whatever it holds: never a 5xx.
    for (const url of ['/?q=%ZZ', `/?q=${'a'.repeat(3000)}`, '/?tag=%00']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['x-cache'], url).toBeUndefined();
    }
    forumDown = true;
    const down = await app.inject({ method: 'GET', url: '/post/31' });
    expect(down.statusCode).toBe(200);
    expect(down.body).toContain('<div id="root"></div>');
    expect(down.body).not.toContain('wfm-initial-data');
  });

  it('renders the home feed from the same read the web app makes first', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(forumCalls).toEqual(['/api/posts?limit=20&sort=latest']);
    expect(res.body).toContain('<h1>Community Feed</h1>');
    expect(res.body).toContain('href="/post/2"');
    expect(res.body).toContain('"/api/posts?sort=latest&limit=20"');
  });
});

describe('page hits before Fastify (read-cache/lean-hits.ts)', () => {

  it('answers a cached page over a socket with the bytes and headers the Fastify path gives the same hit, gzip and 304 included', async () => {
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const host = new URL(baseUrl).host;
    const first = await httpGet(baseUrl, '/post/51');
    expect(first.headers['x-cache']).toBe('MISS');
    const plainThenGzip: Array<Record<string, string>> = [{}, { 'accept-encoding': 'gzip' }, { 'accept-encoding': 'gzip' }];
    for (const headers of plainThenGzip) {
      const socket = await httpGet(baseUrl, '/post/51', headers);
      const fastify = await app.inject({ method: 'GET', url: '/post/51', headers: { host, ...headers } });
      expect(socket.headers['x-cache']).toBe('HIT');
      expect(socket.rawPayload.equals(fastify.rawPayload)).toBe(true);
      expect(stableHeaders(socket.headers)).toEqual(stableHeaders(fastify.headers));
    }
    const etag = first.headers.etag as string;
    const notModified = await httpGet(baseUrl, '/post/51', { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(stableHeaders(notModified.headers)).toEqual(stableHeaders((await app.inject({ method: 'GET', url: '/post/51', headers: { host, 'if-none-match': etag } })).headers));
    expect(forumCalls).toEqual(['/api/posts/51']);
  });
});

describe('robots.txt, sitemap and feed', () => {
  it('robots.txt keeps /admin and /api out and names the sitemap on the public origin', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('User-agent: *\nDisallow: /admin\nDisallow: /api\nAllow: /\n\nSitemap: https://community.example.com/sitemap.xml\n');
  });

  it('rss.xml lists the latest posts with escaped titles', async () => {
    const res = await app.inject({ method: 'GET', url: '/rss.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(res.body).toContain('<link>https://community.example.com/post/1</link>');
    expect(res.body).toContain('<title>Post 2 &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; $&amp; $1</title>');
    expect(res.body).not.toContain('<script>');
  });
});

describe('precompressed assets', () => {
  it('sends the build\'s .br or .gz file to clients that accept it, immutable', async () => {
    for (const [encoding, expected] of [['br', 'br'], ['gzip', 'gzip'], ['identity', undefined]] as const) {
      const res = await app.inject({ method: 'GET', url: '/assets/index-Bx1a2b3c.js', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode, encoding).toBe(200);
      expect(res.headers['content-encoding'], encoding).toBe(expected);
      expect(res.headers['cache-control'], encoding).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary, encoding).toMatch(/accept-encoding/i);
    }
  });
});
