/**
 * infra/postgres/initdb/10-roles.sql against the real PostgreSQL: each run happens inside a
 * transaction that is rolled back, so the machine's roles are left as they were.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICES } from '@wfm/contracts/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCompose } from './support/compose-checks.ts';
import { renderKustomization, type Manifest } from './support/kustomize.ts';
import { INFRA_DIR, K8S_DIR } from './support/paths.ts';
import { passwordEnvOf, roleOf } from './support/platform.ts';

const ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROLES_SQL = join(INFRA_DIR, 'postgres/initdb/10-roles.sql');
const database = `wfm_infra_${randomBytes(4).toString('hex')}`;
const databaseUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${database}`;
  return u.toString();
})();
const ROLES = [...SERVICES.map((s) => roleOf(s.schema)), 'wfm_backup', 'wfm_restore'];
const passwords = Object.fromEntries(ROLES.map((r) => [passwordEnvOf(r), `pw-${r}-${randomBytes(6).toString('hex')}`]));

function psql(url: string, script: string, env: Record<string, string> = {}) {
  return spawnSync('psql', ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-d', url], {
    input: script,
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, ...env },
  });
}

beforeAll(() => {
  execFileSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', ADMIN_URL, '-c', `CREATE DATABASE ${database}`]);
});
afterAll(() => {
  execFileSync('psql', ['-X', '-q', '-d', ADMIN_URL, '-c', `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`]);
});

/** Checks as rows "name|t/f", run as the superuser after the role set-up, inside its transaction. */
function checksSql(): string {
  const lines: string[] = [];
  const check = (name: string, expr: string) => lines.push(`SELECT ${lit(name)}, (${expr})::text;`);
  const probe = `wfm_probe_${randomBytes(3).toString('hex')}`;
  lines.push(`CREATE ROLE ${probe} LOGIN;`);
  check('public cannot connect', `NOT has_database_privilege('${probe}', current_database(), 'CONNECT')`);
  check('public cannot create in schema public', `NOT has_schema_privilege('${probe}', 'public', 'CREATE')`);
  for (const s of SERVICES) {
    const role = roleOf(s.schema);
    check(`${role} owns ${s.schema}`, `(SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = '${s.schema}') = '${role}'`);
    check(`${role} can log in`, `(SELECT rolcanlogin AND NOT rolsuper AND NOT rolcreaterole AND NOT rolcreatedb FROM pg_roles WHERE rolname = '${role}')`);
    check(`${role} can connect`, `has_database_privilege('${role}', current_database(), 'CONNECT')`);
    check(`${role} cannot create schemas`, `NOT has_database_privilege('${role}', current_database(), 'CREATE')`);
    check(`${role} cannot create in public`, `NOT has_schema_privilege('${role}', 'public', 'CREATE')`);
    check(`${role} password is set`, `(SELECT rolpassword IS NOT NULL FROM pg_authid WHERE rolname = '${role}')`);
    for (const other of SERVICES.filter((o) => o !== s)) {
      check(`${roleOf(other.schema)} cannot use ${s.schema}`, `NOT has_schema_privilege('${roleOf(other.schema)}', '${s.schema}', 'USAGE')`);
    }
    check(`${role} defaults to search_path ${s.schema}`, `EXISTS (SELECT 1 FROM pg_db_role_setting d JOIN pg_roles r ON r.oid = d.setrole
      WHERE r.rolname = '${role}' AND d.setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND 'search_path=${s.schema}' = ANY (d.setconfig))`);
    lines.push(`SET ROLE ${role}; CREATE TABLE ${s.schema}.probe (id int); INSERT INTO ${s.schema}.probe VALUES (1); RESET ROLE;`);
    check(`wfm_backup reads ${s.schema}`, `has_table_privilege('wfm_backup', '${s.schema}.probe', 'SELECT')`);
    check(`wfm_backup cannot write ${s.schema}`, `NOT has_table_privilege('wfm_backup', '${s.schema}.probe', 'INSERT')`);
    check(`wfm_restore acts as ${role}`, `pg_has_role('wfm_restore', '${role}', 'MEMBER')`);
  }
  lines.push('SET ROLE wfm_backup;');
  for (const s of SERVICES) check(`wfm_backup selects from ${s.schema}`, `(SELECT count(*) FROM ${s.schema}.probe) = 1`);
  lines.push('RESET ROLE;');
  check('wfm_restore can recreate schemas', `has_database_privilege('wfm_restore', current_database(), 'CREATE')`);
  return lines.join('\n');
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

describe('infra/postgres/initdb/10-roles.sql', () => {
  it('gives each service a login role owning only its schema, plus backup and restore roles (twice: idempotent)', () => {
    const script = ['BEGIN;', `\\i ${ROLES_SQL}`, `\\i ${ROLES_SQL}`, checksSql(), 'ROLLBACK;'].join('\n');
    const run = psql(databaseUrl, script, passwords);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const results = run.stdout.trim().split('\n').map((line) => line.split('|'));
    expect(results.length).toBeGreaterThan(SERVICES.length * 10);
    expect(results.filter(([, ok]) => ok !== 'true').map(([name]) => name)).toEqual([]);
  });

  it('stops with the variable name when a password is missing, and changes nothing', () => {
    const { FORUM_SVC_PASSWORD: _missing, ...others } = passwords;
    const run = spawnSync('psql', ['-X', '-q', '--single-transaction', '-v', 'ON_ERROR_STOP=1', '-d', databaseUrl, '-f', ROLES_SQL], {
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, ...others, FORUM_SVC_PASSWORD: '' },
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('FORUM_SVC_PASSWORD is not set or empty');
    const schemas = psql(databaseUrl, "SELECT count(*) FROM pg_namespace WHERE nspname = 'identity';");
    expect(schemas.stdout.trim()).toBe('0');
  });
});

describe('role passwords', () => {
  const sql = readFileSync(ROLES_SQL, 'utf8');
  const variables = [...sql.matchAll(/^\\set password_env (\w+)$/gm)].map((m) => m[1]!);
  const roleOfVariable = (v: string) => v.replace(/_PASSWORD$/, '').toLowerCase();

  it('are read by 10-roles.sql for every service role, backup and restore', () => {
    expect(variables.sort()).toEqual(ROLES.map(passwordEnvOf).sort());
  });

  it('are given to the compose postgres container for its first start', () => {
    const env = loadCompose().services.postgres!.environment as Record<string, string>;
    for (const v of variables) expect(env[v], v).toBeDefined();
  });

  it('are given to the migrate Job from the wfm-db Secret, which has a key per role', () => {
    const base = renderKustomization(join(K8S_DIR, 'base'));
    const secret = base.find((m) => m.kind === 'Secret' && m.metadata.name === 'wfm-db')!;
    const job = base.find((m) => m.kind === 'Job' && m.metadata.name === 'migrate')!;
    const dbRoles = job.spec.template.spec.initContainers.find((c: Manifest) => c.name === 'db-roles');
    for (const v of variables) {
      expect(secret.data, v).toHaveProperty(roleOfVariable(v));
      const env = dbRoles.env.find((e: Manifest) => e.name === v);
      expect(env?.valueFrom?.secretKeyRef, v).toEqual({ name: 'wfm-db', key: roleOfVariable(v) });
    }
  });
});
