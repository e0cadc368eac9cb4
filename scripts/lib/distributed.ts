import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SERVICES, type ServiceName } from '@wfm/contracts';
import { provisionServiceRoles, withDatabase } from './service-roles.ts';
import { waitForProcessReady } from './wait.ts';
import { adminDist, webDist } from './web-build.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface DistributedOptions {
  /** Superuser URL of the PostgreSQL server; the database name in it is replaced by `database`. */
  adminDatabaseUrl: string;
  database: string;
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
}

export interface DistributedRun {
  gatewayUrl: string;
  serviceUrls: Record<ServiceName, string>;
  processes: Map<string, ChildProcess>;
  stop(): Promise<void>;
}

export const envNameFor = (service: string) => `${service.replaceAll('-', '_').toUpperCase()}_URL`;

function launch(name: string, script: string, env: NodeJS.ProcessEnv, stdio: 'inherit' | 'ignore'): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', stdio, stdio],
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal === null) console.error(`[${name}] exited with code ${code}`);
  });
  return child;
}

async function stopAll(processes: Map<string, ChildProcess>): Promise<void> {
  await Promise.all(
    [...processes.values()].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

/**
 * Starts every service, the job worker and the gateway as separate processes against a real
 * PostgreSQL (one role per service), NATS JetStream and (optionally) Redis.
 */
export async function startDistributed(opts: DistributedOptions): Promise<DistributedRun> {
  const stdio = opts.stdio ?? 'inherit';
  const databaseUrls = await provisionServiceRoles(opts.adminDatabaseUrl, opts.database, opts.servicePassword);
  const processes = new Map<string, ChildProcess>();
  const serviceUrls = {} as Record<ServiceName, string>;
  const common = {
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    NATS_URL: opts.natsUrl,
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
    STAFF_HEADER_SECRET: opts.staffSecret,
    LOG_LEVEL: opts.logLevel ?? 'info',
    HOST: '127.0.0.1',
  };

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
        }, stdio);
        processes.set(service.name, child);
        await waitForProcessReady(service.name, child, `${url}/readyz`);
      }),
    );

    // pg_dump/pg_restore need every schema: the dev run gives the worker the superuser connection
    // (compose and Kubernetes use the dedicated wfm_backup / wfm_restore roles).
    const appDatabaseAsAdmin = withDatabase(opts.adminDatabaseUrl, opts.database);
    const worker = launch('worker', 'services/admin/src/worker.ts', {
      ...common,
      WORKER_PORT: String(opts.workerPort),
      DATABASE_URL: databaseUrls.admin,
      BACKUP_DATABASE_URL: appDatabaseAsAdmin,
      RESTORE_DATABASE_URL: appDatabaseAsAdmin,
      ...(opts.backupDir ? { BACKUP_DIR: opts.backupDir } : {}),
    }, stdio);
    processes.set('worker', worker);

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
    }, stdio);
    processes.set('gateway', gateway);
    await Promise.all([
      waitForProcessReady('gateway', gateway, `${gatewayUrl}/readyz`),
      waitForProcessReady('worker', worker, `http://127.0.0.1:${opts.workerPort}/readyz`),
    ]);
    return { gatewayUrl, serviceUrls, processes, stop: () => stopAll(processes) };
  } catch (err) {
    await stopAll(processes);
    throw err;
  }
}
