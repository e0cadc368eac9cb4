import postgres from 'postgres';
import { SERVICES, type ServiceName } from '@wfm/contracts';

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

/**
 * Creates `database` when missing and, for every service, a login role owning only its schema
 * (public is locked down). Returns each service's DATABASE_URL. Idempotent: safe on every start.
 */
export async function provisionServiceRoles(
  adminUrl: string,
  database: string,
  password: string,
): Promise<Record<ServiceName, string>> {
  const admin = postgres(withDatabase(adminUrl, 'postgres'), { max: 1, onnotice: () => {} });
  try {
    const [exists] = await admin`SELECT 1 FROM pg_database WHERE datname = ${database}`;
    if (!exists) await admin.unsafe(`CREATE DATABASE "${database}"`);
  } finally {
    await admin.end();
  }

  const db = postgres(withDatabase(adminUrl, database), { max: 1, onnotice: () => {} });
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
      urls[service.name] = withCredentials(withDatabase(adminUrl, database), role, password);
    }
  } finally {
    await db.end();
  }
  return urls;
}
