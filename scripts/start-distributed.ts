/**
 * `npm run start:distributed`: every service, the worker and the gateway as separate processes
 * against this machine's PostgreSQL, NATS JetStream and Redis, one Postgres role per service.
 * REPLICAS=n: n processes of every service and n gateways (each gateway spreads its calls over every
 * service replica) behind a round-robin balancer on PORT (scripts/lib/balancer.ts).
 * DATABASE_URL, when set, is the database every service uses (PG_ADMIN_URL only creates the roles);
 * a combination that cannot be honoured is refused with a message. A process that dies is restarted.
 */
import { z } from 'zod';
import { DEV_STAFF_HEADER_SECRET, exitOnSignals, loadEnv } from '@wfm/service-kit';
import { SERVICES, GATEWAY_PORT } from '@wfm/contracts/shared';
import { startDistributed } from './lib/distributed.ts';
import { LauncherConfigError, resolveDatabaseTarget, type DatabaseTarget } from './lib/service-roles.ts';
import { buildWebAppsIfStale } from './lib/web-build.ts';
import { resolveDistributedPorts, type DistributedPorts } from './lib/distributed-ports.ts';
import { warnOnOldNode } from './lib/node-version.ts';

warnOnOldNode();

const env = loadEnv(
  z.object({
    PORT: z.coerce.number().int().positive().default(GATEWAY_PORT),
    /** Every service's server and database (each with its own role); unset: PG_ADMIN_URL's server, DATABASE_NAME. */
    DATABASE_URL: z.string().optional(),
    /** Creates the database and the service roles; default: DATABASE_URL, else the local postgres superuser. */
    PG_ADMIN_URL: z.string().url().optional(),
    DATABASE_NAME: z.string().optional(),
    NATS_URL: z.string().default('nats://127.0.0.1:4222'),
    REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
    /** First service port (the others follow in SERVICES order); default: free ports from the kernel. */
    SERVICE_BASE_PORT: z.coerce.number().int().positive().optional(),
    /** Processes of every service and gateways; above 1 a round-robin balancer listens on PORT. */
    REPLICAS: z.coerce.number().int().min(1).max(16).default(1),
    /** First gateway port when REPLICAS > 1 (the others follow); default: free ports from the kernel. */
    GATEWAY_BASE_PORT: z.coerce.number().int().positive().optional(),
    /** The worker's health port; default: a free port from the kernel. */
    WORKER_PORT: z.coerce.number().int().positive().optional(),
    STAFF_HEADER_SECRET: z.string().min(32).default(DEV_STAFF_HEADER_SECRET),
    SERVICE_DB_PASSWORD: z.string().min(1).default('dev-service-password'),
    LOG_LEVEL: z.string().default('info'),
  }),
);

let target: DatabaseTarget;
try {
  target = resolveDatabaseTarget(env);
} catch (err) {
  if (!(err instanceof LauncherConfigError)) throw err;
  console.error(`start:distributed refuses to start: ${err.message}`);
  process.exit(1);
}

let ports: DistributedPorts;
try {
  ports = await resolveDistributedPorts(env);
} catch (err) {
  if (!(err instanceof LauncherConfigError)) throw err;
  console.error(`start:distributed refuses to start: ${err.message}`);
  process.exit(1);
}

await buildWebAppsIfStale();
let run;
try {
  run = await startDistributed({
    adminDatabaseUrl: target.adminUrl,
    database: target.database,
    databaseUrl: target.databaseUrl,
    natsUrl: env.NATS_URL,
    redisUrl: env.REDIS_URL,
    ...ports,
    replicas: env.REPLICAS,
    staffSecret: env.STAFF_HEADER_SECRET,
    servicePassword: env.SERVICE_DB_PASSWORD,
    logLevel: env.LOG_LEVEL,
  });
} catch (err) {
  if (!(err instanceof LauncherConfigError)) throw err;
  console.error(`start:distributed refuses to start: ${err.message}`);
  process.exit(1);
}

console.log(
  [
    '',
    'WFM community — distributed run',
    `  Site:      ${run.gatewayUrl}/`,
    `  Admin app: ${run.gatewayUrl}/admin`,
    `  Database:  PostgreSQL ${new URL(target.databaseUrl ?? target.adminUrl).host}/${target.database} (one role per service)`,
    `  Events:    NATS JetStream ${env.NATS_URL}`,
    `  Caches, rate limits and jobs: Redis ${env.REDIS_URL}`,
    ...(run.replicas > 1
      ? [`  Balancer:  ${run.gatewayUrl} (round robin per request) -> gateways ${run.gatewayUrls.join(', ')}`]
      : []),
    ...SERVICES.map((s) => `  ${s.name.padEnd(12)} ${run.replicaUrls[s.name].join(', ')}`),
    '  A process that dies is started again (0.5 s, doubling to 10 s between restarts in a row).',
    '',
  ].join('\n'),
);

const started = run;
// Stops the restarts first, then the processes (SIGKILL after 10 s each).
exitOnSignals(() => started.stop(), { timeoutMs: 30_000 });
