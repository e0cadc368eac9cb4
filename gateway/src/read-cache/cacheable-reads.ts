import type { IncomingHttpHeaders } from 'node:http';

/**
 * What an entry depends on: every post list, the community stats, or one post's detail. Events
 * invalidate groups, not single keys.
 */
export type CacheGroup = 'lists' | 'stats' | `post:${number}`;

export const postGroup = (id: number): CacheGroup => `post:${id}`;

/** An anonymous read the gateway may answer from its cache. */
export interface CacheableRead {
  /** Normalized path and query: the cache key and the path asked of the service on a miss. */
  key: string;
  group: CacheGroup;
}

/** Longer URLs are proxied uncached, so odd clients cannot fill the cache with huge keys. */
const MAX_CACHED_URL_LENGTH = 1024;
/** Canonical post ids only; `007` or `1e3` go to the service uncached (and the service decides). */
const POST_DETAIL = /^\/api\/posts\/([1-9]\d{0,14})$/;

/** The query parameter of the My Posts tab: its answer belongs to one visitor. */
const VISITOR_PARAMETER = 'anon_token';

function decodeName(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

/**
 * The query with its parameters ordered by name (values of a repeated name keep their order), so
 * `?sort=latest&type=Idea` and `?type=Idea&sort=latest` share an entry. Values are kept as sent.
 * Undefined when the query names a visitor or cannot be decoded.
 */
function normalizeQuery(query: string): string | undefined {
  const pairs: Array<{ name: string; raw: string }> = [];
  for (const raw of query.split('&')) {
    if (raw === '') continue;
    const name = decodeName(raw.split('=', 1)[0]!);
    if (name === undefined || name === VISITOR_PARAMETER) return undefined;
    pairs.push({ name, raw });
  }
  if (pairs.length === 0) return '';
  pairs.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return `?${pairs.map((p) => p.raw).join('&')}`;
}

/**
 * The cache key and group of a GET that carries no per-visitor data: a post list without
 * `anon_token`, a post's detail, or the stats, sent without cookies or credentials. Anything else
 * is undefined and goes to the service as usual.
 */
export function cacheableRead(method: string, url: string, headers: IncomingHttpHeaders): CacheableRead | undefined {
  if (method !== 'GET' || url.length > MAX_CACHED_URL_LENGTH) return undefined;
  // A staff member's browser (admin cookie) or any credentialed client is never served shared data.
  if (headers.cookie !== undefined || headers.authorization !== undefined) return undefined;

  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  let group: CacheGroup;
  if (path === '/api/posts') group = 'lists';
  else if (path === '/api/stats') group = 'stats';
  else {
    const detail = POST_DETAIL.exec(path);
    if (!detail) return undefined;
    group = postGroup(Number(detail[1]));
  }

  const query = queryStart === -1 ? '' : normalizeQuery(url.slice(queryStart + 1));
  if (query === undefined) return undefined;
  return { key: `${path}${query}`, group };
}
