import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ServiceName } from '@wfm/contracts/shared';
import { INTERNAL_ERROR_MESSAGE } from '@wfm/service-kit';
import {
  clip,
  homeMain,
  jobsMain,
  JOBS_TITLE,
  plainText,
  pollMain,
  postMain,
  renderDocument,
  SITE_DESCRIPTION,
  SITE_NAME,
  sessionMain,
  toolsMain,
  TOOLS_TITLE,
  type CommentLike,
  type JobLike,
  type PageHead,
  type PollLike,
  type PostLike,
  type RenderedPage,
  type SessionLike,
  type ToolLike,
} from './html-render.ts';
import { robotsTxt, rssXml, sitemapXml, type SitemapEntry } from './html-feeds.ts';
import type { CacheableReads, CacheableRead } from './read-cache/cacheable-reads.ts';
import { answerCached, readFromService, type CacheOutcome } from './read-cache/cached-reads.ts';
import type { ReadCache, UpstreamAnswer } from './read-cache/read-cache.ts';
import { hasPage, isBuilt, sendAppShell, type WebApp } from './static-apps.ts';
import type { Upstreams } from './upstreams.ts';

/**
 * Server-rendered public pages (issue 15 item 1): /, /post/{id}, /polls/{id}, /ama/{id}, /tools
 * and /jobs answer the built index.html with the page's content, head tags and data
 * (html-render.ts), plus /sitemap.xml, /rss.xml and /robots.txt (html-feeds.ts).
 *
 * Each page is made from the same anonymous API reads the web app makes, through the read cache,
 * and the page itself is cached in the read cache under the group of its data (`post:42`,
 * `lists`, ...), so the events that drop the JSON drop the HTML too, and a hit costs what a JSON
 * hit costs (memory, gzip made once, ETag, no rate-limit check).
 */

export interface HtmlPagesOptions {
  web: WebApp;
  /** The gateway's read cache; undefined renders every request afresh. */
  cache: ReadCache | undefined;
  /** Which API reads are cacheable (the route table's). */
  reads: CacheableReads;
  upstreams: Upstreams;
  /** PUBLIC_URL (`https://community.example.com`): origin of canonical URLs, sitemap and feed. Unset: the request's. */
  publicUrl?: string;
  /** Rate limit for requests that miss the cache (the /api per-address limit). */
  rateLimit: onRequestHookHandler;
  onOutcome?: (outcome: CacheOutcome) => void;
}

/** Sitemap and feed are rebuilt at most this often (and when a post changes, for the feed). */
const FEED_TTL_MS = 10 * 60_000;
/** The sitemap protocol's limit for one file. */
export const SITEMAP_MAX_URLS = 50_000;
const POSTS_PAGE = 100;
const POLLS_PAGE = 200;
const RSS_ITEMS = 20;
/** What the home feed asks first (web/src/features/posts/api/get-posts.ts: filters, then limit). */
export const HOME_POSTS_PATH = '/api/posts?sort=latest&limit=20';

const SAFE_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
const CANONICAL_ID = /^[1-9]\d{0,14}$/;

class NotRenderable extends Error {
  constructor(readonly statusCode: number) {
    super(`the page's data answered ${statusCode}`);
  }
}

interface PageContext {
  origin: string;
  /** The page's data by API path (already fetched). */
  get: (apiPath: string) => Promise<unknown>;
}

interface PageDefinition {
  /** Fastify route path. */
  url: string;
  /** The API read whose cache group (and TTL) the page shares; undefined when the id is not canonical. */
  primary: (params: Record<string, string>) => string | undefined;
  render: (params: Record<string, string>, ctx: PageContext) => Promise<RenderedPage>;
}

const head = (ctx: PageContext, pathname: string, h: Omit<PageHead, 'canonical' | 'type'> & Partial<Pick<PageHead, 'type'>>): PageHead => ({
  type: 'website',
  ...h,
  canonical: `${ctx.origin}${pathname}`,
});

const absolute = (origin: string, url: string | null | undefined) =>
  !url ? undefined : /^https?:\/\//.test(url) ? url : url.startsWith('/') ? `${origin}${url}` : undefined;

