/**
 * A small kustomize renderer: enough of `kustomize build` for infra/k8s (resources, namespace,
 * labels, images, replicas, strategic-merge patches with or without a target), so tests can check
 * the manifests an overlay really produces without the kustomize binary. Anything it does not
 * implement throws, so it never silently renders something different from kustomize.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';

// Parsed YAML of any shape: the checks read it defensively (optional chaining, explicit comparisons).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Manifest = Record<string, any>;

interface PatchTarget {
  kind?: string;
  name?: string;
  namespace?: string;
  labelSelector?: string;
  annotationSelector?: string;
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  resources?: string[];
  labels?: { pairs: Record<string, string>; includeSelectors?: boolean; includeTemplates?: boolean }[];
  images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
  replicas?: { name: string; count: number }[];
  patches?: { path?: string; patch?: string; target?: PatchTarget }[];
}

const SUPPORTED_KEYS = new Set([
  'apiVersion', 'kind', 'namespace', 'resources', 'labels', 'images', 'replicas', 'patches',
]);
const CLUSTER_SCOPED_KINDS = new Set([
  'Namespace', 'ClusterRole', 'ClusterRoleBinding', 'PersistentVolume', 'StorageClass',
  'CustomResourceDefinition', 'PriorityClass', 'IngressClass',
]);
const WORKLOAD_KINDS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job']);
const SCALABLE_KINDS = new Set(['Deployment', 'StatefulSet', 'ReplicaSet']);
/** Strategic-merge keys of the lists this repo patches; every other list is replaced. */
const LIST_MERGE_KEYS: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
  imagePullSecrets: 'name',
};

function mergeKeyOf(field: string, item: Manifest): string | undefined {
  // Container ports merge by containerPort, Service ports by port.
  if (field === 'ports') return 'containerPort' in item ? 'containerPort' : 'port';
  return LIST_MERGE_KEYS[field];
}

