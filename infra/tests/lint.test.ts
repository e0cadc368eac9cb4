/**
 * The repository's lint (eslint.config.js) really enforces what it claims: it is run through
 * ESLint's Node API on probe files placed where the rules apply. A rule that silently checks
 * nothing (as import-x/no-cycle did while import-x could not parse .ts files) fails here.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './support/paths.ts';

const eslint = new ESLint({ cwd: REPO_ROOT });

// Probe files on disk (no-cycle follows imports through the files themselves), in a folder lint covers.
const probeDir = join(REPO_ROOT, 'infra/tests', `lint-probe-${randomBytes(4).toString('hex')}`);
afterAll(() => rmSync(probeDir, { recursive: true, force: true }));

function writeProbe(files: Record<string, string>): string[] {
  mkdirSync(probeDir, { recursive: true });
  return Object.entries(files).map(([name, text]) => {
    writeFileSync(join(probeDir, name), text);
    return join(probeDir, name);
  });
}

/** `rule: message` for every problem lint reports in these files. */
async function lintFiles(paths: string[]): Promise<string[]> {
  const results = await eslint.lintFiles(paths);
  return results.flatMap((r) => r.messages.map((m) => `${relative(probeDir, r.filePath)} ${m.ruleId}: ${m.message}`));
}

/** Lints `text` as if it were the repository file `filePath` (which need not exist). */
async function lintAs(filePath: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: join(REPO_ROOT, filePath) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const dirs = (path: string): string[] =>
  readdirSync(join(REPO_ROOT, path)).filter((d) => statSync(join(REPO_ROOT, path, d)).isDirectory()).sort();

/** The first .ts/.tsx file under `dir` (repository-relative), depth first. */
function firstSourceFile(dir: string): string | undefined {
  for (const entry of readdirSync(join(REPO_ROOT, dir)).sort()) {
    const path = `${dir}/${entry}`;
    if (statSync(join(REPO_ROOT, path)).isDirectory()) {
      const found = firstSourceFile(path);
      if (found) return found;
    } else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) return path;
  }
  return undefined;
}

describe('lint: import cycles', () => {
  it('fails on a two-file cycle and passes once the cycle is gone', async () => {
    const [a, b] = writeProbe({
      'cycle-a.ts': "import { b } from './cycle-b.ts';\nexport const a = (): number => b() + 1;\n",
      'cycle-b.ts': "import { a } from './cycle-a.ts';\nexport const b = (): number => (Math.random() > 2 ? a() : 0);\n",
    });
    const problems = await lintFiles([a!, b!]);
    expect(problems).toEqual([
      'cycle-a.ts import-x/no-cycle: Dependency cycle detected',
      'cycle-b.ts import-x/no-cycle: Dependency cycle detected',
    ]);

    writeProbe({ 'cycle-b.ts': 'export const b = (): number => 0;\n' });
    expect(await lintFiles([a!, b!])).toEqual([]);
  });

  it('finds a cycle through a longer chain', async () => {
    const paths = writeProbe({
      'chain-a.ts': "import { b } from './chain-b.ts';\nexport const a = (): number => b();\n",
      'chain-b.ts': "import { c } from './chain-c.ts';\nexport const b = (): number => c();\n",
      'chain-c.ts': "import { a } from './chain-a.ts';\nexport const c = (): number => (Math.random() > 2 ? a() : 0);\n",
    });
    const problems = await lintFiles(paths);
    expect(problems.filter((p) => p.includes('import-x/no-cycle'))).toHaveLength(3);
  });
});

