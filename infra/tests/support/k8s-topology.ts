/**
 * Every connection the platform's code makes, derived from a rendered build (each pod's environment
 * as its process reads it), and what the NetworkPolicies allow, so that a test can demand they be
 * the same. Connections come from the variables each process's env schema declares: every `*_URL`
 * (DATABASE_URL, BACKUP_/RESTORE_DATABASE_URL, NATS_URL, REDIS_URL, IDENTITY_URL, SMTP_URL, the
 * gateway's <SERVICE>_URL) and `*_ENDPOINT` (an exporter's, say) the container is given, and, for
 * the migrate Job's psql step, PGHOST/PGPORT; a process given
 * MIGRATE_ONLY=1 migrates and exits (startService), so it makes its database connection only. A
 * host name that is a Service of the build is its pods on the target port; anything else is outside
 * the cluster, known by port only. Every connection by name needs DNS (kube-dns).
 */
import { containerEnv, podsOf, processOf, type EnvValue, type PodOf } from './k8s-env.ts';
import { matchesSelector } from './k8s-checks.ts';
import type { Manifest } from './kustomize.ts';

type Labels = Record<string, string>;

/** Where a connection goes: a pod of the build on a container port, a host outside, or DNS. */
export type Destination =
  | { kind: 'pod'; pod: string; port: number; portName?: string }
  | { kind: 'external'; port: number }
  | { kind: 'dns' };

export const destinationKey = (d: Destination): string =>
  d.kind === 'pod' ? `${d.pod}:${d.port}` : d.kind === 'external' ? `outside:${d.port}` : 'dns';

const DEFAULT_PORTS: Record<string, number> = {
  postgres: 5432, postgresql: 5432, nats: 4222, tls: 4222, redis: 6379, rediss: 6379, http: 80, https: 443, smtp: 587, smtps: 465,
};
/** SMTP_URL comes from a Secret the manifests do not hold: either submission port. */
const SMTP_PORTS = [587, 465];
const NAMESPACE = 'wfm';

function podPorts(pod: PodOf): { name?: string; port: number }[] {
  return (pod.spec.containers ?? []).flatMap((c: Manifest) => (c.ports ?? []).map((p: Manifest) => ({ name: p.name, port: p.containerPort })));
}

/** host:port of the build's Services -> the pods behind it on the target port; undefined: not a Service here. */
function resolveService(ms: Manifest[], pods: PodOf[], host: string, port: number): Destination[] | undefined {
  const name = host.replace(new RegExp(`\\.${NAMESPACE}(\\.svc(\\.cluster\\.local)?)?$`), '');
  const svc = ms.find((m) => m.kind === 'Service' && m.metadata?.name === name);
  if (!svc) return undefined;
  const sp = (svc.spec?.ports ?? []).find((p: Manifest) => p.port === port);
  if (!sp) return [];
  return pods
    .filter((p) => matchesSelector(p.labels, { matchLabels: svc.spec.selector }))
    .flatMap((p) => {
      const target = sp.targetPort ?? sp.port;
      const cp = podPorts(p).find((x) => (typeof target === 'number' ? x.port === target : x.name === target));
      return cp ? [{ kind: 'pod' as const, pod: p.id, port: cp.port, ...(cp.name ? { portName: cp.name } : {}) }] : [];
    });
}

export interface Connection {
  from: string;
  /** The variable it comes from. */
  via: string;
  to: Destination;
}

/** Every connection the app pods of the build make. */
export async function deriveConnections(ms: Manifest[]): Promise<{ connections: Connection[]; problems: string[] }> {
  const pods = podsOf(ms);
  const connections: Connection[] = [];
  const problems: string[] = [];
  for (const pod of pods) {
    for (const c of [...(pod.spec.initContainers ?? []), ...(pod.spec.containers ?? [])]) {
      const env = containerEnv(c, ms);
      const add = (via: string, host: string, port: number) => {
        const inCluster = resolveService(ms, pods, host, port);
        if (inCluster?.length === 0) problems.push(`${pod.id} ${via}: Service ${host} has no port ${port} with pods behind it`);
        for (const to of inCluster ?? [{ kind: 'external' as const, port }]) connections.push({ from: pod.id, via, to });
        if (!/^[\d.]+$|:/.test(host)) connections.push({ from: pod.id, via, to: { kind: 'dns' } });
      };
      const urls = (name: string, value: EnvValue) => {
        if (typeof value !== 'string') {
          if (name === 'SMTP_URL') for (const port of SMTP_PORTS) connections.push({ from: pod.id, via: name, to: { kind: 'external', port } }, { from: pod.id, via: name, to: { kind: 'dns' } });
          else problems.push(`${pod.id} ${name}: a URL from a Secret, whose destination the manifests do not say`);
          return;
        }
        for (const part of value.split(',')) {
          let url: URL;
          try {
            url = new URL(part.trim());
          } catch {
            problems.push(`${pod.id} ${name}: ${part} is no URL`);
            continue;
          }
          const scheme = url.protocol.replace(/:$/, '');
          add(name, url.hostname, url.port ? Number(url.port) : DEFAULT_PORTS[scheme]!);
        }
      };
      if ((c.command ?? [])[0] === 'psql') {
        const host = env.get('PGHOST');
        const port = env.get('PGPORT');
        if (typeof host === 'string' && typeof port === 'string') add('PGHOST', host, Number(port));
        else problems.push(`${pod.id} ${c.name}: psql without PGHOST and PGPORT`);
        continue;
      }
      const process = await processOf(c);
      if (!process) continue;
      const migrateOnly = env.get('MIGRATE_ONLY') === '1';
      for (const name of Object.keys(process.schema.shape)) {
        if (!/_(URL|ENDPOINT)$/.test(name) || (migrateOnly && name !== 'DATABASE_URL')) continue;
        const value = env.get(name);
        if (value !== undefined) urls(name, value);
      }
    }
  }
  return { connections, problems };
}

