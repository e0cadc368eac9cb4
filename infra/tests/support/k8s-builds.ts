/**
 * The builds the Kubernetes checks cover: the base, each overlay, and the prod overlay with each
 * optional component (rendered from a kustomization in a temporary folder, as an operator's own
 * overlay would include it).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { renderKustomization, type Manifest } from './kustomize.ts';
import { K8S_DIR } from './paths.ts';

export const BUILD_NAMES = ['base', 'overlays/dev', 'overlays/prod', 'overlays/prod + components/pgbouncer'] as const;
export type BuildName = (typeof BUILD_NAMES)[number];

function render(name: BuildName): Manifest[] {
  const [overlay, component] = name.split(' + ');
  if (!component) return renderKustomization(join(K8S_DIR, overlay!));
  const dir = mkdtempSync(join(tmpdir(), 'wfm-k8s-build-'));
  try {
    // kustomize takes relative paths only.
    const rel = (path: string) => relative(dir, join(K8S_DIR, path));
    writeFileSync(join(dir, 'kustomization.yaml'), `resources: [${rel(overlay!)}]\ncomponents: [${rel(component)}]\n`);
    return renderKustomization(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every build, rendered once per test file. */
export function renderBuilds(): Record<BuildName, Manifest[]> {
  return Object.fromEntries(BUILD_NAMES.map((name) => [name, render(name)])) as Record<BuildName, Manifest[]>;
}
