/** Checks of rendered Kubernetes manifests for every process of the platform. */
import { platformUnits, urlEnvOf, METRICS_PORT, type ServiceLike } from './platform.ts';
import type { Manifest } from './kustomize.ts';

type Labels = Record<string, string>;
interface LabelSelector {
  matchLabels?: Labels;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

const find = (ms: Manifest[], kind: string, name: string) =>
  ms.find((m) => m.kind === kind && m.metadata?.name === name);

export function matchesSelector(labels: Labels, selector: LabelSelector | undefined): boolean {
  if (!selector) return false;
  const okLabels = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const okExpr = (selector.matchExpressions ?? []).every((e) => {
    switch (e.operator) {
      case 'In': return e.values!.includes(labels[e.key]!);
      case 'NotIn': return !e.values!.includes(labels[e.key]!);
      case 'Exists': return e.key in labels;
      case 'DoesNotExist': return !(e.key in labels);
      default: throw new Error(`unknown selector operator ${e.operator}`);
    }
  });
  return okLabels && okExpr;
}

/** The image all platform processes share: the gateway container's. */
export function appImage(ms: Manifest[]): string | undefined {
  return find(ms, 'Deployment', 'gateway')?.spec?.template?.spec?.containers?.[0]?.image;
}

/** Hardening every app container must have (pod and container security contexts, /tmp). */
export function checkPodHardening(podSpec: Manifest, where: string): string[] {
  const problems: string[] = [];
  const p = (m: string) => problems.push(`${where}: ${m}`);
  const pod = podSpec.securityContext ?? {};
  if (pod.runAsNonRoot !== true) p('pod securityContext.runAsNonRoot is not true');
  if (!(pod.runAsUser > 0)) p('pod securityContext.runAsUser is not a non-root uid');
  if (pod.seccompProfile?.type !== 'RuntimeDefault') p('pod seccompProfile is not RuntimeDefault');
  if (podSpec.automountServiceAccountToken !== false) p('mounts a service account token');
  const tmpVolumes = (podSpec.volumes ?? []).filter((v: Manifest) => v.emptyDir).map((v: Manifest) => v.name);
  for (const c of [...(podSpec.initContainers ?? []), ...(podSpec.containers ?? [])]) {
    const sc = c.securityContext ?? {};
    const cp = (m: string) => p(`container ${c.name}: ${m}`);
    if (sc.allowPrivilegeEscalation !== false) cp('allowPrivilegeEscalation is not false');
    if (sc.readOnlyRootFilesystem !== true) cp('root filesystem is not read-only');
    if (!(sc.capabilities?.drop ?? []).includes('ALL')) cp('capabilities ALL are not dropped');
    if ((sc.capabilities?.add ?? []).length > 0) cp('adds capabilities');
    if (sc.runAsNonRoot !== true && pod.runAsNonRoot !== true) cp('may run as root');
    if ((sc.seccompProfile?.type ?? pod.seccompProfile?.type) !== 'RuntimeDefault') cp('no RuntimeDefault seccomp');
    const r = c.resources ?? {};
    for (const k of ['cpu', 'memory']) {
      if (!r.requests?.[k]) cp(`no ${k} request`);
      if (!r.limits?.[k]) cp(`no ${k} limit`);
    }
    if (!(c.volumeMounts ?? []).some((m: Manifest) => m.mountPath === '/tmp' && tmpVolumes.includes(m.name))) {
      cp('no emptyDir at /tmp');
    }
  }
  return problems;
}

function envValue(container: Manifest, name: string): string | undefined {
  return (container.env ?? []).find((e: Manifest) => e.name === name)?.value;
}

function secretKeyOf(container: Manifest, name: string): string | undefined {
  return (container.env ?? []).find((e: Manifest) => e.name === name)?.valueFrom?.secretKeyRef?.key;
}

/**
 * The connection string a container assembles from its role (literal, or a $(VAR) set before it),
 * its role's password (a Secret key named after the role) and the shared PG* settings. Returns
 * problems, empty when it logs in as `role`.
 */
export function checkDatabaseUrlEnv(container: Manifest, urlVar: string, role: string): string[] {
  const url = envValue(container, urlVar);
  const m = url ? /^postgres:\/\/([^:]+):\$\(([A-Z_]+)\)@\$\(PGHOST\):\$\(PGPORT\)\/\$\(PGDATABASE\)/.exec(url) : null;
  if (!m) return [`${urlVar} ${url ?? '(missing)'} is not assembled from its role and PG* settings`];
  const problems: string[] = [];
  const env: Manifest[] = container.env ?? [];
  const userVar = /^\$\(([A-Z_]+)\)$/.exec(m[1]!)?.[1];
  const user = userVar ? envValue(container, userVar) : m[1];
  if (user !== role) problems.push(`${urlVar} logs in as ${user ?? m[1]}, not ${role}`);
  if (userVar && !(env.findIndex((e) => e.name === userVar) < env.findIndex((e) => e.name === urlVar))) {
    problems.push(`${userVar} is not set before ${urlVar}`);
  }
  const passwordVar = m[2]!;
  const at = env.findIndex((e) => e.name === passwordVar);
  if (secretKeyOf(container, passwordVar) !== role) problems.push(`${passwordVar} is not the Secret key ${role}`);
  // $(VAR) only expands variables defined before it.
  if (at < 0 || at > env.findIndex((e) => e.name === urlVar)) problems.push(`${passwordVar} is not set before ${urlVar}`);
  return problems;
}

export function checkK8sUnits(ms: Manifest[], services?: readonly ServiceLike[]): string[] {
  const problems: string[] = [];
  const units = platformUnits(services);
  const image = appImage(ms);
  if (!image) problems.push('gateway: no Deployment to take the app image from');
  const config = find(ms, 'ConfigMap', 'wfm-config')?.data ?? {};

  for (const unit of units) {
    const p = (m: string) => problems.push(`${unit.name}: ${m}`);
    if (unit.kind === 'service' && config[urlEnvOf(unit.name)] !== `http://${unit.name}:${unit.port}`) {
      p(`wfm-config ${urlEnvOf(unit.name)} is not http://${unit.name}:${unit.port}`);
    }
    const deploy = find(ms, 'Deployment', unit.name);
    if (!deploy) {
      p('no Deployment');
      continue;
    }
    const template = deploy.spec?.template ?? {};
    const podLabels: Labels = template.metadata?.labels ?? {};
    if (podLabels['app.kubernetes.io/name'] !== unit.name) p('pods are not labelled with its name');
    if (!matchesSelector(podLabels, deploy.spec?.selector)) p("Deployment selector does not match its pods");
    const podSpec = template.spec ?? {};
    problems.push(...checkPodHardening(podSpec, unit.name));
    const c = podSpec.containers?.find((x: Manifest) => x.name === unit.name);
    if (!c) {
      p(`no container named ${unit.name}`);
      continue;
    }
    if (c.image !== image) p(`image ${c.image} is not the shared app image ${image}`);
    if (c.command) p('overrides the image entrypoint');
    if (c.args?.[0] !== unit.entry) p(`args ${JSON.stringify(c.args)} do not run ${unit.entry}`);
    const httpPort = c.ports?.find((x: Manifest) => x.name === 'http');
    if (httpPort?.containerPort !== unit.port) p(`container port "http" is not ${unit.port}`);
    if (envValue(c, unit.portEnv) !== String(unit.port)) p(`${unit.portEnv} is not ${unit.port}`);
    if (!(c.envFrom ?? []).some((e: Manifest) => e.configMapRef?.name === 'wfm-config')) p('does not load wfm-config');
    for (const secret of ['STAFF_HEADER_SECRET', 'VISITOR_TOKEN_SECRET']) {
      if (secretKeyOf(c, secret) !== secret) p(`no ${secret} from the Secret`);
    }
    // /metrics on an internal listener only, announced to Prometheus on the pod.
    const metricsPort = c.ports?.find((x: Manifest) => x.name === 'metrics');
    if (metricsPort?.containerPort !== METRICS_PORT) p(`container port "metrics" is not ${METRICS_PORT}`);
    if (envValue(c, 'METRICS_PORT') !== String(METRICS_PORT)) p(`METRICS_PORT is not ${METRICS_PORT}`);
    const annotations: Labels = template.metadata?.annotations ?? {};
    if (annotations['prometheus.io/scrape'] !== 'true' || annotations['prometheus.io/port'] !== String(METRICS_PORT)
      || annotations['prometheus.io/path'] !== '/metrics') {
      p(`pods are not annotated for scraping /metrics on ${METRICS_PORT}`);
    }
    for (const [probe, path] of [['readinessProbe', '/readyz'], ['livenessProbe', '/healthz']] as const) {
      const get = c[probe]?.httpGet;
      if (get?.path !== path || (get.port !== 'http' && get.port !== unit.port)) p(`${probe} is not GET ${path} on its port`);
    }
    if (unit.role) problems.push(...checkDatabaseUrlEnv(c, 'DATABASE_URL', unit.role).map((m) => `${unit.name}: ${m}`));
    else if (envValue(c, 'DATABASE_URL')) p('has a DATABASE_URL it should not need');

    const svc = find(ms, 'Service', unit.name);
    if (!svc) p('no Service');
    else {
      if (!matchesSelector(podLabels, { matchLabels: svc.spec?.selector })) p('Service does not select its pods');
      const port = svc.spec?.ports?.find((x: Manifest) => x.name === 'http');
      if (port?.port !== unit.port || port?.targetPort !== 'http') p(`Service port "http" is not ${unit.port} -> http`);
    }

    if (unit.kind !== 'worker') {
      const hpa = ms.find((m) => m.kind === 'HorizontalPodAutoscaler'
        && m.spec?.scaleTargetRef?.kind === 'Deployment' && m.spec?.scaleTargetRef?.name === unit.name);
      if (!hpa) p('no HorizontalPodAutoscaler');
      else {
        if (!(hpa.spec.minReplicas >= 1) || !(hpa.spec.maxReplicas > hpa.spec.minReplicas)) p('autoscaler range is empty');
        if (!(hpa.spec.metrics ?? []).length) p('autoscaler has no metric');
        if (deploy.spec?.replicas !== undefined) p('Deployment sets replicas although an autoscaler owns them');
        if (hpa.metadata?.name !== unit.name) p(`autoscaler is named ${hpa.metadata?.name}`);
      }
      const pdb = find(ms, 'PodDisruptionBudget', unit.name);
      if (!pdb) p('no PodDisruptionBudget');
      else if (!matchesSelector(podLabels, pdb.spec?.selector)) p('PodDisruptionBudget does not select its pods');
    }
    const policy = find(ms, 'NetworkPolicy', unit.name);
    if (!policy) p('no NetworkPolicy of its own');
    else if (!matchesSelector(podLabels, policy.spec?.podSelector)) p('its NetworkPolicy does not select its pods');
  }

  for (const d of ms.filter((m) => m.kind === 'Deployment')) {
    const usesApp = (d.spec?.template?.spec?.containers ?? []).some((c: Manifest) => c.image === image);
    if (usesApp && !units.some((u) => u.name === d.metadata.name)) {
      problems.push(`${d.metadata.name}: Deployment runs the app image but is no known service (stale?)`);
    }
  }
  return problems;
}

/** The migrate Job (named migrate-<release> in the overlays), by its label. */
export const migrateJob = (ms: Manifest[]): Manifest | undefined =>
  ms.find((m) => m.kind === 'Job' && m.metadata?.labels?.['app.kubernetes.io/name'] === 'migrate');

/** The migrate Job: role set-up first, then one migrating container per service. */
export function checkMigrationJob(ms: Manifest[], services?: readonly ServiceLike[]): string[] {
  const job = migrateJob(ms);
  if (!job) return ['no Job "migrate"'];
  const problems: string[] = [];
  const podSpec = job.spec?.template?.spec ?? {};
  problems.push(...checkPodHardening(podSpec, 'Job migrate'));
  if (podSpec.restartPolicy !== 'Never' && podSpec.restartPolicy !== 'OnFailure') problems.push('Job migrate: restartPolicy');
  const image = appImage(ms);
  for (const c of [...(podSpec.initContainers ?? []), ...(podSpec.containers ?? [])]) {
    if (c.image !== image) problems.push(`Job migrate: container ${c.name} does not run the app image`);
  }
  const roles = podSpec.initContainers?.find((c: Manifest) => c.name === 'db-roles');
  if (!roles || !(roles.command ?? []).includes('infra/postgres/initdb/10-roles.sql')) {
    problems.push('Job migrate: no db-roles init container running infra/postgres/initdb/10-roles.sql');
  }
  for (const unit of platformUnits(services).filter((u) => u.kind === 'service')) {
    const p = (m: string) => problems.push(`${unit.name}: migrate Job ${m}`);
    if (roles && !secretKeyOf(roles, `${unit.role!.toUpperCase()}_PASSWORD`)) p(`db-roles gets no password for ${unit.role}`);
    const c = podSpec.containers?.find((x: Manifest) => x.name === unit.name);
    if (!c) {
      p('has no container');
      continue;
    }
    if (c.args?.[0] !== unit.entry) p(`container does not run ${unit.entry}`);
    if (envValue(c, 'MIGRATE_ONLY') !== '1') p('container lacks MIGRATE_ONLY=1');
    problems.push(...checkDatabaseUrlEnv(c, 'DATABASE_URL', unit.role!).map((m) => `${unit.name}: migrate Job ${m}`));
  }
  return problems;
}

interface Peer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: unknown;
}
interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: { port?: number | string; protocol?: string }[];
}