describe('lint: boundaries', () => {
  const services = dirs('services').filter((s) => existsSync(join(REPO_ROOT, 'services', s, 'src')));

  it('refuses a service importing another service, in its code and in its tests', async () => {
    expect(services.length).toBeGreaterThan(1);
    for (const [i, service] of services.entries()) {
      const other = services[(i + 1) % services.length]!;
      const target = firstSourceFile(`services/${other}/src`)!;
      for (const where of ['src', 'test']) {
        const from = `services/${service}/${where}/lint-probe.ts`;
        const specifier = relative(join(REPO_ROOT, from, '..'), join(REPO_ROOT, target));
        const problems = await lintAs(from, `import * as other from '${specifier}';\nexport const probe = other;\n`);
        expect(problems, `${from} -> ${target}`).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*never imports another service/)]);
      }
    }
  });

  it('refuses a service importing the gateway and a package importing a service', async () => {
    const gateway = firstSourceFile('gateway/src')!;
    expect(await lintAs('services/forum/src/lint-probe.ts', `import * as g from '../../../${gateway}';\nexport const probe = g;\n`))
      .toEqual([expect.stringMatching(/no-restricted-paths: .*Services do not import the gateway/)]);
    const service = firstSourceFile('services/forum/src')!;
    expect(await lintAs('packages/contracts/src/lint-probe.ts', `import * as s from '../../../${service}';\nexport const probe = s;\n`))
      .toEqual([expect.stringMatching(/no-restricted-paths: .*packages\/ never import services/)]);
  });

  for (const app of ['web', 'admin-web']) {
    it(`refuses a ${app} feature importing another feature, and shared code importing a feature`, async () => {
      const features = dirs(`${app}/src/features`).filter((f) => firstSourceFile(`${app}/src/features/${f}`));
      expect(features.length).toBeGreaterThan(1);
      const [mine, other] = features as [string, string];
      const otherFile = firstSourceFile(`${app}/src/features/${other}`)!;
      const ownFile = firstSourceFile(`${app}/src/features/${mine}`)!;
      const from = `${app}/src/features/${mine}/lint-probe.ts`;
      const spec = (target: string) => {
        const path = relative(join(REPO_ROOT, from, '..'), join(REPO_ROOT, target));
        return path.startsWith('.') ? path : `./${path}`;
      };
      expect(await lintAs(from, `import * as f from '${spec(otherFile)}';\nexport const probe = f;\n`))
        .toEqual([expect.stringMatching(/no-restricted-paths: .*Features do not import each other/)]);
      // The same import from inside its own feature is allowed.
      expect(await lintAs(from, `import * as f from '${spec(ownFile)}';\nexport const probe = f;\n`)).toEqual([]);
      const shared = `${app}/src/lib/lint-probe.ts`;
      const fromShared = relative(join(REPO_ROOT, shared, '..'), join(REPO_ROOT, ownFile));
      expect(await lintAs(shared, `import * as f from '${fromShared}';\nexport const probe = f;\n`))
        .toEqual([expect.stringMatching(/no-restricted-paths: .*Shared code does not import features/)]);
    });
  }
});

describe('lint: names and blocks', () => {
  it('wants kebab-case file and folder names', async () => {
    const ok = 'export const probe = 1;\n';
    expect(await lintAs('services/forum/src/posts/post-routes.ts', ok)).toEqual([]);
    expect(await lintAs('web/src/components/post-card.test.tsx', ok)).toEqual([]);
    expect(await lintAs('services/forum/src/postRoutes.ts', ok))
      .toEqual([expect.stringMatching(/^check-file\/filename-naming-convention: .*postRoutes\.ts.*KEBAB_CASE/)]);
    expect(await lintAs('web/src/components/PostCard.tsx', ok))
      .toEqual([expect.stringMatching(/^check-file\/filename-naming-convention: .*PostCard\.tsx/)]);
    expect(await lintAs('services/forum/src/post_routes.ts', ok))
      .toEqual([expect.stringMatching(/^check-file\/filename-naming-convention/)]);
    expect(await lintAs('services/forum/src/postsArea/post-routes.ts', ok))
      .toEqual([expect.stringMatching(/^check-file\/folder-naming-convention: .*postsArea/)]);
  });

  it('refuses a lone block', async () => {
    expect(await lintAs('services/forum/src/lint-probe.ts', 'export function f(): number {\n  {\n    return 1;\n  }\n}\n'))
      .toEqual(['no-lone-blocks: Nested block is redundant.']);
    // A block that scopes a const is not lone.
    expect(await lintAs('services/forum/src/lint-probe.ts', 'export function f(): number {\n  {\n    const x = 1;\n    void x;\n  }\n  return 2;\n}\n'))
      .toEqual([]);
  });
});
