import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHUTDOWN_TIMEOUT_MS } from '../../packages/service-kit/src/shutdown.ts';
import {
  appImage,
  checkDatabaseUrlEnv,
  connectionBudget,
  migrateJob,
  checkK8sUnits,
  checkMigrationJob,
  checkNetworkPolicies,
  checkPodHardening,
} from './support/k8s-checks.ts';
import { readYamlDocuments, renderKustomization, resourceId, secretValues, type Manifest } from './support/kustomize.ts';
import { K8S_DIR, REPO_ROOT } from './support/paths.ts';
import { platformUnits, withFakeService } from './support/platform.ts';

const builds: Record<string, Manifest[]> = {
  base: renderKustomization(join(K8S_DIR, 'base')),
  dev: renderKustomization(join(K8S_DIR, 'overlays/dev')),
  prod: renderKustomization(join(K8S_DIR, 'overlays/prod')),
};
const byId = (ms: Manifest[], kind: string, name: string) =>
  ms.find((m) => m.kind === kind && m.metadata?.name === name);

describe.each(Object.entries(builds))('k8s %s', (_, ms) => {
  it('has a hardened, probed, sized Deployment, a Service and (but for the worker) an autoscaler per process', () => {
    expect(checkK8sUnits(ms)).toEqual([]);
  });

  it('denies all traffic but the paths the platform uses', () => {
    expect(checkNetworkPolicies(ms)).toEqual([]);
  });

  it('migrates every service in the migrate Job after creating the roles', () => {
    expect(checkMigrationJob(ms)).toEqual([]);
  });

  it('gives the worker the backup and restore roles, and admin and worker the backups volume', () => {
    const worker = byId(ms, 'Deployment', 'worker')!.spec.template.spec.containers[0];
    expect(checkDatabaseUrlEnv(worker, 'BACKUP_DATABASE_URL', 'wfm_backup')).toEqual([]);
    expect(checkDatabaseUrlEnv(worker, 'RESTORE_DATABASE_URL', 'wfm_restore')).toEqual([]);
    const dir = byId(ms, 'ConfigMap', 'wfm-config')!.data.BACKUP_DIR;
    for (const name of ['admin', 'worker']) {
      const pod = byId(ms, 'Deployment', name)!.spec.template.spec;
      const volume = pod.volumes.find((v: Manifest) => v.persistentVolumeClaim?.claimName === 'backups');
      expect(pod.containers[0].volumeMounts).toContainEqual({ name: volume.name, mountPath: dir });
      expect(pod.containers[0].env.map((e: Manifest) => e.name)).toEqual(expect.arrayContaining(['ADMIN_USERNAME', 'ADMIN_PASSWORD']));
    }
    expect(byId(ms, 'PersistentVolumeClaim', 'backups')).toBeDefined();
  });

  it('hands ama-booking SMTP_URL from an optional key of wfm-secrets, documented in its template', () => {
    const env = byId(ms, 'Deployment', 'ama-booking')!.spec.template.spec.containers[0].env;
    expect(env.find((e: Manifest) => e.name === 'SMTP_URL')).toEqual({
      name: 'SMTP_URL',
      valueFrom: { secretKeyRef: { name: 'wfm-secrets', key: 'SMTP_URL', optional: true } },
    });
    const template = readFileSync(join(K8S_DIR, 'base/secrets/wfm-secrets.example.env'), 'utf8');
    expect(template).toMatch(/^# SMTP_URL=smtps?:\/\//m);
  });

  it('keeps every app pod serving 10 s after it is told to stop, within a grace period that fits its shutdown', () => {
    const apps = ms.filter((m) => m.kind === 'Deployment' && m.spec.template.spec.containers[0].image === appImage(ms));
    expect(apps.length).toBe(platformUnits().length);
    for (const d of apps) {
      const pod = d.spec.template.spec;
      const sleep = pod.containers[0].lifecycle?.preStop?.sleep?.seconds;
      expect(sleep, d.metadata.name).toBeGreaterThanOrEqual(5);
      expect(pod.terminationGracePeriodSeconds, d.metadata.name).toBeGreaterThanOrEqual(sleep + SHUTDOWN_TIMEOUT_MS / 1000);
    }
  });

  it('sets PG_POOL_MAX for every process that holds a pool', () => {
    expect(Number(byId(ms, 'ConfigMap', 'wfm-config')!.data.PG_POOL_MAX)).toBeGreaterThanOrEqual(1);
  });

  it('puts every namespaced object in one namespace', () => {
    const namespaces = new Set(ms.filter((m) => m.kind !== 'Namespace').map((m) => m.metadata.namespace));
    expect([...namespaces]).toEqual(['wfm']);
  });

  it('runs every app container from the same image', () => {
    const image = appImage(ms);
    const appContainers = ms.flatMap((m) => m.spec?.template?.spec?.containers ?? [])
      .filter((c: Manifest) => String(c.image).includes('wfm'));
    expect(appContainers.length).toBeGreaterThan(8);
    expect(new Set(appContainers.map((c: Manifest) => c.image))).toEqual(new Set([image]));
  });
});

describe('k8s checks iterate over SERVICES', () => {
  it('fail for a service that has no manifests', () => {
    const ms = builds.base!;
    expect(checkK8sUnits(ms, withFakeService())).toContain('fake-svc: no Deployment');
    expect(checkK8sUnits(ms, withFakeService())).toContain('fake-svc: wfm-config FAKE_SVC_URL is not http://fake-svc:7199');
    expect(checkNetworkPolicies(ms, withFakeService())).toContain('fake-svc: no Deployment, so no pods to protect');
    expect(checkMigrationJob(ms, withFakeService())).toContain('fake-svc: migrate Job has no container');
  });

  it('fail when a Deployment loses its hardening or a policy disappears', () => {
    const ms = structuredClone(builds.base!);
    const forum = byId(ms, 'Deployment', 'forum')!;
    forum.spec.template.spec.containers[0].securityContext.readOnlyRootFilesystem = false;
    delete forum.spec.template.spec.containers[0].resources.limits;
    expect(checkK8sUnits(ms)).toEqual(expect.arrayContaining([
      'forum: container forum: root filesystem is not read-only',
      'forum: container forum: no cpu limit',
    ]));
    const withoutPolicy = ms.filter((m) => !(m.kind === 'NetworkPolicy' && m.metadata.name === 'identity'));
    expect(checkNetworkPolicies(withoutPolicy)).toEqual(expect.arrayContaining([
      'identity: gateway may not reach it',
      'identity: Prometheus may not reach its metrics port',
    ]));
    expect(checkK8sUnits(withoutPolicy)).toContain('identity: no NetworkPolicy of its own');
  });

  it('fail when /metrics is on the public port or a unit loses its disruption budget', () => {
    const ms = structuredClone(builds.base!);
    const forum = byId(ms, 'Deployment', 'forum')!;
    forum.spec.template.metadata.annotations['prometheus.io/port'] = '7102';
    forum.spec.template.spec.containers[0].env.find((e: Manifest) => e.name === 'METRICS_PORT').value = '7102';
    const policy = byId(ms, 'NetworkPolicy', 'forum')!;
    policy.spec.ingress[1].ports = [{ protocol: 'TCP', port: 'http' }];
    const withoutPdb = ms.filter((m) => !(m.kind === 'PodDisruptionBudget' && m.metadata.name === 'jobs'));
    expect(checkK8sUnits(withoutPdb)).toEqual(expect.arrayContaining([
      'forum: METRICS_PORT is not 9464',
      'forum: pods are not annotated for scraping /metrics on 9464',
      'jobs: no PodDisruptionBudget',
    ]));
    expect(checkNetworkPolicies(ms)).toEqual(expect.arrayContaining([
      'forum: Prometheus may not reach its metrics port',
      'forum: Prometheus may reach its public http port',
    ]));
  });

  it('fail for a stale Deployment of the app image', () => {
    const ms = structuredClone(builds.base!);
    const stale = structuredClone(byId(ms, 'Deployment', 'jobs')!);
    stale.metadata.name = 'legacy';
    expect(checkK8sUnits([...ms, stale])).toContain('legacy: Deployment runs the app image but is no known service (stale?)');
  });
});

describe('k8s overlays', () => {
  it('only patch the base: no overlay file copies a base object', () => {
    const baseIds = new Set(builds.base!.map((m) => `${m.kind}/${m.metadata.name}`));
    for (const overlay of ['dev', 'prod']) {
      const dir = join(K8S_DIR, 'overlays', overlay);
      const kustomization = readYamlDocuments(join(dir, 'kustomization.yaml'))[0]!;
      const resources: string[] = kustomization.resources ?? [];
      expect(resources).toContain('../../base');
      for (const file of resources.filter((r) => r !== '../../base')) {
        for (const m of readYamlDocuments(join(dir, file))) {
          expect(baseIds.has(`${m.kind}/${m.metadata.name}`), `${overlay}/${file} copies ${m.kind}/${m.metadata.name}`).toBe(false);
        }
      }
      const patchFiles = readdirSync(dir).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml' && !resources.includes(f));
      const listed = (kustomization.patches ?? []).map((p: Manifest) => p.path).filter(Boolean);
      expect(patchFiles.sort()).toEqual([...listed].sort());
    }
  });

  it('dev runs PostgreSQL, NATS and Redis in the cluster, hardened and reachable from the apps', () => {
    const ms = builds.dev!;
    for (const name of ['postgres', 'nats', 'redis']) {
      const sts = byId(ms, 'StatefulSet', name);
      expect(sts, name).toBeDefined();
      expect(byId(ms, 'Service', name), name).toBeDefined();
      expect(checkPodHardening(sts!.spec.template.spec, name).filter((p) => !p.includes('/tmp'))).toEqual([]);
    }
    expect(byId(ms, 'NetworkPolicy', 'datastores-from-apps')).toBeDefined();
    expect(byId(ms, 'HorizontalPodAutoscaler', 'forum')!.spec.minReplicas).toBe(1);
    expect(appImage(ms)).toBe('wfm:local');
  });

  it('name the migrate Job and tag every app image after release.yaml, so a release needs no Job deleted', () => {
    for (const overlay of ['dev', 'prod']) {
      const dir = join(K8S_DIR, 'overlays', overlay);
      const [release] = readYamlDocuments(join(dir, 'release.yaml'));
      const version = String(release!.spec.version);
      const ms = builds[overlay]!;
      expect(migrateJob(ms)!.metadata.name, overlay).toBe(`migrate-${version}`);
      expect(appImage(ms)!.endsWith(`:${version}`), overlay).toBe(true);
      const images = readYamlDocuments(join(dir, 'kustomization.yaml'))[0]!.images ?? [];
      expect(images.filter((i: Manifest) => i.newTag || i.digest), overlay).toEqual([]);
    }
  });

  it('fit their connection budget, as docs/operations.md states it for each build', () => {
    const docs = readFileSync(join(REPO_ROOT, 'docs/operations.md'), 'utf8');
    for (const [build, label] of [['base', 'base'], ['dev', 'overlays/dev'], ['prod', 'overlays/prod']] as const) {
      const b = connectionBudget(builds[build]!);
      const row = new RegExp(`^\\| \`${label}\` \\| ${b.poolMax} \\| ${b.minimum} \\| ${b.maximum} \\| (\\d+) \\|`, 'm').exec(docs);
      expect(row, `docs/operations.md row for ${label}: | \`${label}\` | ${b.poolMax} | ${b.minimum} | ${b.maximum} | <max_connections> |`).not.toBeNull();
      expect(b.maximum, label).toBeLessThanOrEqual(Number(row![1]));
    }
    // The dev overlay's own PostgreSQL keeps the default max_connections (100).
    expect(connectionBudget(builds.dev!).maximum).toBeLessThanOrEqual(100);
  });

  it('prod keeps no placeholder secrets and pins the image', () => {
    const ms = builds.prod!;
    expect(ms.filter((m) => m.kind === 'Secret')).toEqual([]);
    expect(appImage(ms)).toMatch(/^[^:]+\/wfm:[\w.-]+$/);
    expect(byId(ms, 'HorizontalPodAutoscaler', 'gateway')!.spec.minReplicas).toBeGreaterThanOrEqual(3);
    expect(byId(ms, 'ConfigMap', 'wfm-config')!.data.PGSSLMODE).toBe('require');
    expect(byId(ms, 'Ingress', 'gateway')!.spec.tls).toHaveLength(1);
  });

  it('base secrets are documented placeholders only, which production refuses', () => {
    const secrets = builds.base!.filter((m) => m.kind === 'Secret');
    expect(secrets.map((s) => s.metadata.name).sort()).toEqual(['wfm-db', 'wfm-secrets']);
    for (const s of secrets) {
      expect(s.metadata.annotations['wfm/placeholder']).toBe('true');
      const passwords = Object.entries(secretValues(s)).filter(([k]) => !/user/i.test(k));
      expect(passwords.length).toBeGreaterThan(2);
      for (const [key, value] of passwords) expect(value, `${s.metadata.name}.${key}`).toMatch(/^CHANGE-ME/);
    }
    const values = secretValues(secrets.find((s) => s.metadata.name === 'wfm-secrets')!);
    expect(Object.keys(values).sort()).toEqual(['ADMIN_PASSWORD', 'ADMIN_USERNAME', 'STAFF_HEADER_SECRET', 'VISITOR_TOKEN_SECRET']);
    // The service kit refuses shorter signing secrets.
    expect(values.STAFF_HEADER_SECRET!.length).toBeGreaterThanOrEqual(32);
    expect(values.VISITOR_TOKEN_SECRET!.length).toBeGreaterThanOrEqual(32);
    // Every key a pod reads from a Secret is in the template operators fill.
    for (const m of builds.base!) {
      for (const c of m.spec?.template?.spec?.containers ?? []) {
        for (const e of c.env ?? []) {
          const ref = e.valueFrom?.secretKeyRef;
          // Optional keys (SMTP_URL) are left out of the template, documented there in a comment.
          if (ref && !ref.optional) expect(secretValues(byId(builds.base!, 'Secret', ref.name)!), `${m.metadata.name} ${e.name}`).toHaveProperty(ref.key);
        }
      }
    }
  });

  it('trusts no proxy in the base; prod names the proxies\' range explicitly', () => {
    const config = (ms: Manifest[]) => byId(ms, 'ConfigMap', 'wfm-config')!.data;
    expect(config(builds.base!).TRUST_PROXY).toBe('false');
    const prod = config(builds.prod!).TRUST_PROXY as string;
    for (const range of prod.split(',')) expect(range.trim()).toMatch(/^[\d.]+\/\d{1,2}$|^[\da-f:]+\/\d{1,3}$/i);
    expect(config(builds.prod!).IDENTITY_URL).toBe('http://identity:7101');
  });

  it('renders every process from the one template: each unit folder holds its values and patches only', () => {
    const appsDir = join(K8S_DIR, 'base/apps');
    const units = platformUnits();
    expect(readdirSync(appsDir).sort()).toEqual(units.map((u) => u.name).sort());
    for (const unit of units) {
      const dir = join(appsDir, unit.name);
      expect(readdirSync(dir).sort(), unit.name).toEqual(['kustomization.yaml', 'values.yaml']);
      const kustomization = readYamlDocuments(join(dir, 'kustomization.yaml'))[0]!;
      expect(kustomization.components, unit.name).toEqual(['../../../components/app']);
      expect(kustomization.resources, unit.name).toEqual(['values.yaml']);
      const [values] = readYamlDocuments(join(dir, 'values.yaml'));
      expect(values!.spec, unit.name).toMatchObject({
        name: unit.name, component: unit.kind, port: unit.port, portText: String(unit.port), entry: unit.entry,
      });
      if (unit.role) expect(values!.spec.role, unit.name).toBe(unit.role);
    }
    expect(existsSync(join(K8S_DIR, 'components/app/app.yaml'))).toBe(true);
    // The values objects are build-time only: none reaches the cluster.
    for (const ms of Object.values(builds)) expect(ms.filter((m) => m.kind === 'AppValues')).toEqual([]);
  });

  it('renders each object once per build', () => {
    for (const ms of Object.values(builds)) {
      const ids = ms.map(resourceId);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});
