import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SERVICES, type ServiceName } from '@wfm/contracts/shared';
import { provisionServiceRoles, withDatabase } from './service-roles.ts';
import { supervise, type SupervisedProcess } from './supervisor.ts';
import { waitForProcessReady } from './wait.ts';
import { adminDist, webDist } from './web-build.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface DistributedOptions {
  /**
   * URL of a PostgreSQL role that may create databases and roles; the database name in it is
   * replaced by `database`. Used to create the database and the service roles, and (without
   * databaseUrl) for the worker's backups.
   */
  adminDatabaseUrl: string;
  database: string;
  /**
   * The operator's DATABASE_URL (see resolveDatabaseTarget): every service connects to its server
   * and database with its own role, and the worker's backups and restores use it as given.
   */
  databaseUrl?: string;
  natsUrl: string;
  redisUrl?: string;
  gatewayPort: number;
  /** Port of the first service; the others follow in SERVICES order. */
  basePort: number;
  workerPort: number;
  staffSecret: string;
  servicePassword: string;
  rateLimitPerMinute?: number;
  logLevel?: string;
  /** Shared by the admin service and the worker; default: their own default (.data/backups). */
  backupDir?: string;
  /** Where child output goes: 'inherit' for the console, 'ignore' for benchmarks and tests. */
  stdio?: 'inherit' | 'ignore';
  /** Start a process again when it dies (default true, see supervisor.ts); false: its death is only logged. */
  restart?: boolean;
  /** Where exit and restart lines go; default console.error. */
  log?: (line: string) => void;
}

export interface DistributedRun {
  gatewayUrl: string;
  serviceUrls: Record<ServiceName, string>;
  /** The process running now under each name (a restarted process replaces its entry). */
  processes: Map<string, ChildProcess>;
  /** Each name's supervisor: restart count and current process. */
  supervised: Map<string, SupervisedProcess>;
  /** Stops restarting, then stops every process (SIGTERM, SIGKILL after 10 s). */
  stop(): Promise<void>;
}

export const envNameFor = (service: string) => `${service.replaceAll('-', '_').toUpperCase()}_URL`;

function spawnScript(script: string, env: NodeJS.ProcessEnv, stdio: 'inherit' | 'ignore'): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', stdio, stdio],
  });
}

/**
 * Starts every service, the job worker and the gateway as separate processes against a real
 * PostgreSQL (one role per service), NATS JetStream and (optionally) Redis. Each process runs
 * under a supervisor that starts it again when it dies, with backoff, until stop().
 */
export async function startDistributed(opts: DistributedOptions): Promise<DistributedRun> {
  const stdio = opts.stdio ?? 'inherit';
  const databaseUrls = await provisionServiceRoles(opts.adminDatabaseUrl, opts.database, opts.servicePassword, {
    databaseUrl: opts.databaseUrl,
  });
  const processes = new Map<string, ChildProcess>();
  const supervised = new Map<string, SupervisedProcess>();
  const serviceUrls = {} as Record<ServiceName, string>;
  const common = {
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    NATS_URL: opts.natsUrl,
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
    STAFF_HEADER_SECRET: opts.staffSecret,
    LOG_LEVEL: opts.logLevel ?? 'info',
    HOST: '127.0.0.1',
    // Author-name checks ask identity (started below on basePort + its index in SERVICES).
    IDENTITY_URL: `http://127.0.0.1:${opts.basePort + SERVICES.findIndex((s) => s.name === 'identity')}`,
  };
  const launch = (name: string, script: string, env: NodeJS.ProcessEnv): ChildProcess => {
    const proc = supervise({
      name,
      start: () => spawnScript(script, env, stdio),
      restart: opts.restart,
      log: opts.log,
      onStart: (child) => processes.set(name, child),
    });
    supervised.set(name, proc);
    return proc.child;
  };
  const stopAll = () => Promise.all([...supervised.values()].map((p) => p.stop())).then(() => undefined);

  try {
    await Promise.all(
      SERVICES.map(async (service, index) => {
        const port = opts.basePort + index;
        const url = `http://127.0.0.1:${port}`;
        serviceUrls[service.name] = url;
        const child = launch(service.name, `services/${service.name}/src/server.ts`, {
          ...common,
          PORT: String(port),
          DATABASE_URL: databaseUrls[service.name],
          TRUST_PROXY: '127.0.0.1',
          ...(opts.backupDir ? { BACKUP_DIR: opts.backupDir } : {}),
        });
        await waitForProcessReady(service.name, child, `${url}/readyz`);
      }),
    );

    // pg_dump/pg_restore need every schema: the worker gets the operator's DATABASE_URL, else the
    // admin connection on the run's database (compose and Kubernetes use the dedicated wfm_backup /
    // wfm_restore roles).
    const backupDatabaseUrl = opts.databaseUrl ?? withDatabase(opts.adminDatabaseUrl, opts.database);
    const worker = launch('worker', 'services/admin/src/worker.ts', {
      ...common,
      WORKER_PORT: String(opts.workerPort),
      DATABASE_URL: databaseUrls.admin,
      BACKUP_DATABASE_URL: backupDatabaseUrl,
      RESTORE_DATABASE_URL: backupDatabaseUrl,
      ...(opts.backupDir ? { BACKUP_DIR: opts.backupDir } : {}),
    });

    const gatewayUrl = `http://127.0.0.1:${opts.gatewayPort}`;
    const gateway = launch('gateway', 'gateway/src/server.ts', {
      ...common,
      PORT: String(opts.gatewayPort),
      // Runs on one machine share Redis; each run's cached reads stay its own.
      CACHE_NAMESPACE: opts.database,
      WEB_DIST: webDist,
      ADMIN_DIST: adminDist,
      ...(opts.rateLimitPerMinute ? { RATE_LIMIT_PER_MINUTE: String(opts.rateLimitPerMinute) } : {}),
      ...Object.fromEntries(SERVICES.map((s) => [envNameFor(s.name), serviceUrls[s.name]])),
    });
    await Promise.all([
      waitForProcessReady('gateway', gateway, `${gatewayUrl}/readyz`),
      waitForProcessReady('worker', worker, `http://127.0.0.1:${opts.workerPort}/readyz`),
    ]);
    return { gatewayUrl, serviceUrls, processes, supervised, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
