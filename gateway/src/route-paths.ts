import type { ProxyRoute, RoutePath } from './routes.ts';

/** A path entry found for a request path, with its route and the values of its parameters. */
export interface PathMatch<T> {
  value: T;
  params: Record<string, string>;
}

interface Terminal<T> {
  value: T;
  /** Parameter names in the order their segments appear. */
  names: readonly string[];
  checks: Record<string, RegExp> | undefined;
}

interface Node<T> {
  exact: Map<string, Node<T>>;
  param: Node<T> | undefined;
  terminal: Terminal<T> | undefined;
}

const SLASH = 0x2f;

const newNode = <T>(): Node<T> => ({ exact: new Map(), param: undefined, terminal: undefined });

/**
 * Path templates (`/api/posts`, `/api/posts/:id`) compiled once into a tree of segments, so a
 * lookup costs one Map lookup for a path without parameters and one per segment otherwise, never
 * a loop of regular expressions over the table. Exact segments win over parameters; a parameter
 * matches one non-empty segment, and its `params` check, if any, must pass.
 */
export class PathIndex<T> {
  private readonly root = newNode<T>();
  /** Templates without parameters, by their full path, with their (shared, never changed) match: the common lookups. */
  private readonly exact = new Map<string, PathMatch<T>>();

  constructor(entries: Iterable<{ pattern: string; params?: Record<string, RegExp>; value: T }>) {
    for (const { pattern, params, value } of entries) {
      if (!pattern.startsWith('/')) throw new Error(`route path ${pattern} must start with /`);
      let node = this.root;
      const names: string[] = [];
      for (const segment of pattern.split('/').slice(1)) {
        if (segment.startsWith(':')) {
          names.push(segment.slice(1));
          node = node.param ??= newNode();
        } else {
          let next = node.exact.get(segment);
          if (!next) node.exact.set(segment, (next = newNode()));
          node = next;
        }
      }
      if (node.terminal) throw new Error(`route path ${pattern} is listed twice`);
      for (const name of Object.keys(params ?? {})) {
        if (!names.includes(name)) throw new Error(`route path ${pattern} checks a parameter it does not have: ${name}`);
      }
      node.terminal = { value, names, checks: params };
      if (names.length === 0) this.exact.set(pattern, Object.freeze({ value, params: Object.freeze({}) }));
    }
  }

  /** The entry of `path` (no query), if any. */
  match(path: string): PathMatch<T> | undefined {
    const exact = this.exact.get(path);
    if (exact !== undefined) return exact;
    if (path.charCodeAt(0) !== SLASH) return undefined;
    return this.walk(this.root, path, 1, []);
  }

  /** Matches the segment starting at `from` (just after a slash) and the rest, exact segments first. */
  private walk(node: Node<T>, path: string, from: number, values: string[]): PathMatch<T> | undefined {
    const slash = path.indexOf('/', from);
    const end = slash === -1 ? path.length : slash;
    const segment = path.slice(from, end);
    const next = node.exact.get(segment);
    const found = next && this.rest(next, path, slash, values);
    if (found || !node.param || segment === '') return found;
    values.push(segment);
    const viaParam = this.rest(node.param, path, slash, values);
    values.pop();
    return viaParam;
  }

  private rest(node: Node<T>, path: string, slash: number, values: string[]): PathMatch<T> | undefined {
    if (slash === -1) return node.terminal && this.accept(node.terminal, values);
    return this.walk(node, path, slash + 1, values);
  }

  private accept(terminal: Terminal<T>, values: readonly string[]): PathMatch<T> | undefined {
    const params: Record<string, string> = {};
    for (let i = 0; i < terminal.names.length; i++) {
      const name = terminal.names[i]!;
      const value = values[i]!;
      if (terminal.checks?.[name] && !terminal.checks[name].test(value)) return undefined;
      params[name] = value;
    }
    return { value: terminal.value, params };
  }
}

/**
 * Every path entry of the table with its route, `select`ed; throws when a path is not below its
 * route's prefix (it would never be proxied to that route's service).
 */
export function routePaths<T>(
  routes: readonly ProxyRoute[],
  select: (path: RoutePath, route: ProxyRoute) => T | undefined,
): Array<{ pattern: string; params?: Record<string, RegExp>; value: T }> {
  const selected: Array<{ pattern: string; params?: Record<string, RegExp>; value: T }> = [];
  for (const route of routes) {
    for (const path of route.paths ?? []) {
      if (path.pattern !== route.prefix && !path.pattern.startsWith(`${route.prefix}/`)) {
        throw new Error(`route path ${path.pattern} is not below its prefix ${route.prefix}`);
      }
      const value = select(path, route);
      if (value !== undefined) selected.push({ pattern: path.pattern, params: path.params, value });
    }
  }
  return selected;
}
