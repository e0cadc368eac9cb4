import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SERVICES, type ServiceName } from '@wfm/contracts/shared';
import { LauncherConfigError, provisionServiceRoles, withDatabase } from './service-roles.ts';
import { supervise, type SupervisedProcess } from './supervisor.ts';
import { keepOutputTail, waitForProcessReady } from './wait.ts';
import { adminDist, webDist } from './web-build.ts';

/** How often a process may die while starting before the run gives up on it. */
const STARTUP_RESTARTS = 3;

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
  /** Port of the first service; the others follow in SERVICES order (replicas: see `replicas`). */
  basePort?: number;
  /**
   * Instead of basePort: each service process's own port, in the order servicePort numbers them
   * (replica 0's services in SERVICES order, then replica 1's, ...). Tests and benches take these
   * from the kernel (freePorts), so no consecutive block can meet a port another run holds.
   */
  servicePorts?: number[];
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
  /**
   * Processes of every service and gateways (default 1). Above 1: service replica r (0-based)
   * listens on basePort + r * SERVICES.length + its index, gateway r on gatewayReplicaPorts[r],
   * and a round-robin balancer (scripts/lib/balancer.ts) on gatewayPort in front of the gateways.
   */
  replicas?: number;
  /** The gateways' own ports when replicas > 1 (default gatewayPort + 1 ... gatewayPort + replicas). */
  gatewayReplicaPorts?: number[];
  /** Longest wait for each process to become ready (default 60 s; 3 min per replica above 1). */
  readyTimeoutMs?: number;
  /** More environment for every service and gateway process (e.g. a rate limit a test lowers). */
  env?: Record<string, string>;
}

export interface DistributedRun {
  /** Where clients go: the gateway, or with replicas > 1 the balancer in front of the gateways. */
  gatewayUrl: string;
  /** Each gateway process's own URL (one entry without replicas). */
  gatewayUrls: string[];
  /** The first replica of each service. */
  serviceUrls: Record<ServiceName, string>;
  /** Every replica of each service, in replica order. */
  replicaUrls: Record<ServiceName, string[]>;
  replicas: number;
  /** The process running now under each name (a restarted process replaces its entry). */
  processes: Map<string, ChildProcess>;
  /** Each name's supervisor: restart count and current process. */
  supervised: Map<string, SupervisedProcess>;
  /** Stops restarting, then stops every process (SIGTERM, SIGKILL after 10 s). */
  stop(): Promise<void>;
}

export const envNameFor = (service: string) => `${service.replaceAll('-', '_').toUpperCase()}_URL`;

/** A process's name in `processes` and logs: `forum` alone, `forum#2` for replica 2 of several. */
export const replicaName = (name: string, replica: number, replicas: number) =>
  replicas > 1 ? `${name}#${replica + 1}` : name;

/** Service replica r's port: the replicas' blocks of SERVICES.length ports follow each other. */
export const servicePort = (basePort: number, serviceIndex: number, replica: number) =>
  basePort + replica * SERVICES.length + serviceIndex;

/** Each service process's port: from servicePorts when given, else numbered from basePort. */
function portOf(opts: DistributedOptions, replicas: number): (serviceIndex: number, replica: number) => number {
  if (opts.servicePorts) {
    const needed = SERVICES.length * replicas;
    if (opts.servicePorts.length !== needed) throw new LauncherConfigError(`${needed} service ports are needed, not ${opts.servicePorts.length}`);
    return (serviceIndex, replica) => opts.servicePorts![servicePort(0, serviceIndex, replica)]!;
  }
  if (opts.basePort === undefined) throw new LauncherConfigError('basePort or servicePorts is needed');
  const basePort = opts.basePort;
  return (serviceIndex, replica) => servicePort(basePort, serviceIndex, replica);
}

