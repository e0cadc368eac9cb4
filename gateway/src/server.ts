/**
 * The gateway as its own process (distributed run, containers): env -> bus -> Redis -> listen.
 * SIGTERM/SIGINT close the websockets, drain in-flight requests, then disconnect.
 */
import { Redis } from 'ioredis';
import { ConfigError, createBus, createLogger, loadEnv } from '@wfm/service-kit';
import { buildGateway } from './app.ts';
import { gatewayEnvSchema, serviceUrlsFrom, type GatewayEnv } from './env.ts';

const SHUTDOWN_TIMEOUT_MS = 15_000;

function loadConfig(): GatewayEnv {
  try {
    return loadEnv(gatewayEnvSchema);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

const env = loadConfig();

const logger = createLogger('gateway', env.LOG_LEVEL);
const bus = await createBus({ natsUrl: env.NATS_URL, logger, name: 'gateway' });
const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;

const app = await buildGateway({
  serviceUrls: serviceUrlsFrom(env),
  bus,
  redis,
  staffSecret: env.STAFF_HEADER_SECRET,
  webDist: env.WEB_DIST,
  adminDist: env.ADMIN_DIST,
  logger,
  rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
  trustProxy: env.TRUST_PROXY,
  readCache: { namespace: env.CACHE_NAMESPACE },
});

try {
  await app.listen({ port: env.PORT, host: env.HOST });
} catch (err) {
  logger.fatal({ err }, 'gateway failed to start');
  await bus.close();
  redis?.disconnect();
  process.exit(1);
}
logger.info(
  {
    events: bus.kind === 'nats' ? 'NATS JetStream' : 'in-process bus',
    rateLimits: redis ? 'Redis' : 'in memory',
    readCache: redis ? 'memory, shared through Redis' : 'memory',
  },
  'gateway ready',
);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'gateway shutting down');
  setTimeout(() => {
    logger.error('shutdown took too long, exiting');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS).unref();
  await app.close();
  await bus.close();
  await redis?.quit();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
