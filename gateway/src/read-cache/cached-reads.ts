import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Dispatcher } from 'undici';
import { forwardTraceHeaders } from '@wfm/service-kit';
import { upstreamFailure } from '../proxy.ts';
import type { Upstreams } from '../upstreams.ts';
import type { CacheableReads, CachedRoute } from './cacheable-reads.ts';
import { gzipEtag, isCompressible, type CachedAnswer } from './memory-layer.ts';
import type { ReadAnswer, ReadCache, UpstreamAnswer } from './read-cache.ts';
import { collectAnswer } from './upstream-read.ts';
import { foundByLeanPath, passedByLeanPath } from './lean-handoff.ts';
import { VisitorPassThrough } from './visitor-pass-through.ts';

/** Within the forum's own activity resolution (5 min) and far inside its 24 h active window. */
const ACTIVITY_WINDOW_MS = 5 * 60_000;
/** A write's event reaches the gateway within milliseconds; this leaves a wide margin. */
const OWN_WRITES_WINDOW_MS = 5_000;

/** The visitors whose reads skip the cache, shared by the lean path and the Fastify hooks. */
export const createVisitorPassThrough = () =>
  new VisitorPassThrough({ activityWindowMs: ACTIVITY_WINDOW_MS, ownWritesWindowMs: OWN_WRITES_WINDOW_MS });

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the read cache on a cacheable read that missed memory; answered after the rate limit. */
    pendingRead: CachedRoute | null;
  }
}

/**
 * Browsers keep the answer but revalidate it every time (a cheap 304 from the gateway's memory):
 * a realtime event makes the web app refetch at once, and a positive max-age would hand it the
 * browser's own copy from before the event.
 */
export const CACHE_CONTROL = 'public, max-age=0, must-revalidate';

const READ_TIMEOUT_MS = 30_000;
/** Headers of an answer that is not cached, passed on as the service sent them. */
const PASSED_HEADERS = ['content-type', 'cache-control', 'retry-after'] as const;
const DEAD_SOCKET = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type CacheOutcome = 'hit' | 'stale' | 'shared' | 'miss' | 'not_modified';

type CacheHeader = 'HIT' | 'STALE' | 'SHARED' | 'MISS';
const OUTCOME_OF: Record<CacheHeader, CacheOutcome> = { HIT: 'hit', STALE: 'stale', SHARED: 'shared', MISS: 'miss' };
/** The X-Cache header of an answer the read cache's load gave, by where it came from. */
export const HEADER_OF_SOURCE: Record<ReadAnswer['source'], CacheHeader> = { memory: 'HIT', redis: 'SHARED', service: 'MISS' };

/** True when the client's If-None-Match names this ETag (weak comparison, as for GET). */
export function etagMatches(ifNoneMatch: string, etags: readonly string[]): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => etags.includes(tag.trim().replace(/^W\//, '')));
}

/** Accept-Encoding lists gzip (or `*`) without `q=0`. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (acceptEncoding === undefined || (!acceptEncoding.includes('gzip') && !acceptEncoding.includes('*'))) return false;
  return acceptEncoding.split(',').some((entry) => {
    const [coding, ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Sends a cached answer: `gzip` when the client accepts it and the answer is compressible. */
function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, header: CacheHeader, gzip: Buffer | undefined): CacheOutcome {
  const compressible = isCompressible(answer);
  const etag = gzip ? gzipEtag(answer.etag) : answer.etag;
  reply.header('etag', etag).header('cache-control', CACHE_CONTROL).header('x-cache', header);
  if (compressible) reply.header('vary', 'Accept-Encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, compressible ? [answer.etag, gzipEtag(answer.etag)] : [answer.etag])) {
    reply.code(304).send();
    return 'not_modified';
  }
  reply.header('content-type', answer.contentType);
  if (gzip) reply.header('content-encoding', 'gzip').send(gzip);
  else reply.send(answer.body);
  return OUTCOME_OF[header];
}

/**
 * Answers from a cached answer, compressing it first when this is the first client that accepts
 * gzip for it (ReadCache.compress: on the event loop up to INLINE_GZIP_MAX_BYTES; if compressing
 * fails, the client gets the plain bytes).
 */
export function answerCached(
  cache: ReadCache,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  header: CacheHeader,
  count: (outcome: CacheOutcome) => void,
): void {
  if (!isCompressible(answer) || !acceptsGzip(request.headers['accept-encoding'])) {
    count(sendCached(request, reply, answer, header, undefined));
  } else if (answer.gzip) {
    count(sendCached(request, reply, answer, header, answer.gzip));
  } else {
    cache.compress(key, answer).then(
      (gzip) => count(sendCached(request, reply, answer, header, gzip)),
      (err: unknown) => {
        request.log.warn({ err }, 'read cache: compressing an answer failed; sending it plain');
        count(sendCached(request, reply, answer, header, undefined));
      },
    );
  }
}

