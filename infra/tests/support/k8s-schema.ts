/**
 * Validates rendered objects against the Kubernetes API's own OpenAPI schemas, as compiled JSON
 * Schema validators by the `kubernetes-models` packages (pinned in package-lock.json): one for the
 * oldest Kubernetes version the manifests support and one for the newest, plus the Gateway API CRDs
 * (`@kubernetes-models/gateway-api`, generated from the Gateway API's Go types) for the HTTPRoute.
 * Types, required fields, enums and formats are checked; a kind without a schema is a problem, so
 * nothing passes unchecked.
 */
import * as gatewayApiV1 from '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1';
import { unknownFields } from './k8s-fields.ts';
import type { Manifest } from './kustomize.ts';

/** The Kubernetes versions the manifests support: every object validates against both ends. */
export const SUPPORTED_KUBERNETES = { oldest: '1.33', newest: '1.36' } as const;

interface Model {
  validate(): void;
}
type ModelClass = new (data: Manifest) => Model;
type Group = Record<string, unknown>;

/** The package of each supported version's schemas (package.json aliases kubernetes-models@4.5.1 as 1.33). */
const PACKAGES: Record<string, string> = {
  [SUPPORTED_KUBERNETES.oldest]: 'kubernetes-models-1.33',
  [SUPPORTED_KUBERNETES.newest]: 'kubernetes-models',
};

const groups = new Map<string, Promise<Group | undefined>>();

/** The models of one API group/version of one package ("apps/v1" -> `<pkg>/apps/v1`), or undefined. */
function groupModels(pkg: string, apiVersion: string): Promise<Group | undefined> {
  const key = `${pkg}/${apiVersion}`;
  if (!groups.has(key)) {
    const load: Promise<Group | undefined> =
      apiVersion === 'gateway.networking.k8s.io/v1'
        ? Promise.resolve(gatewayApiV1 as Group)
        : (import(key) as Promise<Group>).catch(() => undefined);
    groups.set(key, load);
  }
  return groups.get(key)!;
}

/**
 * kustomize writes long base64 Secret values as folded YAML blocks (line breaks every 76 characters),
 * which the API server's base64 decoder skips; the schema's "byte" format does not, so they go.
 */
function normalized(m: Manifest): Manifest {
  if (m.kind !== 'Secret' || !m.data) return m;
  const data = Object.fromEntries(Object.entries(m.data as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v.replace(/[\r\n]/g, '') : v]));
  return { ...m, data };
}

/** Problems of one object against one Kubernetes version's schema ("Deployment/forum: ... must be integer"). */
export async function schemaProblems(m: Manifest, version: string): Promise<string[]> {
  const id = `${m.kind}/${m.metadata?.name}`;
  const pkg = PACKAGES[version];
  if (!pkg) return [`${id}: no schemas for Kubernetes ${version}`];
  const group = typeof m.apiVersion === 'string' ? await groupModels(pkg, m.apiVersion) : undefined;
  const Model = group?.[String(m.kind)] as ModelClass | undefined;
  if (typeof Model !== 'function') return [`${id}: Kubernetes ${version} has no schema for ${m.apiVersion} ${m.kind}`];
  try {
    new Model(normalized(m)).validate();
    return [];
  } catch (err) {
    return [`${id} (Kubernetes ${version}): ${(err as Error).message}`];
  }
}

/** Every object against every supported version: the schema, then fields the version does not know. */
export async function validateAll(ms: Manifest[]): Promise<string[]> {
  const problems: string[] = [];
  for (const version of Object.values(SUPPORTED_KUBERNETES)) {
    for (const m of ms) problems.push(...(await schemaProblems(m, version)));
    problems.push(...unknownFields(ms, PACKAGES[version]!).map((p) => `${p} (Kubernetes ${version})`));
  }
  return problems;
}
