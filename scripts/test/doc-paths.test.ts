/**
 * Docs name only files that exist: every repo path a doc names (in backticks or as a link target)
 * must be there. A path counts when it starts with a top-level folder of the repo (`services/...`,
 * `web/src/...`, `docs/...`) or, in a doc below the root, with a folder next to that doc (`src/...`
 * in web/README.md is web/src/...). Patterns (`*`, `<area>`, `{id}`, `...`) and build output
 * (`dist/`, `.data/`, `node_modules/`, and test output in `test-results/`) are not paths to check. Links resolve from the doc's folder and
 * must stay inside the repo; backticked `./` and `../` paths are left alone (they are written relative
 * to something the prose names, such as a kustomize overlay).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** README.md, docs/*.md and every README.md one or two folders down (workspaces, services, packages). */
function docFiles(): string[] {
  const docs = ['README.md'];
  for (const name of readdirSync(path.join(ROOT, 'docs'))) if (name.endsWith('.md')) docs.push(`docs/${name}`);
  for (const top of readdirSync(ROOT)) {
    if (top === 'node_modules' || top.startsWith('.')) continue;
    if (!statSync(path.join(ROOT, top)).isDirectory()) continue;
    if (existsSync(path.join(ROOT, top, 'README.md'))) docs.push(`${top}/README.md`);
    for (const sub of readdirSync(path.join(ROOT, top))) {
      if (sub === 'node_modules' || sub.startsWith('.')) continue;
      const readme = path.join(top, sub, 'README.md');
      if (existsSync(path.join(ROOT, readme))) docs.push(readme);
    }
  }
  return docs;
}

const PATTERN = /[*<>{}]|\.\.\.|…/;
const BUILD_OUTPUT = /(^|\/)(dist|dist-ssr|\.data|node_modules|coverage|test-results|\.bench)(\/|$)/;

/** Strips what follows a path in prose: a line number, an anchor, a trailing slash or punctuation. */
function cleanPath(raw: string): string {
  return raw
    .trim()
    .replace(/#.*$/, '')
    .replace(/:\d+(-\d+)?$/, '')
    .replace(/[.,;:)]+$/, '')
    .replace(/\/+$/, '');
}

interface NamedPath {
  /** As written in the doc. */
  written: string;
  /** Repo-relative, resolved against the repo root or the doc's folder. */
  resolved: string;
}

/**
 * The repo paths a markdown text names. `doc` is the doc's repo-relative path. Under a `## <name>`
 * heading where `<name>` is a folder next to the doc (services/README.md's `## forum`), folder-relative
 * paths (`src/...`) resolve in that folder.
 */
function namedPaths(doc: string, text: string, exists: (p: string) => boolean): NamedPath[] {
  const docDir = path.posix.dirname(doc);
  const found: NamedPath[] = [];
  let base = docDir;
  const sections = text.replace(/```[\s\S]*?```/g, '').split(/^(?=## )/m);
  for (const section of sections) {
    const heading = /^## +([\w.-]+)\s*$/m.exec(section.split('\n')[0] ?? '');
    const sectionDir = heading && docDir !== '.' ? path.posix.join(docDir, heading[1]!) : undefined;
    base = sectionDir && exists(sectionDir) ? sectionDir : docDir;
    found.push(...pathsIn(section, docDir, base, exists));
  }
  return found;
}

function pathsIn(text: string, docDir: string, base: string, exists: (p: string) => boolean): NamedPath[] {
  const found: NamedPath[] = [];
  const candidates: { raw: string; link: boolean }[] = [];
  for (const m of text.matchAll(/`([^`\n]+)`/g)) candidates.push({ raw: m[1]!, link: false });
  for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) candidates.push({ raw: m[1]!, link: true });
  for (const { raw, link } of candidates) {
    const written = cleanPath(raw);
    if (!written || /^[a-z]+:/i.test(written) || written.startsWith('#') || /\s/.test(written)) continue;
    if (PATTERN.test(written) || written.startsWith('@') || written.startsWith('/')) continue;
    if (link) {
      const resolved = path.posix.normalize(path.posix.join(docDir, written));
      if (BUILD_OUTPUT.test(resolved)) continue;
      found.push({ written, resolved });
      continue;
    }
    if (!written.includes('/') || written.startsWith('./') || written.startsWith('../')) continue;
    const first = written.split('/')[0]!;
    let resolved: string | undefined;
    if (exists(first)) {
      resolved = written;
    } else if (base !== '.' && exists(path.posix.join(base, first))) {
      resolved = path.posix.join(base, written);
    }
    if (!resolved || BUILD_OUTPUT.test(resolved)) continue;
    found.push({ written, resolved });
  }
  return found;
}

const existsInRepo = (p: string) => !p.startsWith('..') && existsSync(path.join(ROOT, p));

describe('doc paths', () => {
  test('the extractor finds backticked, linked and doc-relative paths, and skips patterns', () => {
    const exists = (p: string) =>
      ['services', 'web', 'web/src', 'docs', 'scripts', 'web/forum', 'web/forum/src'].includes(p);
    const text = [
      'See `services/forum/src/app.ts`, [the log](decisions.md) and [design](../../shared/DESIGN.md).',
      'In the web app `src/features/feed` holds it; `services/*/src` and `src/<area>/x.ts` are patterns.',
      '`web/dist/routes.json` is built; `@wfm/contracts/forum` is a package; `app.ts` names no folder.',
      '```sh\ncat `services/in-a-code-block.ts`\n```',
      '`docs/admin.md#roles`, `scripts/lib/bench.ts:12`, `../../components/app` (kustomize-relative).',
      '## forum',
      'The area `src/posts/posts-service.ts`, a missing `src/gone/x.ts`, and `docs/a.md`.',
      '## Not a folder',
      '`src/features/x`',
    ].join('\n');
    expect(namedPaths('web/README.md', text, exists).map((p) => p.resolved)).toEqual([
      'services/forum/src/app.ts',
      'web/src/features/feed',
      'docs/admin.md',
      'scripts/lib/bench.ts',
      'web/decisions.md',
      '../shared/DESIGN.md',
      'web/forum/src/posts/posts-service.ts',
      'web/forum/src/gone/x.ts',
      'docs/a.md',
      'web/src/features/x',
    ]);
  });

  test('every path a README or doc names exists in the repo', () => {
    const docs = docFiles();
    expect(docs).toContain('docs/decisions.md');
    expect(docs).toContain('services/README.md');
    const missing: string[] = [];
    let checked = 0;
    for (const doc of docs) {
      const text = readFileSync(path.join(ROOT, doc), 'utf8');
      for (const { written, resolved } of namedPaths(doc, text, existsInRepo)) {
        checked += 1;
        if (!existsInRepo(resolved)) missing.push(`${doc}: ${written}${written === resolved ? '' : ` (${resolved})`}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
