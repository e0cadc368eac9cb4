import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

export interface WebApp {
  /** Shown in the "not built" page. */
  name: string;
  /** Workspace folder that builds it. */
  folder: string;
  /** URL prefix with a trailing slash. */
  prefix: string;
  /** Absolute path of the built app; undefined when this gateway serves no such app. */
  dist: string | undefined;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

/** Paths that never get an app's index.html: they are the API, the websocket or uploaded files. */
const NOT_APP_PATHS = /^\/(api|ws|uploads|internal)(\/|$)/;

/** Hashed build output (Vite's assets/) never changes under its name; index.html always may. */
function cacheControlFor(dist: string, file: string): string {
  const relative = path.relative(dist, file).split(path.sep).join('/');
  if (relative.startsWith('assets/')) return IMMUTABLE;
  if (relative.endsWith('.html')) return REVALIDATE;
  return SHORT;
}

/** Serves each built app's files under its prefix. */
export async function registerWebApps(app: FastifyInstance, apps: readonly WebApp[]): Promise<void> {
  let decorated = false;
  for (const web of apps) {
    if (!web.dist) continue;
    const dist = path.resolve(web.dist);
    await app.register(fastifyStatic, {
      root: dist,
      prefix: web.prefix,
      wildcard: true,
      index: false,
      dotfiles: 'ignore',
      // The build writes .br and .gz beside each asset (web/vite.config.ts): sent as they are.
      preCompressed: true,
      cacheControl: false,
      suppressWarning: true,
      decorateReply: !decorated,
      setHeaders: (reply, file) => {
        reply.header('cache-control', cacheControlFor(dist, file));
      },
    });
    decorated = true;
  }
}

/** The app whose client-side routes include `url`, or undefined for API-like paths. */
export function appForPath(apps: readonly WebApp[], url: string): WebApp | undefined {
  const pathname = url.split('?', 1)[0]!;
  if (NOT_APP_PATHS.test(pathname)) return undefined;
  const withSlash = pathname.endsWith('/') ? pathname : `${pathname}/`;
  // The longest prefix wins: /admin/... belongs to the admin app, everything else to the web app.
  return [...apps]
    .sort((a, b) => b.prefix.length - a.prefix.length)
    .find((web) => withSlash.startsWith(web.prefix));
}

/** True for a navigation: a GET (or HEAD) of a page that accepts HTML. */
export function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return (request.headers.accept ?? '').includes('text/html');
}

function notBuiltPage(web: WebApp): string {
  return [
    `The ${web.name} has not been built yet, so there is nothing to show here.`,
    '',
    `Build it with \`npm run build\` in the repository root (it builds ${web.folder}/dist),`,
    'or start the site with `npm start`, which builds missing apps first. Then reload this page.',
    '',
  ].join('\n');
}

/** A build's routes.json (web/vite.config.ts, routeManifest): the app's route patterns and what an `:id` looks like. */
interface RouteManifest {
  routes: string[];
  id: string;
}

interface RouteMatcher {
  mtimeMs: number;
  matches: (segments: readonly string[]) => boolean;
}

const matchers = new Map<string, RouteMatcher>();

function matcherOf(manifest: RouteManifest, mtimeMs: number): RouteMatcher {
  const id = new RegExp(manifest.id);
  const patterns = manifest.routes.map((route) => route.split('/').filter(Boolean));
  return {
    mtimeMs,
    // As the router matches: static segments ignore case, a trailing slash does not count.
    matches: (segments) =>
      patterns.some(
        (pattern) =>
          pattern.length === segments.length &&
          pattern.every((part, i) => (part.startsWith(':') ? id.test(segments[i]!) : part.toLowerCase() === segments[i]!.toLowerCase())),
      ),
  };
}

/**
 * Whether the app has a page for `url` (its path below the app's prefix): a route of the build's
 * routes.json, with a well-formed id where the route has one. A build without the file (an older
 * build, the admin app) has a page for every path: its shell decides.
 */
export async function hasPage(web: WebApp, url: string): Promise<boolean> {
  if (web.dist === undefined) return true;
  const file = path.join(path.resolve(web.dist), 'routes.json');
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return true;
  let matcher = matchers.get(file);
  if (!matcher || matcher.mtimeMs !== info.mtimeMs) {
    const manifest = JSON.parse(await readFile(file, 'utf8')) as RouteManifest;
    matcher = matcherOf(manifest, info.mtimeMs);
    matchers.set(file, matcher);
  }
  const pathname = url.split('?', 1)[0]!.slice(web.prefix.length - 1);
  let segments: string[];
  try {
    segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return false;
  }
  return matcher.matches(segments);
}

export function isBuilt(web: WebApp): boolean {
  return web.dist !== undefined && existsSync(path.join(path.resolve(web.dist), 'index.html'));
}

/**
 * Answers a client-side route with the app's index.html, or a 503 page when it is not built. A
 * 404 (a path the app has no page for, which the shell draws as its not-found page) tells robots
 * to leave it out.
 */
export async function sendAppShell(reply: FastifyReply, web: WebApp): Promise<FastifyReply> {
  reply.header('vary', 'Accept');
  if (reply.statusCode === 404) reply.header('x-robots-tag', 'noindex');
  const dist = web.dist === undefined ? undefined : path.resolve(web.dist);
  const index = dist === undefined ? null : await stat(path.join(dist, 'index.html')).catch(() => null);
  if (dist === undefined || !index?.isFile()) {
    return reply
      .code(503)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(notBuiltPage(web));
  }
  return reply.sendFile('index.html', dist);
}