function policiesFor(ms: Manifest[], podLabels: Labels): Manifest[] {
  return ms.filter((m) => m.kind === 'NetworkPolicy' && matchesSelector(podLabels, m.spec?.podSelector ?? {}));
}

function portAllowed(rule: Rule, port: number | string, protocol = 'TCP', namedPort?: string): boolean {
  if (!rule.ports || rule.ports.length === 0) return true;
  return rule.ports.some((x) => (x.protocol ?? 'TCP') === protocol
    && (x.port === undefined || x.port === port || (namedPort !== undefined && x.port === namedPort)));
}

/** A peer in this namespace with these pod labels (no namespaceSelector). */
function peerAllows(peers: Peer[] | undefined, labels: Labels): boolean {
  if (!peers || peers.length === 0) return true;
  return peers.some((peer) => !peer.namespaceSelector && !peer.ipBlock && matchesSelector(labels, peer.podSelector ?? {}));
}

/** Default deny plus exactly the paths the platform uses, for every unit's pods. */
export function checkNetworkPolicies(ms: Manifest[], services?: readonly ServiceLike[]): string[] {
  const problems: string[] = [];
  const units = platformUnits(services);
  const podLabelsOf = (name: string): Labels | undefined => find(ms, 'Deployment', name)?.spec?.template?.metadata?.labels;
  const gatewayLabels = podLabelsOf('gateway');
  if (!gatewayLabels) return ['gateway: no Deployment'];

  for (const unit of units) {
    const p = (m: string) => problems.push(`${unit.name}: ${m}`);
    const labels = podLabelsOf(unit.name);
    if (!labels) {
      p('no Deployment, so no pods to protect');
      continue;
    }
    const policies = policiesFor(ms, labels);
    const denyAll = policies.some((np) => ['Ingress', 'Egress'].every((t) => np.spec.policyTypes?.includes(t))
      && !np.spec.ingress?.length && !np.spec.egress?.length);
    if (!denyAll) p('no default-deny NetworkPolicy covers its pods');
    const egress: Rule[] = policies.flatMap((np) => np.spec.egress ?? []);
    const ingress: Rule[] = policies.flatMap((np) => np.spec.ingress ?? []);
    if (!egress.some((r) => portAllowed(r, 53, 'UDP'))) p('no DNS egress');
    // Which datastores and services each process may reach: the topology test (k8s-topology.test.ts).
    if (unit.kind === 'service') {
      if (!ingress.some((r) => peerAllows(r.from, gatewayLabels) && portAllowed(r, unit.port, 'TCP', 'http'))) {
        p('gateway may not reach it');
      }
      const gatewayEgress: Rule[] = policiesFor(ms, gatewayLabels).flatMap((np) => np.spec.egress ?? []);
      if (!gatewayEgress.some((r) => peerAllows(r.to, labels) && portAllowed(r, unit.port, 'TCP', 'http'))) {
        p('gateway egress to it is not allowed');
      }
    }
    const fromMonitoring = (port: number | string, named: string) => ingress.some((r) =>
      (r.from ?? []).some((peer) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'monitoring')
      && portAllowed(r, port, 'TCP', named));
    if (!fromMonitoring(METRICS_PORT, 'metrics')) p('Prometheus may not reach its metrics port');
    if (fromMonitoring(unit.port, 'http')) p('Prometheus may reach its public http port');
    if (unit.kind === 'gateway') {
      const fromIngress = ingress.some((r) => (r.from ?? []).some((peer) => peer.namespaceSelector)
        && portAllowed(r, unit.port, 'TCP', 'http'));
      if (!fromIngress) p('the ingress controller may not reach it');
    }
  }
  return problems;
}