export const PAGES: readonly PageDefinition[] = [
  {
    url: '/',
    primary: () => HOME_POSTS_PATH,
    render: async (_params, ctx) => {
      const list = (await ctx.get(HOME_POSTS_PATH)) as { posts: PostLike[]; total: number };
      return {
        head: head(ctx, '/', { title: 'Community Feed', description: SITE_DESCRIPTION }),
        main: homeMain(list),
        data: { [HOME_POSTS_PATH]: list },
      };
    },
  },
  {
    url: '/post/:id',
    primary: ({ id }) => (CANONICAL_ID.test(id!) ? `/api/posts/${id}` : undefined),
    render: async ({ id }, ctx) => {
      const apiPath = `/api/posts/${id}`;
      const post = (await ctx.get(apiPath)) as PostLike & { comments: CommentLike[] };
      return {
        head: head(ctx, `/post/${id}`, {
          type: 'article',
          title: post.title,
          description: clip(plainText(post.body)) || `${post.type} by ${post.author_name}`,
        }),
        main: postMain(post),
        data: { [apiPath]: post },
      };
    },
  },
  {
    url: '/polls/:id',
    primary: ({ id }) => (CANONICAL_ID.test(id!) ? `/api/polls/${id}` : undefined),
    render: async ({ id }, ctx) => {
      const apiPath = `/api/polls/${id}`;
      const poll = (await ctx.get(apiPath)) as PollLike;
      const options = poll.options.map((o) => o.text).join(' · ');
      return {
        head: head(ctx, `/polls/${id}`, {
          title: poll.title,
          description: clip(poll.description ? `${poll.description} Options: ${options}` : `Poll: ${options}`),
        }),
        main: pollMain(poll),
        data: { [apiPath]: poll },
        // The answer names the caller's own vote when asked with a token.
        perVisitor: [apiPath],
      };
    },
  },
  {
    url: '/ama/:id',
    primary: ({ id }) => (CANONICAL_ID.test(id!) ? `/api/ama/sessions/${id}` : undefined),
    render: async ({ id }, ctx) => {
      const apiPath = `/api/ama/sessions/${id}`;
      const session = (await ctx.get(apiPath)) as SessionLike;
      return {
        head: head(ctx, `/ama/${id}`, {
          title: session.title,
          description: clip(`AMA with ${session.host_name}. ${plainText(session.description)}`),
          image: absolute(ctx.origin, session.image_url),
        }),
        main: sessionMain(session),
        data: { [apiPath]: session },
      };
    },
  },
  {
    url: '/tools',
    primary: () => '/api/tools?sort=latest',
    render: async (_params, ctx) => {
      const apiPath = '/api/tools?sort=latest';
      const tools = (await ctx.get(apiPath)) as ToolLike[];
      return {
        head: head(ctx, '/tools', {
          title: TOOLS_TITLE,
          description: 'Workforce-management tools and templates recommended and voted on by contact-centre planners.',
        }),
        main: toolsMain(tools),
        data: { [apiPath]: tools },
      };
    },
  },
  {
    url: '/jobs',
    primary: () => '/api/jobs',
    render: async (_params, ctx) => {
      const jobs = (await ctx.get('/api/jobs')) as JobLike[];
      return {
        head: head(ctx, '/jobs', {
          title: JOBS_TITLE,
          description: 'Roles in workforce management and contact-centre operations, shared by the community.',
        }),
        main: jobsMain(jobs),
        data: { '/api/jobs': jobs },
      };
    },
  },
];

/** The service that answers an API path, from the route table's prefixes. */
function serviceOf(apiPath: string): ServiceName {
  if (apiPath.startsWith('/api/posts')) return 'forum';
  if (apiPath.startsWith('/api/tools') || apiPath.startsWith('/api/polls')) return 'catalog';
  if (apiPath.startsWith('/api/ama')) return 'ama-booking';
  if (apiPath.startsWith('/api/jobs')) return 'jobs';
  throw new Error(`no service for ${apiPath}`);
}

