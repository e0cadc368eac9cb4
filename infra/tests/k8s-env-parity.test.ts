/**
 * Every Deployment and Job container that runs a process of the platform gets every variable that
 * process requires in production, by the process's own env schema and loadEnv (support/k8s-env-parity.ts).
 */
import { describe, expect, it } from 'vitest';
import { checkEnvParity } from './support/k8s-env-parity.ts';
import { BUILD_NAMES, renderBuilds } from './support/k8s-builds.ts';
import type { Manifest } from './support/kustomize.ts';

const builds = renderBuilds();
const BUILDS = BUILD_NAMES;

describe('k8s containers get what their process requires in production', () => {
  it.each(BUILDS)('%s', async (build) => {
    expect(await checkEnvParity(builds[build]!)).toEqual([]);
  }, 60_000);

  it('fails when the migrate Job or a Deployment lacks a required variable, or gives a bad one', async () => {
    const ms = structuredClone(builds['overlays/prod']!);
    const job = ms.find((m) => m.kind === 'Job')!;
    const forum = job.spec.template.spec.containers.find((c: Manifest) => c.name === 'forum');
    forum.env = forum.env.filter((e: Manifest) => e.name !== 'VISITOR_TOKEN_SECRET');
    const gateway = ms.find((m) => m.kind === 'Deployment' && m.metadata.name === 'gateway')!.spec.template.spec.containers[0];
    gateway.env = gateway.env.filter((e: Manifest) => e.name !== 'STAFF_HEADER_SECRET');
    const worker = ms.find((m) => m.kind === 'Deployment' && m.metadata.name === 'worker')!.spec.template.spec.containers[0];
    worker.env = worker.env.filter((e: Manifest) => e.name !== 'DATABASE_URL');
    ms.find((m) => m.kind === 'ConfigMap')!.data.PG_POOL_MAX = 'many';
    const problems = await checkEnvParity(ms);
    expect(problems).toEqual(expect.arrayContaining([
      'Job/migrate-1.0.0 container forum (forum): lacks VISITOR_TOKEN_SECRET, which it requires in production',
      'Deployment/gateway container gateway (gateway): lacks STAFF_HEADER_SECRET, which it requires in production',
      'Deployment/worker container worker (worker): lacks DATABASE_URL, which it requires in production',
      expect.stringMatching(/^Deployment\/catalog container catalog \(catalog\): PG_POOL_MAX /),
    ]));
  }, 60_000);
});
