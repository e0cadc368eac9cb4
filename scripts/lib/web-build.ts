import { stat, readdir } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Sources whose change makes a web app's build stale (the app itself plus shared packages). */
const SHARED_SOURCES = ['packages/ui/src', 'packages/ui/build', 'packages/contracts/src'];

export const WEB_APPS = [
  { workspace: '@wfm/web', dir: 'web' },
  { workspace: '@wfm/admin-web', dir: 'admin-web' },
] as const;

async function newestMtime(target: string): Promise<number> {
  const info = await stat(target).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(target)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'dist-ssr') continue;
    newest = Math.max(newest, await newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when the app's dist/index.html is missing or older than any of its sources. */
export async function isBuildStale(dir: string): Promise<boolean> {
  const built = await stat(path.join(ROOT, dir, 'dist/index.html')).catch(() => null);
  if (!built) return true;
  // The web app's server renderer (web/dist-ssr), which a build before issue 27 did not make.
  if (dir === 'web' && !(await stat(path.join(ROOT, dir, 'dist-ssr/entry-server.mjs')).catch(() => null))) return true;
  const sources = [dir, ...SHARED_SOURCES].map((p) => path.join(ROOT, p));
  const newest = Math.max(...(await Promise.all(sources.map(newestMtime))));
  return newest > built.mtimeMs;
}

/** Builds every web app whose build is missing or stale; throws when a build fails. */
export async function buildWebAppsIfStale(log: (line: string) => void = console.log): Promise<void> {
  for (const app of WEB_APPS) {
    if (!(await isBuildStale(app.dir))) continue;
    log(`Building ${app.dir}/ (missing or stale build)...`);
    const result = spawnSync('npm', ['run', 'build', '--workspace', app.workspace], {
      cwd: ROOT,
      // A test runner's NODE_ENV=test would give React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (result.status !== 0) throw new Error(`Build of ${app.dir}/ failed (exit ${result.status})`);
  }
}

export const webDist = path.join(ROOT, 'web/dist');
export const adminDist = path.join(ROOT, 'admin-web/dist');
