/** Checks of docker-compose.yml for every process of the platform; each returns its problems. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { DATASTORES, passwordEnvOf, platformUnits, urlEnvOf, type ServiceLike, type Unit } from './platform.ts';
import type { Manifest } from './kustomize.ts';
import { REPO_ROOT } from './paths.ts';

export type Compose = { services: Record<string, ComposeService>; volumes?: Record<string, unknown> };
export type ComposeService = Manifest;

export function loadCompose(file = resolve(REPO_ROOT, 'docker-compose.yml')): Compose {
  return parse(readFileSync(file, 'utf8'), { merge: true }) as Compose;
}

/** Variables `docker compose up` must be given (`${VAR:?message}`): it refuses to start without them. */
export const REQUIRED_COMPOSE_VARIABLES = ['STAFF_HEADER_SECRET', 'VISITOR_TOKEN_SECRET', 'ADMIN_PASSWORD'] as const;

/**
 * Compose variable interpolation with an empty environment: ${VAR:-default} and ${VAR-default}
 * give their default, $$ is a literal $, ${VAR:?message} is `required` (compose stops with the
 * message when it is unset) and stands as `<VAR>`. A variable with neither is `unresolved`: compose
 * would silently use an empty value.
 */
export function interpolate(value: string): { value: string; unresolved: string[]; required: string[] } {
  const unresolved: string[] = [];
  const required: string[] = [];
  const out = value.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?-)([^}]*)|(:?\?)([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match, braced: string | undefined, dash: string | undefined, fallback: string | undefined, question: string | undefined, _message: string | undefined, bare: string | undefined) => {
      if (match === '$$') return '$';
      if (dash !== undefined) return fallback ?? '';
      if (question !== undefined && braced !== undefined) {
        required.push(braced);
        return `<${braced}>`;
      }
      unresolved.push(braced ?? bare ?? match);
      return '';
    });
  return { value: out, unresolved, required };
}

function envOf(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(env.map((line: string) => {
      const at = line.indexOf('=');
      return [line.slice(0, at), interpolate(line.slice(at + 1)).value];
    }));
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, interpolate(String(v)).value]));
}

function dependsOn(service: ComposeService): Record<string, { condition?: string }> {
  const d = service.depends_on ?? {};
  return Array.isArray(d) ? Object.fromEntries(d.map((n: string) => [n, {}])) : d;
}

/** The app image every platform process must share (the gateway's, as a reference). */
function appImage(compose: Compose): string | undefined {
  return compose.services.gateway?.image;
}

export function checkComposeUnits(compose: Compose, services?: readonly ServiceLike[]): string[] {
  const problems: string[] = [];
  const units = platformUnits(services);
  const image = appImage(compose);
  const postgresEnv = envOf(compose.services.postgres ?? {});
  if (!image) problems.push('gateway: no image');

  for (const unit of units) {
    const svc = compose.services[unit.name];
    const p = (msg: string) => problems.push(`${unit.name}: ${msg}`);
    if (!svc) {
      p('no compose service');
      continue;
    }
    if (svc.image !== image) p(`image ${svc.image} is not the shared app image ${image}`);
    if (svc.build?.context !== '.' || svc.build?.dockerfile !== 'Dockerfile') p('not built from ./Dockerfile');
    if (svc.command?.[0] !== unit.entry) p(`command ${JSON.stringify(svc.command)} does not run ${unit.entry}`);
    checkHardening(svc, p);
    checkHealthcheck(svc, unit, p);
    checkDependencies(svc, unit, services, p);

    for (const [k, v] of Object.entries(svc.environment ?? {})) {
      const { unresolved, required } = interpolate(String(v));
      if (unresolved.length > 0) p(`${k} needs ${unresolved.join(', ')} (give a default)`);
      for (const name of required) {
        if (!(REQUIRED_COMPOSE_VARIABLES as readonly string[]).includes(name)) p(`${k} requires ${name}, which is not a required variable`);
      }
    }
    const env = envOf(svc);
    if (env[unit.portEnv] !== String(unit.port)) p(`${unit.portEnv} is ${env[unit.portEnv]}, not ${unit.port}`);
    for (const key of ['NATS_URL', 'REDIS_URL', 'STAFF_HEADER_SECRET', 'NODE_ENV', 'LOG_LEVEL', 'HOST']) {
      if (!env[key]) p(`no ${key}`);
    }
    if (unit.role) checkDatabaseUrl(env.DATABASE_URL, unit.role, postgresEnv, p);
    else if (env.DATABASE_URL) p('has a DATABASE_URL it should not need');
    if (unit.kind === 'gateway') {
      for (const s of units.filter((u) => u.kind === 'service')) {
        const want = `http://${s.name}:${s.port}`;
        if (env[urlEnvOf(s.name)] !== want) p(`${urlEnvOf(s.name)} is ${env[urlEnvOf(s.name)]}, not ${want}`);
      }
    }
  }

  for (const [name, svc] of Object.entries(compose.services)) {
    if (svc.image === image && !units.some((u) => u.name === name)) {
      problems.push(`${name}: runs the app image but is no known service (stale?)`);
    }
  }
  return problems;
}

