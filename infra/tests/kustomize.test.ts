import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderKustomization, strategicMerge } from './support/kustomize.ts';

const root = mkdtempSync(join(tmpdir(), 'wfm-kustomize-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(files: Record<string, string>): string {
  const dir = mkdtempSync(join(root, 'k-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const deployment = (name: string, component: string) => `
apiVersion: apps/v1
kind: Deployment
metadata: { name: ${name}, labels: { component: ${component} } }
spec:
  template:
    metadata: { labels: { app: ${name} } }
    spec:
      containers:
        - name: ${name}
          image: app
          env: [{ name: A, value: "1" }, { name: B, value: "2" }]
          ports: [{ name: http, containerPort: 80 }]
`;

describe('strategicMerge', () => {
  it('merges maps, merges keyed lists (patch items first), replaces other lists, deletes on null', () => {
    const base = {
      spec: {
        containers: [{ name: 'a', image: 'x', args: ['1', '2'], env: [{ name: 'A', value: '1' }] }],
        keep: true,
        drop: 1,
      },
    };
    const patch = {
      spec: {
        containers: [{ name: 'a', args: ['3'], env: [{ name: 'B', value: '2' }] }, { name: 'b', image: 'y' }],
        drop: null,
      },
    };
    expect(strategicMerge(base, patch)).toEqual({
      spec: {
        containers: [
          { name: 'a', image: 'x', args: ['3'], env: [{ name: 'B', value: '2' }, { name: 'A', value: '1' }] },
          { name: 'b', image: 'y' },
        ],
        keep: true,
      },
    });
    expect(base.spec.drop).toBe(1);
  });
});

describe('renderKustomization', () => {
  it('renders bases, then patches, namespace, labels, replicas and images of the overlay', () => {
    const dir = write({
      'base/kustomization.yaml': 'resources: [apps.yaml]\nnamespace: ns\n',
      'base/apps.yaml': `${deployment('one', 'service')}---${deployment('two', 'gateway')}`,
      'overlay/kustomization.yaml': `
resources: [../base]
labels: [{ pairs: { team: wfm }, includeTemplates: true }]
replicas: [{ name: two, count: 3 }]
images: [{ name: app, newName: reg/app, newTag: "1.2" }]
patches:
  - path: one.yaml
  - target: { kind: Deployment, labelSelector: component!=gateway }
    patch: |-
      kind: Deployment
      metadata: { name: any }
      spec: { template: { spec: { terminationGracePeriodSeconds: 5 } } }
`,
      'overlay/one.yaml': `
apiVersion: apps/v1
kind: Deployment
metadata: { name: one }
spec:
  template:
    spec:
      containers:
        - name: one
          env: [{ name: B, value: "3" }]
`,
    });
    const [one, two] = renderKustomization(join(dir, 'overlay'));
    expect(one!.metadata).toEqual({ name: 'one', namespace: 'ns', labels: { component: 'service', team: 'wfm' } });
    expect(one!.spec.template.metadata.labels).toEqual({ app: 'one', team: 'wfm' });
    expect(one!.spec.template.spec.containers[0].env).toEqual([{ name: 'B', value: '3' }, { name: 'A', value: '1' }]);
    expect(one!.spec.template.spec.containers[0].image).toBe('reg/app:1.2');
    expect(one!.spec.template.spec.terminationGracePeriodSeconds).toBe(5);
    expect(two!.spec.template.spec.terminationGracePeriodSeconds).toBeUndefined();
    expect(two!.spec.replicas).toBe(3);
  });

  it('deletes the objects a $patch: delete targets', () => {
    const dir = write({
      'kustomization.yaml': `
resources: [apps.yaml]
patches:
  - target: { kind: Deployment, name: "t.*" }
    patch: "kind: Deployment\\nmetadata: { name: x }\\n$patch: delete"
`,
      'apps.yaml': `${deployment('one', 's')}---${deployment('two', 's')}---${deployment('three', 's')}`,
    });
    expect(renderKustomization(dir).map((m) => m.metadata.name)).toEqual(['one']);
  });

  it('refuses what it cannot render like kustomize', () => {
    const unknownKey = write({ 'kustomization.yaml': 'resources: []\nconfigMapGenerator: []\n' });
    expect(() => renderKustomization(unknownKey)).toThrow(/configMapGenerator/);
    const noMatch = write({
      'kustomization.yaml': 'resources: [a.yaml]\npatches: [{ path: p.yaml }]\n',
      'a.yaml': deployment('one', 's'),
      'p.yaml': 'kind: Deployment\nmetadata: { name: other }\nspec: { paused: true }\n',
    });
    expect(() => renderKustomization(noMatch)).toThrow(/matches no resource/);
    const duplicate = write({ 'kustomization.yaml': 'resources: [a.yaml, b.yaml]\n', 'a.yaml': deployment('one', 's'), 'b.yaml': deployment('one', 's') });
    expect(() => renderKustomization(duplicate)).toThrow(/more than once/);
  });
});
