import { createLogger, exitOnSignals, loadEnv, type Logger } from '@wfm/service-kit';
import { workerEnvSchema } from './env.ts';
import { startWorker, WORKER_NAME } from './worker/worker-process.ts';

let logger: Logger | undefined;
try {
  const env = loadEnv(workerEnvSchema);
  logger = createLogger(WORKER_NAME, env.LOG_LEVEL);
  // The signal handlers are in place before the worker says it is listening: a SIGTERM right after
  // its first health answer ended the process with the signal's default (exit 143), not a clean stop.
  const starting = startWorker({
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
  exitOnSignals(async () => (await starting).close(), { logger });
  await starting;
} catch (err) {
  (logger ?? createLogger(WORKER_NAME)).fatal({ err }, `${WORKER_NAME} failed to start`);
  process.exit(1);
}