interface Peer {
  podSelector?: Manifest;
  namespaceSelector?: Manifest;
  ipBlock?: unknown;
}
interface Rule {
  to?: Peer[];
  from?: Peer[];
  ports?: { port?: number | string; endPort?: number; protocol?: string }[];
}

const KUBE_DNS = { namespace: { 'kubernetes.io/metadata.name': 'kube-system' }, pod: { 'k8s-app': 'kube-dns' } };

function policyTypes(np: Manifest): string[] {
  return np.spec?.policyTypes ?? ['Ingress', ...(np.spec?.egress ? ['Egress'] : [])];
}

function portMatches(rule: Rule, port: number, portName: string | undefined, protocol: string): boolean {
  if (!rule.ports || rule.ports.length === 0) return true;
  return rule.ports.some((p) => (p.protocol ?? 'TCP') === protocol && (p.port === undefined || p.port === port
    || (portName !== undefined && p.port === portName) || (typeof p.port === 'number' && p.endPort !== undefined && port >= p.port && port <= p.endPort)));
}

/** Does a peer list admit a pod of this namespace with `labels`, a host outside, or kube-dns? */
function peersMatch(peers: Peer[] | undefined, target: { pod: Labels } | { outside: true } | { dns: true }): boolean {
  if (!peers || peers.length === 0) return true;
  return peers.some((peer) => {
    if ('outside' in target) return peer.ipBlock !== undefined;
    if (peer.ipBlock) return false;
    const ns = 'dns' in target ? KUBE_DNS.namespace : { 'kubernetes.io/metadata.name': NAMESPACE };
    const labels = 'dns' in target ? KUBE_DNS.pod : target.pod;
    const nsOk = peer.namespaceSelector ? matchesSelector(ns, peer.namespaceSelector) : !('dns' in target);
    return nsOk && matchesSelector(labels, peer.podSelector ?? {});
  });
}

function rulesFor(ms: Manifest[], labels: Labels, type: 'Ingress' | 'Egress'): Rule[] | undefined {
  const policies = ms.filter((m) => m.kind === 'NetworkPolicy' && matchesSelector(labels, m.spec?.podSelector ?? {})
    && policyTypes(m).includes(type));
  if (policies.length === 0) return undefined; // not isolated: everything allowed
  return policies.flatMap((np) => (type === 'Egress' ? np.spec.egress : np.spec.ingress) ?? []);
}

/** Everything the policies let the app pod `from` reach: pods of the build, ports outside, DNS. */
export function allowedDestinations(ms: Manifest[], from: PodOf): Destination[] | 'everything' {
  const egress = rulesFor(ms, from.labels, 'Egress');
  if (!egress) return 'everything';
  const allowed: Destination[] = [];
  for (const pod of podsOf(ms)) {
    const ingress = rulesFor(ms, pod.labels, 'Ingress');
    for (const { name, port } of podPorts(pod)) {
      const out = egress.some((r) => peersMatch(r.to, { pod: pod.labels }) && portMatches(r, port, name, 'TCP'));
      const into = !ingress || ingress.some((r) => peersMatch(r.from, { pod: from.labels }) && portMatches(r, port, name, 'TCP'));
      if (out && into) allowed.push({ kind: 'pod', pod: pod.id, port, ...(name ? { portName: name } : {}) });
    }
  }
  const outside = new Set<number | 'any'>();
  for (const r of egress.filter((x) => peersMatch(x.to, { outside: true }))) {
    if (!r.ports?.length) outside.add('any');
    for (const p of r.ports ?? []) {
      if (typeof p.port === 'number') outside.add(p.port);
      else if (p.port === undefined) outside.add('any');
    }
  }
  for (const port of outside) allowed.push(port === 'any' ? { kind: 'external', port: -1 } : { kind: 'external', port });
  if (egress.some((r) => peersMatch(r.to, { dns: true }) && portMatches(r, 53, undefined, 'UDP'))) allowed.push({ kind: 'dns' });
  return allowed;
}

/**
 * Problems where the policies and the derived connections differ, for every pod of the app image
 * (Deployments and the migrate Job): a connection the policies block, or a path they open that no
 * connection uses.
 */
export async function checkTopology(ms: Manifest[]): Promise<string[]> {
  const { connections, problems } = await deriveConnections(ms);
  const appImage = ms.find((m) => m.kind === 'Deployment' && m.metadata?.name === 'gateway')?.spec?.template?.spec?.containers?.[0]?.image;
  const appPods = podsOf(ms).filter((p) => (p.spec.containers ?? []).some((c: Manifest) => c.image === appImage));
  for (const pod of appPods) {
    const needed = new Map<string, string>();
    for (const c of connections.filter((x) => x.from === pod.id)) {
      const key = destinationKey(c.to);
      needed.set(key, needed.has(key) ? needed.get(key)! : c.via);
    }
    const allowed = allowedDestinations(ms, pod);
    if (allowed === 'everything') {
      problems.push(`${pod.id}: no NetworkPolicy limits its egress`);
      continue;
    }
    const open = new Set(allowed.map(destinationKey));
    for (const [key, via] of needed) if (!open.has(key)) problems.push(`${pod.id}: ${via} needs ${key}, which the NetworkPolicies block`);
    for (const key of open) if (!needed.has(key)) problems.push(`${pod.id}: the NetworkPolicies allow ${key}, which no connection of it uses`);
  }
  return problems;
}