export function registerHtmlPages(app: FastifyInstance, opts: HtmlPagesOptions): void {
  const { web, cache, reads, upstreams } = opts;
  const count = opts.onOutcome ?? (() => {});
  const dist = web.dist === undefined ? undefined : path.resolve(web.dist);

  const originOf = (request: FastifyRequest) => {
    if (opts.publicUrl) return opts.publicUrl.replace(/\/+$/, '');
    const host = request.host;
    return `${request.protocol}://${host && SAFE_HOST.test(host) ? host : 'localhost'}`;
  };

  /** An API answer: through the read cache when the read is cacheable, else from the service. */
  const apiJson = async (apiPath: string, request: FastifyRequest): Promise<unknown> => {
    const found = reads.find('GET', apiPath, {});
    const service = found?.service ?? serviceOf(apiPath);
    const upstream = upstreams.get(service);
    if (!upstream) throw new Error(`no upstream for the ${service} service`);
    // The same request a cache miss of the JSON read makes (its normalized key).
    const fetch = () => readFromService(upstream, found?.read.key ?? apiPath, request);
    let statusCode: number;
    let body: Buffer;
    if (cache && found) {
      const answer = await cache.load(found.read, fetch);
      if ('uncached' in answer) {
        ({ statusCode, body } = answer.uncached);
      } else {
        statusCode = 200;
        body = answer.cached.body;
      }
    } else {
      ({ statusCode, body } = await fetch());
    }
    if (statusCode !== 200) throw new NotRenderable(statusCode);
    return JSON.parse(body.toString('utf8')) as unknown;
  };

  const template = () => readFile(path.join(dist!, 'index.html'), 'utf8');

  /** Answers a key from the cache, or makes it with `make` (one fill per key), then sends it. */
  const serve = async (
    request: FastifyRequest,
    reply: FastifyReply,
    read: CacheableRead,
    make: () => Promise<UpstreamAnswer>,
  ): Promise<FastifyReply> => {
    if (!cache) {
      const answer = await make();
      return reply.code(answer.statusCode).header('content-type', answer.headers['content-type']).header('cache-control', 'no-cache').send(answer.body);
    }
    const answer = await cache.load(read, make);
    if ('uncached' in answer) {
      count('miss');
      return reply
        .code(answer.uncached.statusCode)
        .header('content-type', answer.uncached.headers['content-type'])
        .header('cache-control', 'no-cache')
        .header('x-cache', 'MISS')
        .send(answer.uncached.body);
    }
    answerCached(cache, read.key, request, reply, answer.cached, answer.source === 'redis' ? 'SHARED' : 'MISS', count);
    return reply;
  };

  /** The memory hit of a page, answered before the rate limit (as /api hits are). */
  const hitHook =
    (keyOf: (request: FastifyRequest) => CacheableRead | undefined): onRequestHookHandler =>
    (request, reply, done) => {
      const read = cache && keyOf(request);
      const hit = read && cache.peek(read.key);
      if (!read || !hit || hit.stale) return done();
      answerCached(cache, read.key, request, reply, hit.answer, 'HIT', count);
    };

  // -- pages -----------------------------------------------------------------------------------
  if (dist !== undefined) {
    for (const page of PAGES) {
      const readOf = (request: FastifyRequest): CacheableRead | undefined => {
        const params = request.params as Record<string, string>;
        const primary = page.primary(params);
        if (primary === undefined || request.url.includes('?') && page.url === '/') return undefined;
        const found = reads.find('GET', primary, {});
        const pathname = request.url.split('?', 1)[0]!;
        const read: CacheableRead = { key: `html:${originOf(request)}${pathname}`, group: found?.read.group ?? `html:${pathname}` };
        if (found?.read.ttlMs !== undefined) read.ttlMs = found.read.ttlMs;
        return read;
      };
      app.get(page.url, { onRequest: hitHook(readOf), preHandler: opts.rateLimit }, async (request, reply) => {
        const read = readOf(request);
        // A search on the home page, `/polls/` (the list), or an id that is no id, which the app's
        // page names ("Invalid Poll", ...) with a 404: the plain app shell.
        if (!read) return sendAppShell(reply.code((await hasPage(web, request.url)) ? 200 : 404), web);
        if (!isBuilt(web)) return sendAppShell(reply, web);
        const params = request.params as Record<string, string>;
        const origin = originOf(request);
        reply.header('vary', 'Accept-Encoding');
        return serve(request, reply, read, async () => {
          const html = await template();
          try {
            const rendered = await page.render(params, { origin, get: (apiPath) => apiJson(apiPath, request) });
            return htmlAnswer(200, renderDocument(html, rendered));
          } catch (err) {
            if (!(err instanceof NotRenderable) || err.statusCode >= 500) throw err;
            // Not found (or refused): the app shell shows its own message; robots are told to skip it.
            const pathname = request.url.split('?', 1)[0]!;
            const missing = renderDocument(html, {
              head: { title: 'Not found', description: SITE_DESCRIPTION, canonical: `${origin}${pathname}`, type: 'website', noindex: true },
              main: '',
              data: {},
            });
            return htmlAnswer(404, missing);
          }
        }).catch((err: unknown) => {
          request.log.error({ err }, 'server-rendered page failed; sending the app shell');
          return sendAppShell(reply.code(200), web);
        });
      });
    }
  }

  // -- sitemap, feed, robots -------------------------------------------------------------------
  const feedRead = (request: FastifyRequest, name: string): CacheableRead => ({
    key: `seo:${originOf(request)}:${name}`,
    // The feed is the home feed's first page: it goes with the post lists.
    group: reads.find('GET', HOME_POSTS_PATH, {})?.read.group ?? 'lists',
    ttlMs: FEED_TTL_MS,
  });

  app.get('/sitemap.xml', { onRequest: hitHook((r) => feedRead(r, 'sitemap')), preHandler: opts.rateLimit }, async (request, reply) =>
    serve(request, reply, feedRead(request, 'sitemap'), async () => {
      const entries = await sitemapEntries((p) => apiJson(p, request));
      return { statusCode: 200, headers: { 'content-type': 'application/xml; charset=utf-8' }, body: Buffer.from(sitemapXml(originOf(request), entries)) };
    }).catch((err: unknown) => failed(request, reply, err)),
  );

  app.get('/rss.xml', { onRequest: hitHook((r) => feedRead(r, 'rss')), preHandler: opts.rateLimit }, async (request, reply) =>
    serve(request, reply, feedRead(request, 'rss'), async () => {
      const list = (await apiJson(HOME_POSTS_PATH, request)) as { posts: PostLike[] };
      const xml = rssXml(originOf(request), { title: SITE_NAME, description: SITE_DESCRIPTION }, list.posts.slice(0, RSS_ITEMS));
      return { statusCode: 200, headers: { 'content-type': 'application/rss+xml; charset=utf-8' }, body: Buffer.from(xml) };
    }).catch((err: unknown) => failed(request, reply, err)),
  );

  app.get('/robots.txt', async (request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(originOf(request))),
  );
}

