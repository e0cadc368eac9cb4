/**
 * `npm start`: the whole site in one Node process. Each service is still its own Fastify app
 * (on an internal loopback port); the gateway serves everything on PORT.
 * Empty variables count as unset. DATABASE_URL unset -> embedded PostgreSQL under .data/; NATS_URL unset -> in-process bus;
 * REDIS_URL unset -> in-memory stores.
 */
import path from 'node:path';
import { z } from 'zod';
import { Redis } from 'ioredis';
import {
  ConfigError,
  createBus,
  createLogger,
  exitOnSignals,
  loadEnv,
  loadRateLimitSettings,
  serviceEnvSchema,
  startService,
} from '@wfm/service-kit';
import { GATEWAY_PORT, SERVICES, type ServiceName } from '@wfm/contracts/shared';
import { buildGateway } from '@wfm/gateway';
import { startWorker, WORKER_NAME } from '@wfm/admin/worker';
import { loadServiceDefinitions } from './lib/service-definitions.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './lib/embedded-postgres.ts';
import { adminDist, buildWebAppsIfStale, webDist } from './lib/web-build.ts';
import { busyPortMessage } from './lib/free-ports.ts';
import { warnOnOldNode } from './lib/node-version.ts';

warnOnOldNode();

const ROOT = path.resolve(import.meta.dirname, '..');

const startEnvSchema = z.object({
  /** production: every secret must be set and none may be a published placeholder (loadEnv). */
  NODE_ENV: serviceEnvSchema.shape.NODE_ENV,
  PORT: z.coerce.number().int().min(0).default(GATEWAY_PORT),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().positive().default(54329),
  NATS_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  STAFF_HEADER_SECRET: serviceEnvSchema.shape.STAFF_HEADER_SECRET,
  VISITOR_TOKEN_SECRET: serviceEnvSchema.shape.VISITOR_TOKEN_SECRET,
  /** Read by the admin service (first Super Admin); checked here too so a placeholder stops the start at once. */
  ADMIN_PASSWORD: z.string().optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().optional(),
  /** Websocket caps, upgrade rate and extra origins: the gateway's variables (docs/operations.md). */
  WS_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().positive().optional(),
  WS_MAX_CONNECTIONS: z.coerce.number().int().positive().optional(),
  WS_UPGRADES_PER_MINUTE: z.coerce.number().int().positive().optional(),
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .refine((v) => v === undefined || v.split(',').every((origin) => URL.canParse(origin.trim())), 'must be comma-separated origins'),
  /** The site's public origin for canonical URLs, sitemap, feed and robots.txt (gateway PUBLIC_URL). */
  PUBLIC_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || URL.canParse(v), 'must be an http(s) origin'),
  LOG_LEVEL: z.string().default('info'),
  SKIP_WEB_BUILD: z.enum(['0', '1']).default('0'),
  BACKUP_DIR: z.string().default(path.join(ROOT, '.data/backups')),
  /** Proxies in front of the site allowed to set x-forwarded-for (e.g. `loopback`); default none. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === 'false' ? false : v === 'true' ? true : v)),
});

function loadStartEnv(): z.infer<typeof startEnvSchema> {
  try {
    return loadEnv(startEnvSchema);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
const env = loadStartEnv();

const logger = createLogger('single-node', env.LOG_LEVEL);

/** Stops the start-up with `message` (no stack: the message says what to change). */
function refuse(message: string): never {
  console.error(`npm start refuses to start: ${message}`);
  process.exit(1);
}

// A second `npm start` (this folder or another clone) meets the first one's ports: say so before
// anything starts. The services themselves listen on ports the kernel picks (port 0).
const busy = await busyPortMessage([
  { port: env.PORT, variable: 'PORT', what: 'the site', host: env.HOST },
  ...(env.DATABASE_URL ? [] : [{ port: env.EMBEDDED_PG_PORT, variable: 'EMBEDDED_PG_PORT', what: 'the embedded PostgreSQL' }]),
]);
if (busy) refuse(busy);

if (env.SKIP_WEB_BUILD === '0') await buildWebAppsIfStale();

let embedded: EmbeddedDatabase | undefined;
let databaseUrl = env.DATABASE_URL;
if (!databaseUrl) {
  try {
    embedded = await startEmbeddedPostgres(path.join(ROOT, '.data/pg'), env.EMBEDDED_PG_PORT);
  } catch (err) {
    refuse(err instanceof Error ? err.message : String(err));
  }
  databaseUrl = embedded.url;
}

const bus = await createBus({ natsUrl: env.NATS_URL, logger });
const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;

const definitions = await loadServiceDefinitions();
// Identity starts first: the other services ask it for author-name checks at its real internal URL.
const startOne = (def: (typeof definitions)[number], identityUrl?: string) =>
  startService(def, {
    bus,
    redis,
    port: 0,
    host: '127.0.0.1',
    logger: logger.child({ service: def.name }),
    registerSignals: false,
    // The operator's environment (NODE_ENV, limits, ...) with what single-node decides: services trust
    // the gateway on loopback for the client address, and serve no metrics listener of their own.
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      STAFF_HEADER_SECRET: env.STAFF_HEADER_SECRET,
      VISITOR_TOKEN_SECRET: env.VISITOR_TOKEN_SECRET,
      TRUST_PROXY: '127.0.0.1',
      METRICS_PORT: '0',
      // The admin service's backup calls and the worker read the same directory.
      BACKUP_DIR: env.BACKUP_DIR,
      ...(identityUrl ? { IDENTITY_URL: identityUrl } : {}),
    },
  });