/**
 * PostgreSQL connections of the worker pod: its pool (createSql max 2 in
 * services/admin/src/worker/worker-process.ts) plus one pg_dump or pg_restore at a time.
 */
export const WORKER_PG_CONNECTIONS = 3;

/**
 * The connection budget of a build (docs/operations.md, "Connection budget"): each service pod holds
 * up to PG_POOL_MAX + 1 (its outbox LISTEN). `minimum`: every autoscaler at its minimum, the worker's
 * replicas. `maximum`: every autoscaler at its maximum, plus a rolling update's surge pod per service,
 * the worker, and the migrate Job (one connection per container).
 */
export function connectionBudget(ms: Manifest[]): { poolMax: number; perPod: number; minimum: number; maximum: number } {
  const poolMax = Number(find(ms, 'ConfigMap', 'wfm-config')?.data?.PG_POOL_MAX ?? 10);
  const perPod = poolMax + 1;
  const services = ms.filter((m) => m.kind === 'Deployment' && m.spec?.template?.metadata?.labels?.['app.kubernetes.io/component'] === 'service');
  const hpaOf = (name: string) => ms.find((m) => m.kind === 'HorizontalPodAutoscaler' && m.spec?.scaleTargetRef?.name === name);
  const surgeOf = (d: Manifest) => Number(d.spec?.strategy?.rollingUpdate?.maxSurge ?? 1);
  const worker = find(ms, 'Deployment', 'worker');
  const workers = (worker?.spec?.replicas ?? 1) * WORKER_PG_CONNECTIONS;
  const job = migrateJob(ms)?.spec?.template?.spec ?? {};
  const jobConnections = (job.initContainers ?? []).length + (job.containers ?? []).length;
  let minimum = workers;
  let maximum = workers + jobConnections;
  for (const d of services) {
    const hpa = hpaOf(d.metadata.name);
    minimum += (hpa?.spec?.minReplicas ?? 1) * perPod;
    maximum += ((hpa?.spec?.maxReplicas ?? 1) + surgeOf(d)) * perPod;
  }
  return { poolMax, perPod, minimum, maximum };
}