function htmlAnswer(statusCode: number, html: string): UpstreamAnswer {
  return { statusCode, headers: { 'content-type': 'text/html; charset=utf-8' }, body: Buffer.from(html) };
}

function failed(request: FastifyRequest, reply: FastifyReply, err: unknown): FastifyReply {
  request.log.error({ err }, 'sitemap or feed failed');
  return reply.code(503).header('retry-after', '5').send({ message: INTERNAL_ERROR_MESSAGE });
}

/** Every public post, poll, AMA session and the job board, newest first, at most SITEMAP_MAX_URLS. */
export async function sitemapEntries(get: (apiPath: string) => Promise<unknown>): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [
    { path: '/', changefreq: 'hourly' },
    { path: '/tools', changefreq: 'daily' },
    { path: '/polls', changefreq: 'daily' },
    { path: '/ama', changefreq: 'daily' },
  ];
  const room = () => SITEMAP_MAX_URLS - entries.length;

  const jobs = (await get('/api/jobs')) as JobLike[];
  entries.push({ path: '/jobs', changefreq: 'daily', lastmod: Math.max(0, ...jobs.map((j) => j.created_at)) || undefined });

  const sessions = (await get('/api/ama/sessions')) as SessionLike[];
  for (const s of sessions.slice(0, room())) entries.push({ path: `/ama/${s.id}`, lastmod: undefined });

  for (let offset = 0; room() > 0; offset += POLLS_PAGE) {
    const polls = (await get(`/api/polls?limit=${POLLS_PAGE}&offset=${offset}`)) as PollLike[];
    for (const p of polls.slice(0, room())) entries.push({ path: `/polls/${p.id}`, lastmod: p.created_at });
    // The catalog's paging stops at its largest offset.
    if (polls.length < POLLS_PAGE || offset + POLLS_PAGE > 10_000) break;
  }

  for (let offset = 0; room() > 0; offset += POSTS_PAGE) {
    const list = (await get(`/api/posts?limit=${POSTS_PAGE}&offset=${offset}&sort=latest`)) as { posts: PostLike[]; total: number };
    for (const p of list.posts.slice(0, room())) entries.push({ path: `/post/${p.id}`, lastmod: p.created_at });
    if (list.posts.length < POSTS_PAGE || offset + POSTS_PAGE >= list.total) break;
  }
  return entries;
}
