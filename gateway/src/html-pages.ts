import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, onRequestHookHandler } from 'fastify';
import type { ServiceName } from '@wfm/contracts/shared';
import { INTERNAL_ERROR_MESSAGE } from '@wfm/service-kit';
import {
  clip,
  plainText,
  renderDocument,
  SITE_DESCRIPTION,
  SITE_NAME,
  type JobLike,
  type PageHead,
  type PollLike,
  type PostLike,
  type SessionLike,
} from './html-document.ts';
import { robotsTxt, rssXml, sitemapXml, type SitemapEntry } from './html-feeds.ts';
import type { CacheableReads, CacheableRead } from './read-cache/cacheable-reads.ts';
import { HEADER_OF_SOURCE, answerCached, readFromService, type CacheOutcome } from './read-cache/cached-reads.ts';
import type { ReadCache, UpstreamAnswer } from './read-cache/read-cache.ts';
import { hasPage, isBuilt, sendAppShell, type WebApp } from './static-apps.ts';
import type { Upstreams } from './upstreams.ts';

/**
 * Server-rendered public pages (issue 15 item 1, issue 27 item 1): every public page answers the
 * built index.html with the markup the web app's own server renderer makes from its React
 * components (web/src/entry-server.tsx, built into web/dist-ssr/entry-server.mjs and imported from
 * there), the page's head tags and the API answers it read (html-document.ts), which the browser
 * hydrates; plus /sitemap.xml, /rss.xml and /robots.txt (html-feeds.ts).
 *
 * The renderer reads the same anonymous API answers the web app reads, through the read cache,
 * and the page itself is cached in the read cache under the group of its data (`post:42`,
 * `lists`, ...), so the events that drop the JSON drop the HTML too, and a hit costs what a JSON
 * hit costs (memory, gzip made once, ETag, no rate-limit check). Pages without data of their own
 * (/help, /calculators, ...) are cached for FEED_TTL_MS.
 */

export interface HtmlPagesOptions {
  web: WebApp;
  /** The gateway's read cache; undefined renders every request afresh. */
  cache: ReadCache | undefined;
  /** Which API reads are cacheable (the route table's). */
  reads: CacheableReads;
  upstreams: Upstreams;
  /**
   * PUBLIC_URL (`https://community.example.com`): origin of canonical URLs, sitemap, feed and
   * robots.txt, and part of every cache key. Never the request's Host: a page cached under one
   * origin is the same for every visitor, so a forged Host can neither write its own origin into
   * what others are served nor make a fresh entry (and a fresh render) per Host it names.
   */
  publicUrl: string;
  /** Rate limit for pages that miss the cache (the /api per-address limit). */
  rateLimit: onRequestHookHandler;
  /** The feeds' own limit (`feeds-ip`), checked on every /sitemap.xml and /rss.xml, cached or not. */
  feedsRateLimit: onRequestAsyncHookHandler;
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
  /** The API read whose cache group (and TTL) the page shares; undefined when the id is not canonical. `null`: a page without data of its own. */
  primary: (params: Record<string, string>) => string | undefined | null;
  /** The page's head tags (its data comes from the read cache, already read by the renderer). */
  head: (params: Record<string, string>, ctx: PageContext) => Promise<PageHead>;
}

const head = (ctx: PageContext, pathname: string, h: Omit<PageHead, 'canonical' | 'type'> & Partial<Pick<PageHead, 'type'>>): PageHead => ({
  type: 'website',
  ...h,
  canonical: `${ctx.origin}${pathname}`,
});

const absolute = (origin: string, url: string | null | undefined) =>
  !url ? undefined : /^https?:\/\//.test(url) ? url : url.startsWith('/') ? `${origin}${url}` : undefined;

/** A page whose head says the same to everyone. */
const fixed = (url: string, title: string, description: string): PageDefinition => ({
  url,
  primary: () => null,
  head: async (_params, ctx) => head(ctx, url, { title, description }),
});

/**
 * A list page whose head says the same to everyone, cached with the list its server render reads
 * first (web/src/app/router.tsx, the route's preload): the events that drop the list drop the page.
 */
const listing = (url: string, list: string, title: string, description: string): PageDefinition => ({
  url,
  primary: () => list,
  head: async (_params, ctx) => head(ctx, url, { title, description }),
});

