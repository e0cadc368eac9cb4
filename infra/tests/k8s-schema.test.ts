/**
 * Every object of every build (base, overlays, the optional components) against the Kubernetes
 * API schemas of the oldest and newest supported version (support/k8s-schema.ts): types, required
 * fields, enums, formats, and no field the version does not know.
 */
import { describe, expect, it } from 'vitest';
import { BUILD_NAMES, renderBuilds } from './support/k8s-builds.ts';
import type { Manifest } from './support/kustomize.ts';
import { SUPPORTED_KUBERNETES, validateAll } from './support/k8s-schema.ts';

const builds = renderBuilds();
const BUILDS = BUILD_NAMES;
const byId = (ms: Manifest[], kind: string, name: string) => ms.find((m) => m.kind === kind && m.metadata?.name === name)!;

describe(`k8s objects validate against Kubernetes ${SUPPORTED_KUBERNETES.oldest} and ${SUPPORTED_KUBERNETES.newest}`, () => {
  it.each(BUILDS)('%s', async (build) => {
    const ms = builds[build]!;
    expect(ms.length).toBeGreaterThan(40);
    expect(await validateAll(ms)).toEqual([]);
  }, 120_000);

  it('prod renders the Gateway API HTTPRoute beside the Ingress, both validated', () => {
    const prod = builds['overlays/prod']!;
    expect(byId(prod, 'HTTPRoute', 'gateway').apiVersion).toBe('gateway.networking.k8s.io/v1');
    expect(byId(prod, 'Ingress', 'gateway')).toBeDefined();
  });
});

describe('the schema check', () => {
  it('holds the manifests to the oldest supported version: a field only newer versions know fails there', async () => {
    const ms = structuredClone(builds['overlays/prod']!);
    // PodSpec.hostnameOverride arrived in Kubernetes 1.34.
    byId(ms, 'Deployment', 'forum').spec.template.spec.hostnameOverride = 'forum';
    const problems = await validateAll(ms);
    expect(problems).toEqual([`Deployment/forum.spec.template.spec.hostnameOverride: unknown field (Kubernetes ${SUPPORTED_KUBERNETES.oldest})`]);
  }, 120_000);

  it('fails for a field of the wrong type, a missing required field, an unknown field and an unknown kind', async () => {
    const ms = structuredClone(builds['overlays/prod']!);
    byId(ms, 'Deployment', 'forum').spec.template.spec.containers[0].ports[0].containerPort = '7102';
    delete byId(ms, 'Service', 'jobs').spec.ports[0].port;
    byId(ms, 'Deployment', 'gateway').spec.template.spec.containers[0].readinesProbe = { httpGet: { path: '/readyz', port: 'http' } };
    byId(ms, 'HTTPRoute', 'gateway').spec.rules[0].backendRefs[0].port = '8080';
    const problems = await validateAll([...ms, { apiVersion: 'wfm.local/v1', kind: 'Unknown', metadata: { name: 'x' } }]);
    for (const version of Object.values(SUPPORTED_KUBERNETES)) {
      expect(problems).toEqual(expect.arrayContaining([
        expect.stringMatching(new RegExp(`^Deployment/forum \\(Kubernetes ${version}\\): .*containerPort must be integer`)),
        expect.stringMatching(new RegExp(`^Service/jobs \\(Kubernetes ${version}\\): .*must have required property '?port'?`)),
        `Deployment/gateway.spec.template.spec.containers[0].readinesProbe: unknown field (Kubernetes ${version})`,
        expect.stringMatching(new RegExp(`^HTTPRoute/gateway \\(Kubernetes ${version}\\): .*port must be integer`)),
        `Unknown/x: Kubernetes ${version} has no schema for wfm.local/v1 Unknown`,
      ]));
    }
  }, 120_000);
});