const identityIndex = definitions.findIndex((def) => def.name === 'identity');
const identityRunning = await startOne(definitions[identityIndex]!);
const running = await Promise.all(
  definitions.map((def, i) => (i === identityIndex ? Promise.resolve(identityRunning) : startOne(def, identityRunning.url))),
);
const worker = await startWorker({
  databaseUrl,
  redisUrl: env.REDIS_URL,
  port: 0,
  host: '127.0.0.1',
  logger: logger.child({ service: WORKER_NAME }),
  backupDir: env.BACKUP_DIR,
});
const serviceUrls = Object.fromEntries(definitions.map((def, i) => [def.name, running[i]!.url])) as Record<
  ServiceName,
  string
>;

const gateway = await buildGateway({
  serviceUrls,
  bus,
  redis,
  staffSecret: env.STAFF_HEADER_SECRET,
  visitorSecret: env.VISITOR_TOKEN_SECRET,
  webDist,
  adminDist,
  logger: logger.child({ service: 'gateway' }),
  // RATE_LIMIT_SCALE and RATE_LIMIT_GATEWAY_* (RATE_LIMIT_PER_MINUTE too); the services read theirs from the same environment.
  rateLimits: loadRateLimitSettings(),
  trustProxy: env.TRUST_PROXY,
  // Unset: the address the site listens on (pages, sitemap and feed never take the request's Host).
  publicUrl: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://${['0.0.0.0', '::', ''].includes(env.HOST) ? 'localhost' : env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${env.PORT}`,
  websocket: {
    ...(env.WS_MAX_CONNECTIONS_PER_ADDRESS ? { perAddress: env.WS_MAX_CONNECTIONS_PER_ADDRESS } : {}),
    ...(env.WS_MAX_CONNECTIONS ? { total: env.WS_MAX_CONNECTIONS } : {}),
    ...(env.WS_UPGRADES_PER_MINUTE ? { upgradesPerMinute: env.WS_UPGRADES_PER_MINUTE } : {}),
    ...(env.ALLOWED_ORIGINS ? { allowedOrigins: env.ALLOWED_ORIGINS.split(',').map((origin) => origin.trim()) } : {}),
  },
});
await gateway.listen({ port: env.PORT, host: env.HOST });
const address = gateway.server.address();
const port = typeof address === 'object' && address ? address.port : env.PORT;
const site = `http://localhost:${port}`;

console.log(
  [
    '',
    'WFM community — single-node run',
    `  Site:      ${site}/`,
    `  Admin app: ${site}/admin`,
    `  Database:  ${embedded ? `embedded PostgreSQL (data in .data/pg, port ${env.EMBEDDED_PG_PORT})` : `PostgreSQL ${new URL(databaseUrl).host}`}`,
    `  Events:    ${bus.kind === 'nats' ? `NATS JetStream ${env.NATS_URL}` : 'in-process bus'}`,
    `  Caches and rate limits: ${redis ? `Redis ${env.REDIS_URL}` : 'in memory'}`,
    `  Job queue: ${worker.queueDescription} (backups in ${env.BACKUP_DIR})`,
    `  Services:  ${SERVICES.map((s) => s.name).join(', ')} (internal ports)`,
    '',
  ].join('\n'),
);

exitOnSignals(
  async () => {
    await gateway.close();
    await worker.close();
    await Promise.all(running.map((r) => r.close()));
    await bus.close();
    await redis?.quit();
    await embedded?.stop();
  },
  // The embedded PostgreSQL needs a moment to stop cleanly after everything else.
  { logger, timeoutMs: 60_000 },
);
