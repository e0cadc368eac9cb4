/**
 * The NetworkPolicies allow exactly the connections the code makes (support/k8s-topology.ts):
 * derived from each app pod's environment in the rendered build, nothing blocked, nothing extra.
 */
import { describe, expect, it } from 'vitest';
import { checkTopology, deriveConnections, destinationKey } from './support/k8s-topology.ts';
import { BUILD_NAMES, renderBuilds } from './support/k8s-builds.ts';
import type { Manifest } from './support/kustomize.ts';

const builds = renderBuilds();
const BUILDS = BUILD_NAMES;
const byId = (ms: Manifest[], kind: string, name: string) => ms.find((m) => m.kind === kind && m.metadata?.name === name)!;
const without = (ms: Manifest[], kind: string, name: string) => ms.filter((m) => !(m.kind === kind && m.metadata?.name === name));

describe('k8s NetworkPolicies allow exactly the connections the code makes', () => {
  it.each(BUILDS)('%s', async (build) => {
    expect(await checkTopology(builds[build]!)).toEqual([]);
  }, 60_000);

  it('derives the connections the issue names: identity, SMTP, PostgreSQL, NATS, Redis, DNS, gateway to every service', async () => {
    const { connections, problems } = await deriveConnections(builds['overlays/prod']!);
    expect(problems).toEqual([]);
    const of = (pod: string) => new Set(connections.filter((c) => c.from === pod).map((c) => `${c.via} ${destinationKey(c.to)}`));
    expect([...of('Deployment/forum')].sort()).toEqual([
      'DATABASE_URL dns', 'DATABASE_URL outside:5432', 'IDENTITY_URL Deployment/identity:7101', 'IDENTITY_URL dns',
      'NATS_URL dns', 'NATS_URL outside:4222', 'REDIS_URL dns', 'REDIS_URL outside:6379',
    ]);
    expect([...of('Deployment/ama-booking')]).toEqual(expect.arrayContaining(['SMTP_URL outside:587', 'SMTP_URL outside:465']));
    expect([...of('Deployment/gateway')].filter((c) => c.includes('Deployment/')).sort()).toEqual([
      'ADMIN_URL Deployment/admin:7106', 'AMA_BOOKING_URL Deployment/ama-booking:7104', 'CATALOG_URL Deployment/catalog:7103',
      'FORUM_URL Deployment/forum:7102', 'IDENTITY_URL Deployment/identity:7101', 'JOBS_URL Deployment/jobs:7105',
    ]);
    expect([...of('Deployment/gateway')].some((c) => c.includes(':5432'))).toBe(false);
    expect([...of('Job/migrate-1.0.0')].sort()).toEqual(['DATABASE_URL dns', 'DATABASE_URL outside:5432', 'PGHOST dns', 'PGHOST outside:5432']);
  }, 60_000);
});

describe('the topology check', () => {
  it('fails when an egress rule the code needs is missing', async () => {
    const ms = builds['overlays/prod']!;
    expect(await checkTopology(without(ms, 'NetworkPolicy', 'services-to-identity'))).toEqual(expect.arrayContaining([
      'Deployment/forum: IDENTITY_URL needs Deployment/identity:7101, which the NetworkPolicies block',
      'Deployment/jobs: IDENTITY_URL needs Deployment/identity:7101, which the NetworkPolicies block',
    ]));
    expect(await checkTopology(without(ms, 'NetworkPolicy', 'ama-booking-smtp-egress'))).toEqual([
      'Deployment/ama-booking: SMTP_URL needs outside:587, which the NetworkPolicies block',
      'Deployment/ama-booking: SMTP_URL needs outside:465, which the NetworkPolicies block',
    ]);
    // The dev overlay's datastores are pods: the service's ingress side counts too.
    const dev = structuredClone(builds['overlays/dev']!);
    byId(dev, 'NetworkPolicy', 'datastores-from-apps').spec.ingress[0].ports = [{ protocol: 'TCP', port: 5432 }];
    expect(await checkTopology(dev)).toContain('Deployment/gateway: NATS_URL needs StatefulSet/nats:4222, which the NetworkPolicies block');
  }, 60_000);

  it('fails when a policy allows more than the code uses', async () => {
    const ms = structuredClone(builds['overlays/prod']!);
    // The old rule: every pod to every datastore port.
    byId(ms, 'NetworkPolicy', 'redis-egress').spec.podSelector = {};
    byId(ms, 'NetworkPolicy', 'redis-egress').spec.egress[0].ports.push({ protocol: 'TCP', port: 5432 });
    const problems = await checkTopology(ms);
    expect(problems).toEqual(expect.arrayContaining([
      'Deployment/gateway: the NetworkPolicies allow outside:5432, which no connection of it uses',
      'Job/migrate-1.0.0: the NetworkPolicies allow outside:6379, which no connection of it uses',
    ]));
    const open = structuredClone(builds['overlays/prod']!);
    byId(open, 'NetworkPolicy', 'services-to-identity').spec.egress[0].to = [{ podSelector: {} }];
    expect(await checkTopology(open)).toEqual([]); // the other services' own policies still admit the gateway only
    byId(open, 'NetworkPolicy', 'catalog').spec.ingress[0].from = [{ podSelector: {} }];
    expect(await checkTopology(open)).toContain('Deployment/forum: the NetworkPolicies allow Deployment/catalog:7103, which no connection of it uses');
  }, 60_000);
});