function checkHardening(svc: ComposeService, p: (m: string) => void): void {
  if (svc.user !== '1000:1000') p(`runs as ${svc.user ?? 'the image user'}, not 1000:1000`);
  if (svc.read_only !== true) p('root filesystem is not read-only');
  if (!(svc.tmpfs ?? []).includes('/tmp')) p('no tmpfs at /tmp');
  if (!(svc.cap_drop ?? []).includes('ALL')) p('capabilities are not dropped');
  if (!(svc.security_opt ?? []).includes('no-new-privileges:true')) p('no no-new-privileges');
}

function checkHealthcheck(svc: ComposeService, unit: Unit, p: (m: string) => void): void {
  const test: unknown = svc.healthcheck?.test;
  if (!Array.isArray(test) || test[0] !== 'CMD' || !test.includes('infra/docker/healthcheck.mjs')) {
    p('no healthcheck running infra/docker/healthcheck.mjs');
    return;
  }
  // Without a URL argument the script asks http://127.0.0.1:$PORT/readyz.
  const url = test[test.indexOf('infra/docker/healthcheck.mjs') + 1];
  if (url !== undefined && url !== `http://127.0.0.1:${unit.port}/readyz`) p(`healthcheck asks ${url}`);
  if (url === undefined && unit.portEnv !== 'PORT') p('healthcheck needs the URL of its readiness port');
}

function checkDependencies(
  svc: ComposeService,
  unit: Unit,
  services: readonly ServiceLike[] | undefined,
  p: (m: string) => void,
): void {
  const deps = dependsOn(svc);
  const needed: string[] = [...DATASTORES];
  if (unit.kind === 'gateway') needed.push(...platformUnits(services).filter((u) => u.kind === 'service').map((u) => u.name));
  for (const name of needed) {
    if (deps[name]?.condition !== 'service_healthy') p(`does not wait for ${name} to be healthy`);
  }
}

function checkDatabaseUrl(
  url: string | undefined,
  role: string,
  postgresEnv: Record<string, string>,
  p: (m: string) => void,
): void {
  const m = url ? /^postgres(?:ql)?:\/\/([^:@/]+):([^@]*)@postgres:5432\/wfm$/.exec(url) : null;
  if (!m) {
    p(`DATABASE_URL ${url ?? '(missing)'} is not postgres://${role}:<password>@postgres:5432/wfm`);
    return;
  }
  if (m[1] !== role) p(`DATABASE_URL logs in as ${m[1]}, not its own role ${role}`);
  const initPassword = postgresEnv[passwordEnvOf(role)];
  if (initPassword === undefined) p(`postgres has no ${passwordEnvOf(role)} for the role set-up`);
  else if (decodeURIComponent(m[2]!) !== initPassword) p(`DATABASE_URL password differs from postgres ${passwordEnvOf(role)}`);
}

/** The datastores themselves: present and with a healthcheck others can wait for. */
export function checkComposeDatastores(compose: Compose): string[] {
  return DATASTORES.flatMap((name) => {
    const svc = compose.services[name];
    if (!svc) return [`${name}: no compose service`];
    return svc.healthcheck?.test ? [] : [`${name}: no healthcheck`];
  });
}
