/**
 * Every service reads the same way (docs/architecture.md, "How to add a service", step 2): the
 * guard runs over every services/<name>/src, and over fixture services that break each rule so a
 * rule that silently checks nothing fails here.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/paths.ts';
import { serviceDirs, serviceLayoutProblems } from './support/service-layout.ts';

const services = serviceDirs(join(REPO_ROOT, 'services'));

describe('service layout', () => {
  it('finds every service', () => {
    expect(services.map((s) => s.name)).toEqual(expect.arrayContaining(['admin', 'forum', 'identity']));
  });

  it.each(services)('services/$name/src has SQL only in repositories and every file in <area>/<area>-<role>.ts', ({ name, dir }) => {
    expect(serviceLayoutProblems(dir, name)).toEqual([]);
  });
});

describe('the layout guard', () => {
  const work = mkdtempSync(join(tmpdir(), 'wfm-layout-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  let n = 0;

  /** Problems found in a fixture service made of these files (paths under src/). */
  function problemsOf(files: Record<string, string>, serviceName = 'fixture'): string[] {
    const dir = join(work, `service-${n++}`);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, 'src', path)), { recursive: true });
      writeFileSync(join(dir, 'src', path), text);
    }
    return serviceLayoutProblems(dir, serviceName).map((p) => `${p.file}: ${p.problem}`);
  }

  const app = 'export const service: ServiceDefinition = {\n  name: "forum",\n  routes: [postsRoutes],\n};\n\nexport default service;\n';
  const skeleton = { 'app.ts': app, 'server.ts': "import './app.ts';\n" };
  const repository = "export const find = (db: Db, id: number) => db`SELECT id FROM posts WHERE id = ${id}`;\n";

  it('accepts a skeleton and a well-formed area', () => {
    expect(problemsOf(skeleton)).toEqual([]);
    expect(
      problemsOf({
        ...skeleton,
        'rate-limits.ts': 'export const LIMITS = {};\n',
        'context.ts': 'export interface FixtureContext extends ServiceContext { mailer: Mailer }\n',
        'posts/posts-routes.ts': 'export const postsRoutes = async () => {};\n',
        'posts/posts-staff-routes.ts': 'export const postsStaffRoutes = async () => {};\n',
        'posts/posts-service.ts': '// SELECT in a comment is no SQL\nexport const rule = (sql: Sql) => sql.begin(async () => 1);\n',
        'posts/posts-repository.ts': repository,
        'posts/posts-comments-repository.ts': repository,
        'posts/posts-search-ranking.ts': 'export const WEIGHTS = [1, 2];\n',
      }),
    ).toEqual([]);
  });

  it('refuses SQL outside a repository', () => {
    expect(problemsOf({ ...skeleton, 'posts/posts-service.ts': repository })).toEqual([
      'src/posts/posts-service.ts: SQL (a tagged SQL template) outside a *-repository.ts file',
    ]);
    expect(problemsOf({ ...skeleton, 'posts/posts-repository-notes.ts': repository })).toEqual([
      'src/posts/posts-repository-notes.ts: SQL (a tagged SQL template) outside a *-repository.ts file',
    ]);
    expect(problemsOf({ ...skeleton, 'posts/posts-cleanup-job.ts': 'export const q = "DELETE FROM uploads WHERE old";\n' })).toEqual([
      'src/posts/posts-cleanup-job.ts: SQL (DELETE) outside a *-repository.ts file',
    ]);
    expect(problemsOf({ ...skeleton, 'app.ts': `${app}export const ready = (sql: Sql) => sql.unsafe("SELECT 1");\n` })).toEqual([
      'src/app.ts: SQL (sql.unsafe) outside a *-repository.ts file',
    ]);
  });

  it('refuses the old flat layout and misnamed files', () => {
    expect(problemsOf({ ...skeleton, 'post-repository.ts': repository, 'routes/posts.ts': 'export {};\n' })).toEqual([
      'src/post-repository.ts: a top-level file other than app.ts, context.ts, server.ts, worker.ts, env.ts, rate-limits.ts: move it into src/<area>/<area>-<role>.ts',
      'src/post-repository.ts: SQL (a tagged SQL template) outside a *-repository.ts file',
      'src/routes/posts.ts: not named <area>-<role>.ts after its area "routes"',
    ]);
    expect(problemsOf({ ...skeleton, 'posts/post-routes.ts': 'export {};\n', 'posts/posts-public-routes.ts': 'export {};\n' })).toEqual([
      'src/posts/post-routes.ts: not named <area>-<role>.ts after its area "posts"',
      'src/posts/posts-public-routes.ts: route files are posts-routes.ts or posts-staff-routes.ts',
    ]);
    expect(problemsOf({ ...skeleton, 'posts/search/posts-search.ts': 'export {};\n', 'posts/posts-notes.md': '' })).toEqual([
      'src/posts/posts-notes.md: only TypeScript modules belong in src',
      'src/posts/search/posts-search.ts: nested deeper than src/<area>/: areas are one level',
    ]);
  });

  it('refuses "admin" in file names and declared names (but the admin service may say its own name)', () => {
    expect(problemsOf({ ...skeleton, 'posts/posts-admin-routes.ts': 'export const adminRoutes = 1;\n' })).toEqual([
      'src/posts/posts-admin-routes.ts: route files are posts-routes.ts or posts-staff-routes.ts',
      'src/posts/posts-admin-routes.ts: file or folder named "admin": inside services the word is "staff"',
      'src/posts/posts-admin-routes.ts: declares "adminRoutes": inside services the word is "staff"',
    ]);
    expect(problemsOf({ ...skeleton, 'context.ts': 'export interface AdminContext extends ServiceContext {}\n' }, 'admin')).toEqual([]);
  });

  it('refuses Fastify in service modules: they take the context, routes read the request', () => {
    const fastify = "import type { FastifyRequest } from 'fastify';\nexport const rule = (req: FastifyRequest) => req.id;\n";
    expect(problemsOf({ ...skeleton, 'posts/posts-service.ts': fastify, 'posts/posts-staff-service.ts': fastify, 'posts/posts-routes.ts': fastify })).toEqual([
      'src/posts/posts-service.ts: a service module imports fastify: service functions take the context (ctx), routes read the request',
      'src/posts/posts-staff-service.ts: a service module imports fastify: service functions take the context (ctx), routes read the request',
    ]);
  });

  it('refuses an app.ts of another shape: a factory, routes not listed, no default export', () => {
    const factory = 'export function createPostsService(opts = {}): ServiceDefinition {\n  return { routes: async () => {} };\n}\nexport const service = createPostsService();\n';
    expect(problemsOf({ ...skeleton, 'app.ts': factory })).toEqual([
      'src/app.ts: app.ts exports its definition as `export const service: ServiceDefinition<...> = {...}`',
      'src/app.ts: app.ts lists its route modules in `routes: [...]`',
      'src/app.ts: app.ts ends with `export default service;`',
      'src/app.ts: app.ts exports no functions: one definition, no factory',
    ]);
  });
});
