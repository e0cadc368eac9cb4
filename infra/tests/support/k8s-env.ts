/**
 * What a container's process sees of its environment in a rendered build, and which environment
 * schema the process reads it with (the kit's env schemas: each service definition's `env`, the
 * gateway's and the worker's). Shared by the topology and parity tests.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { z } from 'zod';
import { SERVICES } from '@wfm/contracts/shared';
import { serviceEnvSchema } from '@wfm/service-kit';
import type { Manifest } from './kustomize.ts';
import { REPO_ROOT } from './paths.ts';

/** A value from a Secret: known by reference only. */
export interface SecretRef {
  secret: string;
  key: string;
  optional: boolean;
}
export type EnvValue = string | SecretRef;

/** A pod template of the build: a Deployment's, StatefulSet's or Job's. */
export interface PodOf {
  id: string;
  labels: Record<string, string>;
  spec: Manifest;
}

export function podsOf(ms: Manifest[]): PodOf[] {
  return ms
    .filter((m) => ['Deployment', 'StatefulSet', 'Job'].includes(m.kind) && m.spec?.template)
    .map((m) => ({ id: `${m.kind}/${m.metadata.name}`, labels: m.spec.template.metadata?.labels ?? {}, spec: m.spec.template.spec ?? {} }));
}

const EXPANSION = /\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g;

/**
 * The container's environment in Kubernetes' order: envFrom first, then env, each `$(VAR)`
 * expanded from what is defined before it. A value that embeds a Secret becomes that Secret's
 * reference when it is nothing else, else the text with the Secret's part as `<secret:key>`.
 */
export function containerEnv(container: Manifest, ms: Manifest[]): Map<string, EnvValue> {
  const env = new Map<string, EnvValue>();
  const configMap = (name: string) => ms.find((m) => m.kind === 'ConfigMap' && m.metadata?.name === name)?.data ?? {};
  for (const from of container.envFrom ?? []) {
    if (from.configMapRef) for (const [k, v] of Object.entries(configMap(from.configMapRef.name))) env.set(`${from.prefix ?? ''}${k}`, String(v));
    // A whole Secret: its keys are unknown here.
  }
  for (const e of container.env ?? []) {
    if (e.value !== undefined) {
      env.set(e.name, String(e.value).replace(EXPANSION, (whole, name: string) => {
        const v = env.get(name);
        if (v === undefined) return whole;
        return typeof v === 'string' ? v : `<secret:${v.key}>`;
      }));
    } else if (e.valueFrom?.secretKeyRef) {
      const ref = e.valueFrom.secretKeyRef;
      env.set(e.name, { secret: ref.name, key: ref.key, optional: ref.optional === true });
    } else if (e.valueFrom?.configMapKeyRef) {
      const ref = e.valueFrom.configMapKeyRef;
      const v = configMap(ref.name)[ref.key];
      if (v !== undefined) env.set(e.name, String(v));
    }
  }
  return env;
}

type EnvSchema = z.ZodObject;

/**
 * A module's export, loaded once. The paths are computed, so the infra type-check does not pull in
 * the gateway's and services' sources (each has its own tsconfig).
 */
const loaded = new Map<string, Promise<unknown>>();
function load<T>(file: string, pick: (module: Record<string, unknown>) => T): Promise<T> {
  if (!loaded.has(file)) loaded.set(file, (import(pathToFileURL(join(REPO_ROOT, file)).href) as Promise<Record<string, unknown>>).then(pick));
  return loaded.get(file) as Promise<T>;
}

/** The process a container runs, by the entry file the image is given, and the schema it reads its environment with. */
export async function processOf(container: Manifest): Promise<{ name: string; schema: EnvSchema } | undefined> {
  const entry = container.args?.[0];
  if (entry === 'gateway/src/server.ts') {
    return { name: 'gateway', schema: await load('gateway/src/env.ts', (m) => m.gatewayEnvSchema as EnvSchema) };
  }
  if (entry === 'services/admin/src/worker.ts') {
    return { name: 'worker', schema: await load('services/admin/src/env.ts', (m) => m.workerEnvSchema as EnvSchema) };
  }
  const service = SERVICES.find((s) => entry === `services/${s.name}/src/server.ts`);
  if (!service) return undefined;
  // The service definition's env schema (default the kit's serviceEnvSchema).
  const schema = await load(`services/${service.name}/src/app.ts`, (m) => (m.service as { env?: EnvSchema }).env ?? serviceEnvSchema);
  return { name: service.name, schema };
}
