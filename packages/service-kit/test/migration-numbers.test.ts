import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrationNames } from '../src/migrate.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SKIP = new Set(['node_modules', 'dist', 'dist-ssr', 'coverage', 'build']);

/** Every folder of the repo named `migrations` (or `*-migrations`, the kit's fixtures), below ROOT. */
function migrationFolders(dir = ROOT): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.') || SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (/(^|-)migrations$/.test(entry.name)) found.push(path);
    found.push(...migrationFolders(path));
  }
  return found;
}

/** `folder: number (a, b)` for every number two or more migrations of a folder share, and unnumbered files. */
function numberClashes(folder: string): string[] {
  const byNumber = new Map<string, string[]>();
  const clashes: string[] = [];
  for (const name of migrationNames(folder)) {
    const number = /^(\d+)_/.exec(name)?.[1];
    if (number === undefined) {
      clashes.push(`${relative(ROOT, folder)}: ${name} has no number`);
      continue;
    }
    const key = String(Number(number));
    byNumber.set(key, [...(byNumber.get(key) ?? []), name]);
  }
  for (const [number, names] of byNumber) {
    if (names.length > 1) clashes.push(`${relative(ROOT, folder)}: ${number} (${names.join(', ')})`);
  }
  return clashes;
}

describe('migration numbers', () => {
  const folders = migrationFolders();

  it('finds the migrations of the kit and of every service', () => {
    const names = folders.map((f) => relative(ROOT, f));
    expect(names).toContain(join('packages', 'service-kit', 'migrations'));
    const services = readdirSync(join(ROOT, 'services'), { withFileTypes: true }).filter((e) => e.isDirectory());
    for (const s of services) expect(names).toContain(join('services', s.name, 'migrations'));
  });

  // node-pg-migrate orders files of one number by name, so two of them apply in whatever order
  // their names sort; a clash is a renumbering waiting to happen (RENUMBERED_MIGRATIONS).
  it('refuses two migrations with the same number in any migrations folder', () => {
    expect(folders.flatMap(numberClashes)).toEqual([]);
  });
});