function spawnScript(script: string, env: NodeJS.ProcessEnv, stdio: 'inherit' | 'ignore'): ChildProcess {
  // CPU_PROFILE_DIR=<dir>: every process writes a V8 CPU profile there when it stops (for `npm run bench`).
  const profile = process.env.CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROFILE_DIR}`] : [];
  // Output not shown is still piped and its tail kept, to say why a process died while starting.
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', stdio === 'inherit' ? 'inherit' : 'pipe', stdio === 'inherit' ? 'inherit' : 'pipe'],
  });
  return stdio === 'inherit' ? child : keepOutputTail(child);
}

/**
 * Starts every service, the worker and the gateway as separate processes against a real
 * PostgreSQL (one role per service), NATS JetStream and (optionally) Redis. Each process runs
 * under a supervisor that starts it again when it dies, with backoff, until stop().
 */
export async function startDistributed(opts: DistributedOptions): Promise<DistributedRun> {
  const stdio = opts.stdio ?? 'inherit';
  const replicas = opts.replicas ?? 1;
  if (!Number.isInteger(replicas) || replicas < 1) throw new LauncherConfigError(`REPLICAS must be a whole number of at least 1, not ${replicas}`);
  const port = portOf(opts, replicas);
  const databaseUrls = await provisionServiceRoles(opts.adminDatabaseUrl, opts.database, opts.servicePassword, {
    databaseUrl: opts.databaseUrl,
  });
  // n times the processes start on the same cores at once, and a shared 2-core machine under load
  // has seen one service take 20 s and twelve take over 2 minutes to become ready.
  const readyTimeoutMs = opts.readyTimeoutMs ?? (replicas > 1 ? 180_000 * replicas : 60_000);
  const processes = new Map<string, ChildProcess>();
  const supervised = new Map<string, SupervisedProcess>();
  const replicaUrls = Object.fromEntries(
    SERVICES.map((service, index) => [service.name, Array.from({ length: replicas }, (_, r) => `http://127.0.0.1:${port(index, r)}`)]),
  ) as Record<ServiceName, string[]>;
  const serviceUrls = Object.fromEntries(SERVICES.map((s) => [s.name, replicaUrls[s.name][0]!])) as Record<ServiceName, string>;
  const common = {
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    NATS_URL: opts.natsUrl,
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
    STAFF_HEADER_SECRET: opts.staffSecret,
    LOG_LEVEL: opts.logLevel ?? 'info',
    HOST: '127.0.0.1',
    // Rate-limit counters of this run only: test and bench runs on one machine share its Redis, and a
    // counter lives up to an hour (2,000 bench visitors from 127.0.0.1 then refused a test's sessions).
    RATE_LIMIT_NAMESPACE: opts.database,
    ...opts.env,
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
  /**
   * Waits until `name` answers at `url`. A process that exits while starting (e.g. PostgreSQL
   * briefly out of connections while a dozen replicas boot beside a test run) is started again by
   * its supervisor, so the wait follows the new process, up to STARTUP_RESTARTS times; with
   * restarts off, the first exit fails the run at once.
   */
  const ready = async (name: string, url: string, timeoutMs = 60_000): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const child = processes.get(name)!;
      try {
        return await waitForProcessReady(name, child, url, Math.max(1, deadline - Date.now()));
      } catch (err) {
        const restartsSoFar = supervised.get(name)!.restarts;
        if (opts.restart === false || restartsSoFar >= STARTUP_RESTARTS || (child.exitCode === null && child.signalCode === null)) throw err;
        while (processes.get(name) === child && Date.now() < deadline) await sleep(100);
        if (processes.get(name) === child) throw err;
      }
    }
  };

  try {
    // Every replica of every service starts at once: their migrations meet under the schema's
    // advisory lock (runMigrations), so each migration runs once however many start together.
    await Promise.all(
      SERVICES.flatMap((service) =>
        replicaUrls[service.name].map(async (url, r) => {
          const name = replicaName(service.name, r, replicas);
          launch(name, `services/${service.name}/src/server.ts`, {
            ...common,
            PORT: new URL(url).port,
            DATABASE_URL: databaseUrls[service.name],
            TRUST_PROXY: '127.0.0.1',
            // The replicas of a service share the connection budget one process had (10), so n
            // replicas do not need n times PostgreSQL's max_connections (100 on this machine).
            // A PG_POOL_MAX the caller set wins.
            ...(replicas > 1 && !opts.env?.PG_POOL_MAX ? { PG_POOL_MAX: String(Math.max(3, Math.ceil(10 / replicas))) } : {}),
            // Author-name checks ask identity: the identity replica of the same number.
            IDENTITY_URL: replicaUrls.identity[r]!,
            ...(opts.backupDir ? { BACKUP_DIR: opts.backupDir } : {}),
          });
          await ready(name, `${url}/readyz`, readyTimeoutMs);
        }),
      ),
    );

    // pg_dump/pg_restore need every schema: the worker gets the operator's DATABASE_URL, else the
    // admin connection on the run's database (compose and Kubernetes use the dedicated wfm_backup /
    // wfm_restore roles). One worker whatever the replicas: backups and restores are one at a time.
    const backupDatabaseUrl = opts.databaseUrl ?? withDatabase(opts.adminDatabaseUrl, opts.database);
    launch('worker', 'services/admin/src/worker.ts', {
      ...common,
      IDENTITY_URL: serviceUrls.identity,
      WORKER_PORT: String(opts.workerPort),
      DATABASE_URL: databaseUrls.admin,
      BACKUP_DATABASE_URL: backupDatabaseUrl,
      RESTORE_DATABASE_URL: backupDatabaseUrl,
      ...(opts.backupDir ? { BACKUP_DIR: opts.backupDir } : {}),
    });

    const gatewayPorts =
      replicas === 1
        ? [opts.gatewayPort]
        : (opts.gatewayReplicaPorts ?? Array.from({ length: replicas }, (_, r) => opts.gatewayPort + 1 + r));
    if (gatewayPorts.length !== replicas) throw new LauncherConfigError(`${replicas} replicas need ${replicas} gateway ports`);
    const gatewayUrls = gatewayPorts.map((port) => `http://127.0.0.1:${port}`);
    const waits = gatewayUrls.map((url, r) => {
      const name = replicaName('gateway', r, replicas);
      launch(name, 'gateway/src/server.ts', {
        ...common,
        PORT: new URL(url).port,
        // Runs on one machine share Redis; each run's cached reads stay its own.
        CACHE_NAMESPACE: opts.database,
        WEB_DIST: webDist,
        ADMIN_DIST: adminDist,
        // Behind the balancer: the client's address is the one it appends to X-Forwarded-For.
        ...(replicas > 1 ? { TRUST_PROXY: '127.0.0.1' } : {}),
        ...(opts.rateLimitPerMinute ? { RATE_LIMIT_PER_MINUTE: String(opts.rateLimitPerMinute) } : {}),
        // Every gateway spreads its calls to a service over all its replicas (gateway/src/upstreams.ts).
        ...Object.fromEntries(SERVICES.map((s) => [envNameFor(s.name), replicaUrls[s.name].join(',')])),
      });
      return ready(name, `${url}/readyz`, readyTimeoutMs);
    });
    await Promise.all([...waits, ready('worker', `http://127.0.0.1:${opts.workerPort}/readyz`, readyTimeoutMs)]);

    const gatewayUrl = `http://127.0.0.1:${opts.gatewayPort}`;
    if (replicas > 1) {
      launch('balancer', 'scripts/lib/balancer.ts', {
        BALANCER_PORT: String(opts.gatewayPort),
        BALANCER_HOST: '127.0.0.1',
        BALANCER_TARGETS: gatewayUrls.join(','),
      });
      await ready('balancer', `${gatewayUrl}/readyz`);
    }
    return { gatewayUrl, gatewayUrls, serviceUrls, replicaUrls, replicas, processes, supervised, stop: stopAll };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
