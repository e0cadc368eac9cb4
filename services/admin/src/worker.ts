import { createLogger, loadEnv, type Logger } from '@wfm/service-kit';
import { workerEnvSchema } from './worker/env.ts';
import { startWorker } from './worker/start-worker.ts';

/** Longest a graceful shutdown may take before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 25_000;

let logger: Logger | undefined;
try {
  const env = loadEnv(workerEnvSchema);
  logger = createLogger('admin-worker', env.LOG_LEVEL);
  const worker = await startWorker({
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    port: env.WORKER_PORT,
    host: env.HOST,
    logger,
    backupDir: env.BACKUP_DIR,
    backupDatabaseUrl: env.BACKUP_DATABASE_URL,
    restoreDatabaseUrl: env.RESTORE_DATABASE_URL,
    pgBinDir: env.PG_BIN_DIR,
    metrics: env.METRICS_PORT > 0 ? { port: env.METRICS_PORT } : undefined,
  });

  const onSignal = (signal: NodeJS.Signals) => {
    logger?.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger?.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    worker.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger?.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
} catch (err) {
  (logger ?? createLogger('admin-worker')).fatal({ err }, 'admin worker failed to start');
  process.exit(1);
}