function sendUncached(reply: FastifyReply, answer: UpstreamAnswer): void {
  for (const name of PASSED_HEADERS) {
    const value = answer.headers[name];
    if (value !== undefined) reply.header(name, value);
  }
  reply.header('x-cache', 'MISS').code(answer.statusCode).send(answer.body);
}

function sendAnswer(cache: ReadCache, key: string, request: FastifyRequest, reply: FastifyReply, answer: ReadAnswer, count: (outcome: CacheOutcome) => void): void {
  if ('uncached' in answer) {
    sendUncached(reply, answer.uncached);
    count('miss');
    return;
  }
  answerCached(cache, key, request, reply, answer.cached, HEADER_OF_SOURCE[answer.source], count);
}

/**
 * Asks the service for a cacheable read with none of the client's own headers: no token, no
 * cookie, so the answer cannot be anybody's in particular. A pooled socket that turned out dead is
 * retried once, as the proxy does.
 */
export async function readFromService(service: Dispatcher, path: string, request: FastifyRequest): Promise<UpstreamAnswer> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-request-id': request.id,
    'x-forwarded-for': request.ip,
    'x-forwarded-proto': request.protocol,
    'x-forwarded-host': request.host,
  };
  // The request's trace continues in the service (only when tracing is on).
  if (request.traceContext) forwardTraceHeaders(request, headers);
  for (let attempt = 1; ; attempt++) {
    try {
      return await collectAnswer(service, {
        method: 'GET',
        path,
        headers,
        headersTimeout: READ_TIMEOUT_MS,
        bodyTimeout: READ_TIMEOUT_MS,
      });
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt === 1 && code !== undefined && DEAD_SOCKET.has(code)) continue;
      throw err;
    }
  }
}

/**
 * The two onRequest hooks of the read cache for the /api scope. `answerHits` runs first and
 * answers the reads the route table marks cacheable (`reads`) from memory: a hit costs less than the
 * rate-limit check would, and touches no service, so hits are not counted against the client's
 * limit. `answerMisses` runs after the rate limit and fills the cache from Redis or the route's
 * service (one call per key at a time). Every other request, and a visitor's reads right after
 * its own writes or its first read in a while (see VisitorPassThrough), go to the proxy untouched.
 */
export function readCacheHooks(opts: {
  cache: ReadCache;
  reads: CacheableReads;
  upstreams: Upstreams;
  onOutcome?: (outcome: CacheOutcome) => void;
  /** Shared with the lean path (lean-hits.ts), so both see the same visitors' reads and writes. */
  visitors: VisitorPassThrough;
}): { answerHits: onRequestHookHandler; answerMisses: onRequestHookHandler } {
  const { cache, reads, upstreams } = opts;
  const fetchFor = (pending: CachedRoute, request: FastifyRequest) => {
    const upstream = upstreams.get(pending.service);
    if (!upstream) return Promise.reject(new Error(`no upstream for the ${pending.service} service`));
    return readFromService(upstream, pending.read.key, request);
  };
  const count = opts.onOutcome ?? (() => {});
  const { visitors } = opts;

  return {
    answerHits(request, reply, done) {
      const token = request.headers['x-anon-token'];
      if (!READ_METHODS.has(request.method)) visitors.noteWrite(token);
      const known = foundByLeanPath(request.raw);
      const found = known === undefined ? reads.find(request.method, request.url, request.headers) : known;
      // The lean path may have asked already (it remembers the read, so a second ask would differ).
      if (!found || passedByLeanPath(request.raw) || visitors.shouldPass(token)) return done();
      const hit = cache.peek(found.read.key);
      if (!hit) {
        request.pendingRead = found;
        return done();
      }
      if (hit.stale) cache.refresh(found.read, () => fetchFor(found, request));
      answerCached(cache, found.read.key, request, reply, hit.answer, hit.stale ? 'STALE' : 'HIT', count);
    },

    answerMisses(request, reply, done) {
      const pending = request.pendingRead;
      if (!pending) return done();
      cache.load(pending.read, () => fetchFor(pending, request)).then(
        (answer) => sendAnswer(cache, pending.read.key, request, reply, answer, count),
        (err: Error & { code?: string }) => {
          request.log.warn({ err, service: pending.service }, 'read cache: the service gave no answer');
          const failure = upstreamFailure(err);
          reply.code(failure.statusCode).send({ message: failure.message });
        },
      );
    },
  };
}
