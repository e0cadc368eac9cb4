/**
 * Parity of the manifests with the processes' environment schemas: every container that runs a
 * process of the platform (Deployments, the migrate Job) is given what that process requires when
 * NODE_ENV=production. The check is the processes' own: the kit's loadEnv with the process's schema
 * (a service definition's env, the gateway's, the worker's), on the environment the container gets
 * (ConfigMap, literal values, Secret keys), run as production. Secret values are not in the
 * manifests, so each stands in as a valid secret; a key marked optional may be missing, so it counts
 * as unset.
 */
import { ConfigError, loadEnv } from '@wfm/service-kit';
import { containerEnv, podsOf, processOf } from './k8s-env.ts';
import type { Manifest } from './kustomize.ts';

/** A stand-in for a Secret's value: 40 characters (secrets need 32+, ADMIN_USERNAME at most 50), URL-safe, no placeholder mark. */
const SECRET_STAND_IN = 'k8s-secret-stand-in-0123456789abcdefghij';

export async function checkEnvParity(ms: Manifest[]): Promise<string[]> {
  const problems: string[] = [];
  for (const pod of podsOf(ms)) {
    for (const c of [...(pod.spec.initContainers ?? []), ...(pod.spec.containers ?? [])]) {
      const process = await processOf(c);
      if (!process) continue;
      const given: Record<string, string> = {};
      for (const [name, value] of containerEnv(c, ms)) {
        if (typeof value === 'string') given[name] = value.replace(/<secret:[^>]*>/g, SECRET_STAND_IN);
        else if (!value.optional) given[name] = SECRET_STAND_IN;
      }
      const where = `${pod.id} container ${c.name} (${process.name})`;
      try {
        loadEnv(process.schema, { ...given, NODE_ENV: 'production' });
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err;
        const messages = err.message.replace(/^Invalid environment: /, '').split('; ');
        for (const name of err.variables) {
          if (given[name] === undefined) problems.push(`${where}: lacks ${name}, which it requires in production`);
          else problems.push(`${where}: ${messages.find((m) => m.startsWith(`${name} `)) ?? `${name} is rejected`}`);
        }
      }
    }
  }
  return problems;
}
