import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCompose, REQUIRED_COMPOSE_VARIABLES } from './support/compose-checks.ts';
import { schemaProblems } from './support/compose-schema.ts';
import { REPO_ROOT } from './support/paths.ts';

const composeFile = resolve(REPO_ROOT, 'docker-compose.yml');
const compose = loadCompose();

/** `docker-compose` of this machine when it is Compose 1.x (Debian 12's 1.29), else undefined. */
function composeV1(): string | undefined {
  try {
    const version = execFileSync('docker-compose', ['version', '--short'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return version.startsWith('1.') ? version : undefined;
  } catch {
    return undefined;
  }
}

describe('docker-compose.yml with Compose 1.29 (Debian 12’s docker-compose) as well as Compose v2', () => {
  it('uses only keys, types and values the Compose 1.29 file schema accepts; `docker-compose config -q` too where it is installed', () => {
    expect(schemaProblems(compose)).toEqual([]);
    const v1 = composeV1();
    if (v1 !== undefined) {
      const env: NodeJS.ProcessEnv = { ...process.env, COMPOSE_FILE: '', COMPOSE_PROJECT_NAME: 'wfm-config-check' };
      for (const name of REQUIRED_COMPOSE_VARIABLES) env[name] = 'x'.repeat(40);
      // Throws with compose's message when it refuses the file.
      execFileSync('docker-compose', ['-f', composeFile, 'config', '-q'], { env, cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    }
  });

  it('reports what Compose 1.29 refuses: a top-level name, a healthcheck start_interval, a misspelt key, a wrong type', () => {
    const wrong = structuredClone(compose) as unknown as Record<string, unknown> & typeof compose;
    wrong.name = 'wfm';
    wrong.services.forum!.healthcheck = { ...wrong.services.forum!.healthcheck, start_interval: '2s' };
    wrong.services.nats!.restrat = 'always';
    wrong.services.redis!.read_only = 'yes';
    expect(schemaProblems(wrong)).toEqual(expect.arrayContaining([
      'name: not allowed by Compose 1.29',
      'services.forum.healthcheck.start_interval: not allowed by Compose 1.29',
      'services.nats.restrat: not allowed by Compose 1.29',
      'services.redis.read_only: string where boolean is expected',
    ]));
  });

  it('lets only image names, secrets and the published port change by environment: each datastore image is replaceable', () => {
    const images = Object.fromEntries(['postgres', 'nats', 'redis'].map((s) => [s, compose.services[s]!.image]));
    expect(images).toEqual({
      postgres: '${WFM_POSTGRES_IMAGE:-postgres:15-bookworm}',
      nats: '${WFM_NATS_IMAGE:-nats:2.10-alpine}',
      redis: '${WFM_REDIS_IMAGE:-redis:7-alpine}',
    });
  });

});