/** What the polls page's Browse tab asks first (web/src/features/polls/api/get-polls.ts); its stats go with the same events. */
const POLLS_LIST_PATH = '/api/polls?sort=newest';

export const PAGES: readonly PageDefinition[] = [
  {
    url: '/',
    primary: () => HOME_POSTS_PATH,
    head: async (_params, ctx) => head(ctx, '/', { title: 'Community Feed', description: SITE_DESCRIPTION }),
  },
  {
    url: '/post/:id',
    primary: ({ id }) => (CANONICAL_ID.test(id!) ? `/api/posts/${id}` : undefined),
    head: async ({ id }, ctx) => {
      const post = (await ctx.get(`/api/posts/${id}`)) as PostLike;
      return head(ctx, `/post/${id}`, {
        type: 'article',
        title: post.title,
        description: clip(plainText(post.body)) || `${post.type} by ${post.author_name}`,
      });
    },
  },
  {
    url: '/polls/:id',
    primary: ({ id }) => (CANONICAL_ID.test(id!) ? `/api/polls/${id}` : undefined),
    head: async ({ id }, ctx) => {
      const poll = (await ctx.get(`/api/polls/${id}`)) as PollLike;
      const options = poll.options.map((o) => o.text).join(' · ');
      return head(ctx, `/polls/${id}`, {
        title: poll.title,
        description: clip(poll.description ? `${poll.description} Options: ${options}` : `Poll: ${options}`),
      });
    },
  },
  {
    url: '/ama/:id',
    primary: ({ id }) => (CANONICAL_ID.test(id!) ? `/api/ama/sessions/${id}` : undefined),
    head: async ({ id }, ctx) => {
      const session = (await ctx.get(`/api/ama/sessions/${id}`)) as SessionLike;
      return head(ctx, `/ama/${id}`, {
        title: session.title,
        description: clip(`AMA with ${session.host_name}. ${plainText(session.description)}`),
        image: absolute(ctx.origin, session.image_url),
      });
    },
  },
  listing('/tools', '/api/tools?sort=latest', 'Tools Directory', 'Workforce-management tools and templates recommended and voted on by contact-centre planners.'),
  listing('/jobs', '/api/jobs', 'Job & Role Spotlight', 'Roles in workforce management and contact-centre operations, shared by the community.'),
  listing('/polls', POLLS_LIST_PATH, 'Polls & Benchmarks', 'Polls and benchmarks of contact-centre planners: vote, compare and see the results.'),
  listing('/templates', '/api/templates?sort=latest', 'Template Library', 'Workforce-management templates shared by the community: schedules, forecasts and capacity plans.'),
  listing('/ama', '/api/ama/sessions', 'AMA Sessions', 'Ask-me-anything sessions with workforce-management practitioners: book a place and send your questions.'),
  fixed('/calculators', 'Quick Calculators', 'Shrinkage, staffing (Erlang C and Erlang A), attrition and cost calculators for contact-centre planning.'),
  fixed('/simulator', 'Scenario Simulator', 'What-if simulator for contact-centre staffing: volume, handle time, shrinkage and service level.'),
  fixed('/help', 'Need Help?', 'Ask the WFM Community team for help and get a ticket reference.'),
];

/** PUBLIC_URL as the origin pages name (no trailing slash). */
export const publicOrigin = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** The read-cache key of a page's HTML: one entry per path, under the public origin (publicOrigin). */
export const pageCacheKey = (origin: string, pathname: string) => `html:${origin}${pathname}`;

/**
 * The Fastify route of a page path (`/post/42` -> `/post/:id`), undefined for any other path: the
 * lean listener's route label and its test of whether a path can have a cached page.
 */
export function pageRouteOf(pathname: string): string | undefined {
  const segments = pathname.split('/');
  for (const { url } of PAGES) {
    const pattern = url.split('/');
    if (pattern.length === segments.length && pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))) return url;
  }
  return undefined;
}

/** What the server renderer exports (web/src/entry-server.tsx). */
interface ServerRender {
  status: number;
  html: string;
  data: Record<string, unknown>;
  perVisitor: string[];
  renderedAt: number;
}
type RenderPage = (url: string, read: (apiPath: string) => Promise<unknown>) => Promise<ServerRender>;

