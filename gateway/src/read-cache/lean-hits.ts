import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { ACCESS_LINE_MESSAGE, accessLine } from '@wfm/service-kit';
import { requestIdFor } from '../request-context.ts';
import type { CacheableReads } from './cacheable-reads.ts';
import { CACHE_CONTROL, acceptsGzip, etagMatches, type CacheOutcome } from './cached-reads.ts';
import { gzipEtag, isCompressible } from './memory-layer.ts';
import type { ReadCache } from './read-cache.ts';
import { handOverFound, handOverPassed } from './lean-handoff.ts';
import type { VisitorPassThrough } from './visitor-pass-through.ts';

export interface LeanHitsOptions {
  cache: ReadCache;
  reads: CacheableReads;
  /** The same instance the Fastify hooks use (reads after a visitor's write pass the cache). */
  visitors: VisitorPassThrough;
  securityHeaders: (host: string | undefined) => Record<string, string>;
  /** The gateway's logger (the access line, as AccessLogController writes it). */
  log: FastifyBaseLogger;
  /** The route label Fastify's route would give an /api path (routeLabels). */
  apiRoute: (url: string) => string;
  /**
   * The server-rendered pages (html-pages.ts): a path's Fastify route (undefined: not a page) and
   * the cache key its page is stored under. Unset: only /api reads are answered here.
   */
  pages?: { route: (pathname: string) => string | undefined; key: (pathname: string) => string };
  /** The request-duration histogram, by route label. */
  observe: (route: string, statusCode: number, seconds: number) => void;
  count: (outcome: CacheOutcome) => void;
  /** True once the gateway is closing: Fastify then answers 503 (return503OnClosing). */
  closing: () => boolean;
}

/** What a request may be answered from: a read-cache key, and the route label of its path. */
interface Target {
  key: string;
  /** Undefined for a page path: worked out on a hit only (most non-API GETs are assets and probes). */
  route: string | undefined;
  /** An /api read, whose visitor the pass-through must be asked about; pages are the same for all. */
  api: boolean;
}

/**
 * A `request` listener ahead of Fastify that answers fresh read-cache hits straight from memory:
 * on a cached feed page Fastify's request/reply objects, hook chain and header handling cost more
 * than the answer's own write (docs/benchmarks.md, 2026-11-28). It answers /api reads and the
 * server-rendered pages (whose hits cost twice a JSON hit's CPU through Fastify), exactly as the
 * Fastify path would (same headers, 304s, gzip, access line, metrics), and returns false for
 * everything else, which Fastify then handles: writes, misses, stale entries (their refresh needs
 * the request), answers too large to compress here whose gzip is not made yet (INLINE_GZIP_MAX_BYTES),
 * reads of visitors the cache passes.
 * Hits are not counted against the rate limit on either path.
 */
export function leanHits(opts: LeanHitsOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { cache, reads, visitors, pages } = opts;

  const targetOf = (req: IncomingMessage, url: string): Target | undefined => {
    const query = url.indexOf('?');
    // Paths with escapes go through Fastify's own URL handling (a bad escape is its 400).
    const percent = url.indexOf('%');
    if (percent !== -1 && (query === -1 || percent < query)) return undefined;
    // The read cache's hooks live in the /api scope.
    if (url.startsWith('/api/')) {
      const found = reads.find('GET', url, req.headers);
      // The Fastify hook uses this lookup instead of making it again.
      handOverFound(req, found ?? null);
      return found ? { key: found.read.key, route: opts.apiRoute(url), api: true } : undefined;
    }
    // A page with a query is rendered for its request and never cached (html-pages.ts).
    return pages && query === -1 ? { key: pages.key(url), route: undefined, api: false } : undefined;
  };

  return (req, res) => {
    if (req.method !== 'GET' || opts.closing()) return false;
    const url = req.url ?? '';
    const target = targetOf(req, url);
    if (!target) return false;
    const hit = cache.peek(target.key);
    if (!hit || hit.stale) return false;
    // Only a page route stores a page's key; the check keeps any other path to Fastify all the same.
    const route = target.route ?? pages?.route(url);
    if (route === undefined) return false;
    const answer = hit.answer;
    const compressible = isCompressible(answer);
    const gzip = compressible && acceptsGzip(req.headers['accept-encoding']);
    let gzipped: Buffer | undefined;
    if (gzip) {
      try {
        gzipped = cache.gzipNow(target.key, answer);
      } catch {
        // Fastify's path compresses again, and logs why it fails.
      }
      if (gzipped === undefined) return false;
    }
    // Last, as it remembers the visitor's read: the Fastify hook must not ask again.
    if (target.api && visitors.shouldPass(req.headers['x-anon-token'])) {
      handOverPassed(req);
      return false;
    }

    const started = performance.now();
    const id = requestIdFor(req);
    const etag = gzip ? gzipEtag(answer.etag) : answer.etag;
    const headers: OutgoingHttpHeaders = { ...opts.securityHeaders(req.headers.host), 'x-request-id': id, etag, 'cache-control': CACHE_CONTROL, 'x-cache': 'HIT' };
    if (compressible) headers.vary = 'Accept-Encoding';
    const ifNoneMatch = req.headers['if-none-match'];
    let statusCode = 200;
    if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, compressible ? [answer.etag, gzipEtag(answer.etag)] : [answer.etag])) {
      statusCode = 304;
      res.writeHead(304, headers);
      res.end();
    } else {
      const body = gzipped ?? answer.body;
      headers['content-type'] = answer.contentType;
      if (gzip) headers['content-encoding'] = 'gzip';
      headers['content-length'] = body.length;
      res.writeHead(200, headers);
      res.end(body);
    }
    const elapsed = performance.now() - started;
    opts.count(statusCode === 304 ? 'not_modified' : 'hit');
    opts.observe(route, statusCode, elapsed / 1000);
    opts.log.info({ reqId: id, ...accessLine('GET', url, statusCode, elapsed) }, ACCESS_LINE_MESSAGE);
    return true;
  };
}

/**
 * The histogram's route label Fastify gives a path (what `@fastify/http-proxy` registered for the
 * route-table prefix it falls under: the prefix itself, or the prefix's wildcard).
 */
export function routeLabels(routes: readonly { prefix: string }[]): (url: string) => string {
  const prefixes = routes.map((r) => r.prefix).sort((a, b) => b.length - a.length);
  return (url) => {
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    for (const prefix of prefixes) {
      if (path === prefix) return prefix;
      if (path.startsWith(prefix) && path[prefix.length] === '/') return `${prefix}/*`;
    }
    return 'unmatched';
  };
}
