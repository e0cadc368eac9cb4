import {
  createPostgresBackend,
  createRedisBackend,
  type BackendFactory,
  type IQueueBackend,
  type PostgresPoolConfig,
} from 'bullmq';
import type { Sql } from '../db.ts';

/** Schema of BullMQ's PostgreSQL backend: apart from the service schemas, so a restore never touches the queue. */
export const QUEUE_SCHEMA = 'bullmq';

/** Redis key prefix of the queues (Redis backend only). */
const REDIS_PREFIX = 'wfm';

/** Where the job queue lives: Redis when REDIS_URL is set, else BullMQ's PostgreSQL backend. */
export type QueueConnection =
  | { backend: 'redis'; url: string }
  | { backend: 'postgres'; connection: PostgresPoolConfig };

const postgresConfig = (config: PostgresPoolConfig): QueueConnection => ({
  backend: 'postgres',
  connection: { max: 4, application_name: 'wfm-jobs', ...config, schema: QUEUE_SCHEMA, migrate: true },
});

export function queueConnection(opts: { redisUrl?: string | undefined; databaseUrl: string }): QueueConnection {
  return opts.redisUrl ? { backend: 'redis', url: opts.redisUrl } : postgresConfig({ connectionString: opts.databaseUrl });
}

/**
 * The same choice for a process that only holds a postgres.js pool (the admin service, whose
 * DATABASE_URL may come from the launcher rather than the environment): the queue's pg pool
 * connects with the pool's own parameters.
 */
export function queueConnectionForSql(opts: { redisUrl?: string | undefined; sql: Sql }): QueueConnection {
  if (opts.redisUrl) return { backend: 'redis', url: opts.redisUrl };
  const o = opts.sql.options as unknown as {
    host: string[];
    port: number[];
    path?: string | false;
    database: string;
    user: string;
    pass: string | null;
    ssl: unknown;
  };
  return postgresConfig({
    host: o.path ? o.path.replace(/\/\.s\.PGSQL\.\d+$/, '') : o.host[0],
    port: o.port[0],
    database: o.database,
    user: o.user,
    ...(typeof o.pass === 'string' ? { password: o.pass } : {}),
    ssl: pgSsl(o.ssl),
  });
}

/** postgres.js ssl setting -> node-postgres: 'require' encrypts without verifying, 'verify-full' verifies. */
function pgSsl(ssl: unknown): boolean | object {
  if (ssl === 'verify-full' || ssl === true) return true;
  if (ssl === 'require') return { rejectUnauthorized: false };
  if (typeof ssl === 'object' && ssl !== null) return ssl;
  return false;
}

export function describeQueueConnection(conn: QueueConnection): string {
  if (conn.backend === 'redis') {
    const url = new URL(conn.url);
    return `Redis ${url.host}`;
  }
  return `PostgreSQL (BullMQ PostgreSQL backend, schema ${QUEUE_SCHEMA})`;
}

/** Constructor arguments shared by Queue, Worker and QueueEvents for this connection. */
export interface BackendArgs {
  factory: BackendFactory<IQueueBackend, unknown>;
  connection: unknown;
  prefix?: string;
}

export function backendArgs(conn: QueueConnection): BackendArgs {
  if (conn.backend === 'redis') {
    return {
      factory: createRedisBackend as BackendFactory<IQueueBackend, unknown>,
      // BullMQ's own default waits up to 20 s between reconnects: back within a second instead.
      connection: { url: conn.url, connectTimeout: 1_000, retryStrategy: (attempt: number) => Math.min(100 * 2 ** attempt, 1_000) },
      prefix: REDIS_PREFIX,
    };
  }
  return { factory: createPostgresBackend as BackendFactory<IQueueBackend, unknown>, connection: conn.connection };
}

/**
 * BullMQ's PostgreSQL backend creates its schema on first connect (CREATE SCHEMA IF NOT EXISTS,
 * which PostgreSQL refuses without CREATE on the database even when the schema exists).
 */
export function explainQueueError(conn: QueueConnection, err: unknown): Error {
  const code = (err as { code?: unknown }).code;
  const message = err instanceof Error ? err.message : String(err);
  if (conn.backend === 'postgres' && code === '42501') {
    return new Error(
      `BullMQ's PostgreSQL backend cannot create or use the schema "${QUEUE_SCHEMA}" (${message}): ` +
        'grant the role CREATE on the database, or set REDIS_URL to keep the job queue in Redis',
    );
  }
  return err instanceof Error ? err : new Error(message);
}