export function readYamlDocuments(file: string): Manifest[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).flatMap((doc) => {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0]!.message}`);
    const value = doc.toJS();
    return value == null ? [] : [value as Manifest];
  });
}

/** Renders the kustomization in `dir` like `kustomize build dir`. */
export function renderKustomization(dir: string): Manifest[] {
  const file = join(dir, 'kustomization.yaml');
  if (!existsSync(file)) throw new Error(`${dir}: no kustomization.yaml`);
  const [k] = readYamlDocuments(file) as [Kustomization];
  for (const key of Object.keys(k)) {
    if (!SUPPORTED_KEYS.has(key)) throw new Error(`${file}: "${key}" is not supported by this renderer`);
  }

  let resources: Manifest[] = [];
  for (const entry of k.resources ?? []) {
    const path = resolve(dir, entry);
    resources.push(...(statSync(path).isDirectory() ? renderKustomization(path) : readYamlDocuments(path)));
  }
  assertUniqueIds(resources, dir);

  for (const p of k.patches ?? []) resources = applyPatchEntry(resources, p, dir);
  if (k.namespace) {
    for (const r of resources) {
      if (!CLUSTER_SCOPED_KINDS.has(r.kind)) r.metadata = { ...r.metadata, namespace: k.namespace };
    }
  }
  for (const l of k.labels ?? []) applyLabels(resources, l);
  for (const r of k.replicas ?? []) {
    const targets = resources.filter((m) => SCALABLE_KINDS.has(m.kind) && m.metadata?.name === r.name);
    if (targets.length === 0) throw new Error(`${dir}: replicas for unknown workload ${r.name}`);
    for (const t of targets) t.spec = { ...t.spec, replicas: r.count };
  }
  for (const image of k.images ?? []) applyImage(resources, image);
  return resources;
}

export function resourceId(m: Manifest): string {
  return `${m.kind}/${m.metadata?.namespace ? `${m.metadata.namespace}/` : ''}${m.metadata?.name}`;
}

function assertUniqueIds(resources: Manifest[], dir: string): void {
  const seen = new Set<string>();
  for (const r of resources) {
    const id = resourceId(r);
    if (seen.has(id)) throw new Error(`${dir}: ${id} is defined more than once`);
    seen.add(id);
  }
}

function applyPatchEntry(
  resources: Manifest[],
  entry: { path?: string; patch?: string; target?: PatchTarget },
  dir: string,
): Manifest[] {
  const where = entry.path ? join(dir, entry.path) : `${dir} (inline patch)`;
  const docs = entry.path
    ? readYamlDocuments(join(dir, entry.path))
    : parseAllDocuments(entry.patch ?? '').map((d) => d.toJS() as Manifest).filter((d) => d != null);
  let out = resources;
  for (const patch of docs) {
    if (Array.isArray(patch)) throw new Error(`${where}: JSON 6902 patches are not supported`);
    const targets = entry.target
      ? out.filter((r) => matchesTarget(r, entry.target!))
      : out.filter((r) => r.kind === patch.kind && r.metadata?.name === patch.metadata?.name);
    if (targets.length === 0) throw new Error(`${where}: the patch matches no resource`);
    if (!entry.target && targets.length > 1) throw new Error(`${where}: the patch matches several resources`);
    const directive = patch.$patch;
    if (directive === 'delete') {
      out = out.filter((r) => !targets.includes(r));
      continue;
    }
    if (directive !== undefined) throw new Error(`${where}: $patch: ${String(directive)} is not supported`);
    const { metadata, ...rest } = patch;
    const { name: _ignoredName, ...metadataRest } = metadata ?? {};
    out = out.map((r) => (targets.includes(r) ? (strategicMerge(r, { ...rest, metadata: metadataRest }) as Manifest) : r));
  }
  return out;
}

function matchesTarget(r: Manifest, t: PatchTarget): boolean {
  if (t.kind && r.kind !== t.kind) return false;
  if (t.name && !new RegExp(`^(?:${t.name})$`).test(r.metadata?.name ?? '')) return false;
  if (t.namespace && r.metadata?.namespace !== t.namespace) return false;
  if (t.labelSelector && !matchesSelectorString(r.metadata?.labels ?? {}, t.labelSelector)) return false;
  if (t.annotationSelector && !matchesSelectorString(r.metadata?.annotations ?? {}, t.annotationSelector)) {
    return false;
  }
  return true;
}

/** Equality-based selector strings: "a=b,c!=d" ("==" also accepted). */
function matchesSelectorString(labels: Record<string, string>, selector: string): boolean {
  return selector.split(',').every((term) => {
    const m = /^\s*([^!=\s]+)\s*(!=|==|=)\s*(\S*)\s*$/.exec(term);
    if (!m) throw new Error(`unsupported selector "${selector}"`);
    const [, key, op, value] = m;
    return op === '!=' ? labels[key!] !== value : labels[key!] === value;
  });
}

/** Strategic merge as kustomize does it: maps merge, keyed lists merge by key, null deletes a field. */
export function strategicMerge(base: unknown, patch: unknown, field = ''): unknown {
  if (patch === null) return undefined;
  if (Array.isArray(patch)) {
    const first = patch[0] as Manifest | undefined;
    const key = isObject(first) ? mergeKeyOf(field, first) : undefined;
    if (!key || !Array.isArray(base)) return structuredClone(patch);
    // Like kustomize (kyaml): the patch's items first, in its order, then the base's others.
    const patched = (patch as Manifest[]).map((item) =>
      strategicMerge(base.find((b) => b?.[key] === item[key]), item));
    const rest = base.filter((b) => !(patch as Manifest[]).some((item) => item[key] === b?.[key]));
    return [...patched, ...structuredClone(rest)];
  }
  if (isObject(patch)) {
    const out: Manifest = isObject(base) ? structuredClone(base) : {};
    for (const [key, value] of Object.entries(patch)) {
      const next = strategicMerge(out[key], value, key);
      if (next === undefined) delete out[key];
      else out[key] = next;
    }
    return out;
  }
  return patch;
}

function applyLabels(
  resources: Manifest[],
  l: { pairs: Record<string, string>; includeSelectors?: boolean; includeTemplates?: boolean },
): void {
  if (l.includeSelectors) throw new Error('labels.includeSelectors is not supported by this renderer');
  for (const r of resources) {
    r.metadata = { ...r.metadata, labels: { ...r.metadata?.labels, ...l.pairs } };
    if (l.includeTemplates && WORKLOAD_KINDS.has(r.kind) && r.spec?.template) {
      const t = r.spec.template;
      t.metadata = { ...t.metadata, labels: { ...t.metadata?.labels, ...l.pairs } };
    }
  }
}

function applyImage(resources: Manifest[], image: { name: string; newName?: string; newTag?: string; digest?: string }): void {
  if (image.digest) throw new Error('images[].digest is not supported by this renderer');
  for (const container of podContainers(resources)) {
    const { name, tag } = splitImage(container.image);
    if (name !== image.name) continue;
    const newTag = image.newTag ?? tag;
    container.image = `${image.newName ?? name}${newTag ? `:${newTag}` : ''}`;
  }
}

function splitImage(image: string): { name: string; tag?: string } {
  const slash = image.lastIndexOf('/');
  const colon = image.lastIndexOf(':');
  return colon > slash ? { name: image.slice(0, colon), tag: image.slice(colon + 1) } : { name: image };
}

/** Every container and init container of every pod template. */
export function podContainers(resources: Manifest[]): Manifest[] {
  return resources.flatMap((r) => {
    const spec = r.spec?.template?.spec;
    return spec ? [...(spec.initContainers ?? []), ...(spec.containers ?? [])] : [];
  });
}

function isObject(v: unknown): v is Manifest {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
