import postgres from 'postgres';
import { SERVICES, type ServiceName } from '@wfm/contracts/shared';

/** The Postgres role each service connects with: it owns its schema and nothing else. */
export const roleFor = (schema: string) => `${schema}_svc`;

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

function withCredentials(url: string, user: string, password: string): string {
  const u = new URL(url);
  u.username = user;
  u.password = password;
  return u.toString();
}

export const DEFAULT_PG_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_DATABASE_NAME = 'wfm';
const DATABASE_NAME = /^[a-z_][a-z0-9_]*$/;

/** Where the distributed run keeps its data, from DATABASE_URL, PG_ADMIN_URL and DATABASE_NAME. */
export interface DatabaseTarget {
  /** Creates the database and the service roles. */
  adminUrl: string;
  database: string;
  /** Set when the operator gave DATABASE_URL: the services' server and database. */
  databaseUrl?: string;
}

/** A launcher setting that cannot be honoured; the message says what to change. */
export class LauncherConfigError extends Error {
  override name = 'LauncherConfigError';
}

const serverOf = (url: URL) => `${url.hostname}:${url.port || '5432'}`;

/**
 * Without DATABASE_URL: PG_ADMIN_URL's server (default local), database DATABASE_NAME (default wfm).
 * With DATABASE_URL: its server and database for every service; PG_ADMIN_URL (default: DATABASE_URL
 * itself) only creates the roles, so it must name the same server; a DATABASE_NAME that names
 * another database is refused rather than silently preferred.
 */
export function resolveDatabaseTarget(env: {
  DATABASE_URL?: string | undefined;
  PG_ADMIN_URL?: string | undefined;
  DATABASE_NAME?: string | undefined;
}): DatabaseTarget {
  if (!env.DATABASE_URL) {
    const database = env.DATABASE_NAME ?? DEFAULT_DATABASE_NAME;
    if (!DATABASE_NAME.test(database)) {
      throw new LauncherConfigError(`DATABASE_NAME "${database}" must be lower-case letters, digits and underscores`);
    }
    return { adminUrl: env.PG_ADMIN_URL ?? DEFAULT_PG_ADMIN_URL, database };
  }
  let url: URL;
  try {
    url = new URL(env.DATABASE_URL);
  } catch {
    throw new LauncherConfigError('DATABASE_URL is not a valid postgres:// URL');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new LauncherConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!DATABASE_NAME.test(database)) {
    throw new LauncherConfigError(
      `DATABASE_URL must name its database (lower-case letters, digits and underscores), e.g. postgres://user@host:5432/wfm; got "${database}"`,
    );
  }
  if (env.DATABASE_NAME && env.DATABASE_NAME !== database) {
    throw new LauncherConfigError(
      `DATABASE_URL names the database "${database}" but DATABASE_NAME says "${env.DATABASE_NAME}": unset one of them`,
    );
  }
  if (env.PG_ADMIN_URL) {
    let admin: URL;
    try {
      admin = new URL(env.PG_ADMIN_URL);
    } catch {
      throw new LauncherConfigError('PG_ADMIN_URL is not a valid postgres:// URL');
    }
    if (serverOf(admin) !== serverOf(url)) {
      throw new LauncherConfigError(
        `PG_ADMIN_URL (${serverOf(admin)}) and DATABASE_URL (${serverOf(url)}) name different servers: the service roles ` +
          'must be created on the server the services use. Point PG_ADMIN_URL at the same server, or unset it to create them with DATABASE_URL',
      );
    }
  }
  return { adminUrl: env.PG_ADMIN_URL ?? env.DATABASE_URL, database, databaseUrl: env.DATABASE_URL };
}

/**
 * Creates `database` when missing and, for every service, a login role owning only its schema
 * (public is locked down). Returns each service's DATABASE_URL: `databaseUrl` (the operator's) or
 * the admin URL on `database`, with the role's credentials. Idempotent: safe on every start.
 */
export async function provisionServiceRoles(
  adminUrl: string,
  database: string,
  password: string,
  opts: { databaseUrl?: string | undefined } = {},
): Promise<Record<ServiceName, string>> {
  const serviceBase = opts.databaseUrl ?? withDatabase(adminUrl, database);
  try {
    return await provision(adminUrl, database, password, serviceBase);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === '42501' || code === '28000' || code === '28P01') {
      throw new LauncherConfigError(
        `Cannot create the database "${database}" or its service roles as ${new URL(adminUrl).username || 'the given user'} ` +
          `(${(err as Error).message}): set PG_ADMIN_URL to a role with CREATEROLE (and CREATEDB) on the same server`,
      );
    }
    throw err;
  }
}

async function provision(adminUrl: string, database: string, password: string, serviceBase: string): Promise<Record<ServiceName, string>> {
  const admin = postgres(withDatabase(adminUrl, 'postgres'), { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    const [exists] = await admin`SELECT 1 FROM pg_database WHERE datname = ${database}`;
    if (!exists) await admin.unsafe(`CREATE DATABASE "${database}"`);
  } finally {
    await admin.end();
  }

  const db = postgres(withDatabase(adminUrl, database), { max: 1, onnotice: () => {}, connect_timeout: 10 });
  const urls = {} as Record<ServiceName, string>;
  try {
    await db.unsafe(`REVOKE CREATE ON SCHEMA public FROM PUBLIC`);
    await db.unsafe(`REVOKE ALL ON DATABASE "${database}" FROM PUBLIC`);
    for (const service of SERVICES) {
      const role = roleFor(service.schema);
      const [hasRole] = await db`SELECT 1 FROM pg_roles WHERE rolname = ${role}`;
      if (!hasRole) await db.unsafe(`CREATE ROLE "${role}" LOGIN PASSWORD '${password.replaceAll("'", "''")}'`);
      await db.unsafe(`GRANT CONNECT ON DATABASE "${database}" TO "${role}"`);
      await db.unsafe(`CREATE SCHEMA IF NOT EXISTS "${service.schema}" AUTHORIZATION "${role}"`);
      await db.unsafe(`ALTER SCHEMA "${service.schema}" OWNER TO "${role}"`);
      await db.unsafe(`ALTER ROLE "${role}" IN DATABASE "${database}" SET search_path = "${service.schema}"`);
      urls[service.name] = withCredentials(serviceBase, role, password);
    }
  } finally {
    await db.end();
  }
  return urls;
}