/** The service that answers an API path, from the route table's prefixes. */
function serviceOf(apiPath: string): ServiceName {
  if (apiPath.startsWith('/api/posts')) return 'forum';
  if (apiPath.startsWith('/api/tools') || apiPath.startsWith('/api/templates') || apiPath.startsWith('/api/polls')) return 'catalog';
  if (apiPath.startsWith('/api/ama')) return 'ama-booking';
  if (apiPath.startsWith('/api/jobs')) return 'jobs';
  throw new Error(`no service for ${apiPath}`);
}

/** A request URL's path and its query (`?…`, or empty). */
function splitUrl(url: string): [string, string] {
  const at = url.indexOf('?');
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}

/** What the app's not-found handler uses: the server-rendered page of a path the web app has no page for. */
export interface HtmlPages {
  sendMissing: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
}

export function registerHtmlPages(app: FastifyInstance, opts: HtmlPagesOptions): HtmlPages {
  const { web, cache, reads, upstreams } = opts;
  const count = opts.onOutcome ?? (() => {});
  const dist = web.dist === undefined ? undefined : path.resolve(web.dist);

  // One origin for every request, whatever its Host (see publicUrl).
  const origin = publicOrigin(opts.publicUrl);

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

  // The web app's server renderer, from the build output beside dist (web/dist-ssr), never web/src.
  const rendererFile = dist === undefined ? undefined : path.join(path.dirname(dist), 'dist-ssr', 'entry-server.mjs');
  let loading: Promise<RenderPage> | undefined;
  const renderer = (): Promise<RenderPage> => {
    if (!rendererFile) return Promise.reject(new Error('no web app build'));
    loading ??= import(pathToFileURL(rendererFile).href).then((module: { render: RenderPage }) => module.render);
    // A build that is not there yet is looked for again on the next page.
    return loading.catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
  };

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
    answerCached(cache, read.key, request, reply, answer.cached, HEADER_OF_SOURCE[answer.source], count);
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
        // A query (a search on the home page, a calculator's tab) is the app's to read: not cached.
        if (primary === undefined || request.url.includes('?')) return undefined;
        const pathname = request.url.split('?', 1)[0]!;
        const key = pageCacheKey(origin, pathname);
        if (primary === null) return { key, group: `html:${pathname}`, ttlMs: FEED_TTL_MS };
        const found = reads.find('GET', primary, {});
        const read: CacheableRead = { key, group: found?.read.group ?? `html:${pathname}` };
        if (found?.read.ttlMs !== undefined) read.ttlMs = found.read.ttlMs;
        return read;
      };
      app.get(page.url, { onRequest: hitHook(readOf), preHandler: opts.rateLimit }, async (request, reply) => {
        const read = readOf(request);
        // A query, `/polls/` (the list), or an id that is no id, which the app's page names
        // ("Invalid Poll", ...) with a 404: the plain app shell.
        const [pathname, query] = splitUrl(request.url);
        if (!read && query && page.primary(request.params as Record<string, string>) !== undefined && isBuilt(web)) {
          // A query (a search or filter on the feed, a calculator's tab): rendered like the plain
          // path, for this address only and not cached (every query string would be an entry).
          return makePage(request, pathname, page, query).then(
            (answer) =>
              reply
                .code(answer.statusCode)
                .header('content-type', answer.headers['content-type'])
                .header('cache-control', 'no-cache')
                .header('vary', 'Accept-Encoding')
                .send(answer.body),
            (err: unknown) => {
              request.log.error({ err }, 'server-rendered page failed; sending the app shell');
              return sendAppShell(reply.code(200), web);
            },
          );
        }
        if (!read) return (await hasPage(web, request.url)) ? sendAppShell(reply, web) : sendMissing(request, reply);
        if (!isBuilt(web)) return sendAppShell(reply, web);
        reply.header('vary', 'Accept-Encoding');
        return serve(request, reply, read, () => makePage(request, pathname, page)).catch((err: unknown) => {
          request.log.error({ err }, 'server-rendered page failed; sending the app shell');
          return sendAppShell(reply.code(200), web);
        });
      });
    }
  }

  /**
   * The page of `pathname` (and `query`, `?…` or empty) from the web app's server renderer, in the
   * built index.html; `page` undefined: a path the app has no page for (or a malformed id), which is
   * rendered as a 404.
   */
  async function makePage(request: FastifyRequest, pathname: string, page: PageDefinition | undefined, query = ''): Promise<UpstreamAnswer> {
    const params = request.params as Record<string, string>;
    const [html, render] = await Promise.all([template(), renderer()]);
    // The first refusal among the page's reads (a post that does not exist answers 404).
    let refused: number | undefined;
    const readApi = async (apiPath: string) => {
      try {
        return await apiJson(apiPath, request);
      } catch (err) {
        if (err instanceof NotRenderable) refused ??= err.statusCode;
        throw err;
      }
    };
    const rendered = await render(`${pathname}${query}`, readApi);
    // The head is made from the answers the renderer read (read again only if it did not).
    const ctx: PageContext = { origin, get: async (apiPath) => (apiPath in rendered.data ? rendered.data[apiPath] : readApi(apiPath)) };
    if (refused !== undefined && refused >= 500) throw new NotRenderable(refused);
    // Not found (or refused): the page says so (its React page's own message); robots skip it.
    const missing = !page || refused !== undefined || rendered.status === 404;
    const pageHead = missing
      ? { title: 'Not found', description: SITE_DESCRIPTION, canonical: `${origin}${pathname}`, type: 'website' as const, noindex: true }
      : await page.head(params, ctx);
    const document = renderDocument(html, { head: pageHead, main: rendered.html, data: rendered.data, perVisitor: rendered.perVisitor, renderedAt: rendered.renderedAt });
    return htmlAnswer(missing ? 404 : 200, document);
  }

  /** Answers a path the app has no page for (or a malformed id) with the server-rendered page and 404; the shell when that fails. */
  const sendMissing = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    if (dist === undefined || !isBuilt(web)) return sendAppShell(reply.code(404), web);
    try {
      const answer = await makePage(request, request.url.split('?', 1)[0]!, undefined);
      return reply.code(404).header('content-type', answer.headers['content-type']).header('cache-control', 'no-cache').header('x-robots-tag', 'noindex').send(answer.body);
    } catch (err) {
      request.log.error({ err }, 'server-rendered not-found page failed; sending the app shell');
      return sendAppShell(reply.code(404), web);
    }
  };

  // -- sitemap, feed, robots -------------------------------------------------------------------
  // Keyed by the public origin alone: one entry per feed, whatever the request's Host, so a rebuild
  // (up to ~150 reads of posts and polls for the sitemap) happens once per change, one at a time.
  const feedRead = (name: 'sitemap' | 'rss'): CacheableRead => ({
    key: `seo:${origin}:${name}`,
    // The feed is the home feed's first page: it goes with the post lists.
    group: reads.find('GET', HOME_POSTS_PATH, {})?.read.group ?? 'lists',
    ttlMs: FEED_TTL_MS,
  });

  app.get('/sitemap.xml', { onRequest: [opts.feedsRateLimit, hitHook(() => feedRead('sitemap'))] }, async (request, reply) =>
    serve(request, reply, feedRead('sitemap'), async () => {
      const entries = await sitemapEntries((p) => apiJson(p, request));
      return { statusCode: 200, headers: { 'content-type': 'application/xml; charset=utf-8' }, body: Buffer.from(sitemapXml(origin, entries)) };
    }).catch((err: unknown) => failed(request, reply, err)),
  );

  app.get('/rss.xml', { onRequest: [opts.feedsRateLimit, hitHook(() => feedRead('rss'))] }, async (request, reply) =>
    serve(request, reply, feedRead('rss'), async () => {
      const list = (await apiJson(HOME_POSTS_PATH, request)) as { posts: PostLike[] };
      const xml = rssXml(origin, { title: SITE_NAME, description: SITE_DESCRIPTION }, list.posts.slice(0, RSS_ITEMS));
      return { statusCode: 200, headers: { 'content-type': 'application/rss+xml; charset=utf-8' }, body: Buffer.from(xml) };
    }).catch((err: unknown) => failed(request, reply, err)),
  );

  app.get('/robots.txt', async (request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(origin)),
  );

  return { sendMissing };
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
