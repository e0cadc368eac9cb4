import type { IncomingHttpHeaders } from 'node:http';
import type { ServiceName } from '@wfm/contracts/shared';
import { PathIndex, routePaths } from '../route-paths.ts';
import { PROXY_ROUTES, type CachePolicy, type ProxyRoute } from '../routes.ts';

/**
 * What an entry depends on (`lists`, `stats`, `post:42`: the route table's group with its
 * parameters filled in). Events invalidate groups, not single keys.
 */
export type CacheGroup = string;

/** An anonymous read the gateway may answer from its cache. */
export interface CacheableRead {
  /** Normalized path and query: the cache key and the path asked of the service on a miss. */
  key: string;
  group: CacheGroup;
  /** The route's own TTL; unset: the cache's. */
  ttlMs?: number;
  /** False: this replica's memory only, never the shared (Redis) layer (CachePolicy.memoryOnlyQuery). */
  shared?: false;
}

/** A cacheable read and the service that answers it on a miss. */
export interface CachedRoute {
  read: CacheableRead;
  service: ServiceName;
}

/** Longer URLs are proxied uncached, so odd clients cannot fill the cache with huge keys. */
const MAX_CACHED_URL_LENGTH = 1024;

/** A group template (`post:{id}`) compiled to a function of the parameters. */
export function groupTemplate(group: string, pattern: string): (params: Record<string, string>) => CacheGroup {
  // `all` names the whole cache's generation in Redis (redis-layer.ts).
  if (group === 'all') throw new Error(`cache group of ${pattern} may not be called all`);
  const parts = group.split(/\{(\w+)\}/);
  if (parts.length === 1) return () => group;
  const names = pattern.split('/').filter((s) => s.startsWith(':')).map((s) => s.slice(1));
  for (let i = 1; i < parts.length; i += 2) {
    if (!names.includes(parts[i]!)) throw new Error(`cache group ${group} of ${pattern} names an unknown parameter ${parts[i]}`);
  }
  if (parts.length === 3) {
    // One parameter (`post:{id}`): no array work per read.
    const [before, name, after] = parts as [string, string, string];
    return (params) => `${before}${params[name]}${after}`;
  }
  return (params) => parts.map((part, i) => (i % 2 === 1 ? params[part] : part)).join('');
}

interface CompiledPolicy {
  service: ServiceName;
  groupOf: (params: Record<string, string>) => CacheGroup;
  perVisitorQuery: ReadonlySet<string>;
  perVisitorHeaders: readonly string[];
  ttlMs: number | undefined;
  memoryOnlyQuery: ReadonlySet<string>;
}

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
function normalizeQuery(query: string, policy: CompiledPolicy): { query: string; memoryOnly: boolean } | undefined {
  const pairs: Array<{ name: string; raw: string }> = [];
  let memoryOnly = false;
  for (const raw of query.split('&')) {
    if (raw === '') continue;
    const name = decodeName(raw.split('=', 1)[0]!);
    if (name === undefined || policy.perVisitorQuery.has(name)) return undefined;
    if (policy.memoryOnlyQuery.has(name)) memoryOnly = true;
    pairs.push({ name, raw });
  }
  if (pairs.length === 0) return { query: '', memoryOnly };
  pairs.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { query: `?${pairs.map((p) => p.raw).join('&')}`, memoryOnly };
}

/** Every path entry of the table with a cache policy, with its route and compiled group. */
export function cachedPaths(routes: readonly ProxyRoute[]) {
  return routePaths(routes, (path, route) =>
    path.cache ? { route, policy: path.cache as CachePolicy, groupOf: groupTemplate(path.cache.group, path.pattern) } : undefined,
  );
}

/**
 * Which reads of a route table are cacheable: a GET of a path entry with a cache policy, sent
 * without cookies or credentials and without a per-visitor query parameter. The paths are
 * compiled once into a PathIndex, so the check on every /api request is a Map lookup or two.
 */
export class CacheableReads {
  private readonly index: PathIndex<CompiledPolicy>;

  constructor(routes: readonly ProxyRoute[]) {
    this.index = new PathIndex(
      cachedPaths(routes).map(({ pattern, params, value }) => ({
        pattern,
        params,
        value: {
          service: value.route.service,
          groupOf: value.groupOf,
          perVisitorQuery: new Set(value.policy.perVisitorQuery),
          perVisitorHeaders: (value.policy.perVisitorHeaders ?? []).map((h) => h.toLowerCase()),
          ttlMs: value.policy.ttlMs,
          memoryOnlyQuery: new Set(value.policy.memoryOnlyQuery),
        },
      })),
    );
  }

  /** The read and its service when the request may be answered from the cache; else undefined. */
  find(method: string, url: string, headers: IncomingHttpHeaders): CachedRoute | undefined {
    if (method !== 'GET' || url.length > MAX_CACHED_URL_LENGTH) return undefined;
    // A staff member's browser (admin cookie) or any credentialed client is never served shared data.
    if (headers.cookie !== undefined || headers.authorization !== undefined) return undefined;

    const queryStart = url.indexOf('?');
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    const match = this.index.match(path);
    if (!match) return undefined;
    const policy = match.value;
    if (policy.perVisitorHeaders.some((name) => headers[name] !== undefined)) return undefined;
    const query = queryStart === -1 ? { query: '', memoryOnly: false } : normalizeQuery(url.slice(queryStart + 1), policy);
    if (query === undefined) return undefined;
    const read: CacheableRead = { key: `${path}${query.query}`, group: policy.groupOf(match.params) };
    if (policy.ttlMs !== undefined) read.ttlMs = policy.ttlMs;
    if (query.memoryOnly) read.shared = false;
    return { read, service: policy.service };
  }
}

const TABLE_READS = new CacheableReads(PROXY_ROUTES);

/**
 * The cache key and group of a GET the gateway's own table (PROXY_ROUTES) lets it cache: an
 * anonymous post list without `anon_token`, a post's detail, or the stats. Anything else is
 * undefined and goes to the service as usual.
 */
export function cacheableRead(method: string, url: string, headers: IncomingHttpHeaders): CacheableRead | undefined {
  return TABLE_READS.find(method, url, headers)?.read;
}
