/**
 * The gateway as its own process (distributed run, containers): env -> bus -> Redis -> listen.
 * SIGTERM/SIGINT close the websockets, drain in-flight requests, then disconnect.
 */
import { Redis } from 'ioredis';
import {
  bufferedLogDestination,
  ConfigError,
  createBus,
  createLogger,
  exitOnSignals,
  serveMetrics,
  startTracing,
  type MetricsServer,
  redisClientOptions,
} from '@wfm/service-kit';
import { buildGateway } from './app.ts';
import { loadGatewayConfig, serviceUrlsFrom } from './env.ts';

const GATEWAY_REDIS_TIMEOUT_MS = 500;

const SHUTDOWN_TIMEOUT_MS = 15_000;

function loadConfig(): ReturnType<typeof loadGatewayConfig> {
  try {
    return loadGatewayConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

const { env, rateLimits } = loadConfig();

const logOutput = bufferedLogDestination();
const logger = createLogger('gateway', env.LOG_LEVEL, logOutput.stream);
// Before the app is built: request spans are registered only when tracing is on (an OTLP endpoint is set).
const tracing = await startTracing({ serviceName: 'gateway', env });
const bus = await createBus({ natsUrl: env.NATS_URL, logger, name: 'gateway' });
// Commands fail within 500 ms while Redis is away (rate limits then skip, the read cache serves from
// memory and the services); reconnects come at most 1 s apart.
const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, redisClientOptions(GATEWAY_REDIS_TIMEOUT_MS)) : undefined;

const app = await buildGateway({
  serviceUrls: serviceUrlsFrom(env),
  bus,
  redis,
  staffSecret: env.STAFF_HEADER_SECRET,
  visitorSecret: env.VISITOR_TOKEN_SECRET,
  webDist: env.WEB_DIST,
  adminDist: env.ADMIN_DIST,
  logger,
  rateLimits,
  trustProxy: env.TRUST_PROXY,
  readCache: { namespace: env.CACHE_NAMESPACE },
  // Unset: the gateway's own port on localhost (a warning below): set PUBLIC_URL in production.
  publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  websocket: {
    perAddress: env.WS_MAX_CONNECTIONS_PER_ADDRESS,
    total: env.WS_MAX_CONNECTIONS,
    ...(env.WS_UPGRADES_PER_MINUTE ? { upgradesPerMinute: env.WS_UPGRADES_PER_MINUTE } : {}),
    allowedOrigins: env.ALLOWED_ORIGINS,
  },
});

let metricsServer: MetricsServer | undefined;
try {
  await app.listen({ port: env.PORT, host: env.HOST });
  // Prometheus scrapes this internal port; the public port answers 404 for /metrics.
  if (env.METRICS_PORT > 0) metricsServer = await serveMetrics(app.metricsRegistry, { port: env.METRICS_PORT, host: env.HOST });
} catch (err) {
  logger.fatal({ err }, 'gateway failed to start');
  await bus.close();
  redis?.disconnect();
  process.exit(1);
}
logger.info(
  {
    events: bus.kind === 'nats' ? 'NATS JetStream' : 'in-process bus',
    tracing: tracing.started ? 'OpenTelemetry over OTLP' : 'off',
    rateLimits: redis ? 'Redis' : 'in memory',
    readCache: redis ? 'memory, shared through Redis with the other replicas' : 'memory',
  },
  'gateway ready',
);
if (!env.PUBLIC_URL) logger.warn(`PUBLIC_URL is not set: canonical URLs, the sitemap and the feed name http://localhost:${env.PORT}`);

exitOnSignals(
  async () => {
    await app.close();
    await metricsServer?.close();
    await bus.close();
    await redis?.quit();
    await tracing.shutdown();
    logOutput.stop();
  },
  { logger, timeoutMs: SHUTDOWN_TIMEOUT_MS },
);
