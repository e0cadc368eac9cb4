import { createSql, type Logger } from '@wfm/service-kit';
import { jobHandlers } from '../jobs/handlers.ts';
import { JobRegistry, type JobHandler } from '../jobs/registry.ts';
import { createHealthServer } from './health-server.ts';

export interface WorkerOptions {
  databaseUrl: string;
  port: number;
  host: string;
  logger: Logger;
  /** Default: every handler in jobs/handlers.ts. */
  handlers?: readonly JobHandler[];
}

export interface RunningWorker {
  url: string;
  registry: JobRegistry;
  close(): Promise<void>;
}

/**
 * Boots the worker: job registry (a duplicate handler name throws before anything opens), database
 * pool, then the health server. close() stops the health server, then the pool.
 */
export async function startWorker(opts: WorkerOptions): Promise<RunningWorker> {
  const registry = new JobRegistry(opts.handlers ?? jobHandlers);
  const sql = createSql(opts.databaseUrl, { schema: 'admin', max: 2, logger: opts.logger });
  const health = createHealthServer({ sql, logger: opts.logger });
  try {
    const url = await health.listen({ port: opts.port, host: opts.host });
    opts.logger.info({ url, jobs: registry.names }, 'admin worker listening');
    return {
      url,
      registry,
      async close() {
        await health.close();
        await sql.end({ timeout: 5 });
      },
    };
  } catch (err) {
    await health.close();
    await sql.end({ timeout: 1 });
    throw err;
  }
}
