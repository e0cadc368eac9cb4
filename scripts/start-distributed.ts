/**
 * `npm run start:distributed`: every service, the worker and the gateway as separate processes
 * against this machine's PostgreSQL, NATS JetStream and Redis, one Postgres role per service.
 */
import { z } from 'zod';
import { DEV_STAFF_HEADER_SECRET, loadEnv } from '@wfm/service-kit';
import { SERVICES, GATEWAY_PORT } from '@wfm/contracts';
import { startDistributed } from './lib/distributed.ts';
import { buildWebAppsIfStale } from './lib/web-build.ts';

const env = loadEnv(
  z.object({
    PORT: z.coerce.number().int().positive().default(GATEWAY_PORT),
    PG_ADMIN_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/postgres'),
    DATABASE_NAME: z.string().regex(/^[a-z_][a-z0-9_]*$/).default('wfm'),
    NATS_URL: z.string().default('nats://127.0.0.1:4222'),
    REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
    SERVICE_BASE_PORT: z.coerce.number().int().positive().default(SERVICES[0].port),
    WORKER_PORT: z.coerce.number().int().positive().default(7107),
    STAFF_HEADER_SECRET: z.string().min(32).default(DEV_STAFF_HEADER_SECRET),
    SERVICE_DB_PASSWORD: z.string().min(1).default('dev-service-password'),
    LOG_LEVEL: z.string().default('info'),
  }),
);

await buildWebAppsIfStale();
const run = await startDistributed({
  adminDatabaseUrl: env.PG_ADMIN_URL,
  database: env.DATABASE_NAME,
  natsUrl: env.NATS_URL,
  redisUrl: env.REDIS_URL,
  gatewayPort: env.PORT,
  basePort: env.SERVICE_BASE_PORT,
  workerPort: env.WORKER_PORT,
  staffSecret: env.STAFF_HEADER_SECRET,
  servicePassword: env.SERVICE_DB_PASSWORD,
  logLevel: env.LOG_LEVEL,
});

console.log(
  [
    '',
    'WFM community — distributed run',
    `  Site:      ${run.gatewayUrl}/`,
    `  Admin app: ${run.gatewayUrl}/admin`,
    `  Database:  PostgreSQL ${new URL(env.PG_ADMIN_URL).host}/${env.DATABASE_NAME} (one role per service)`,
    `  Events:    NATS JetStream ${env.NATS_URL}`,
    `  Caches, rate limits and jobs: Redis ${env.REDIS_URL}`,
    ...SERVICES.map((s) => `  ${s.name.padEnd(12)} ${run.serviceUrls[s.name]}`),
    '',
  ].join('\n'),
);

const shutdown = async () => {
  await run.stop();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
