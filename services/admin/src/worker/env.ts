import { z } from 'zod';
import { serviceEnvSchema } from '@wfm/service-kit';

export const DEFAULT_WORKER_PORT = 7107;

/** The worker's environment: the service's database and logging settings, and its own health port. */
export const workerEnvSchema = serviceEnvSchema
  .pick({ NODE_ENV: true, HOST: true, DATABASE_URL: true, LOG_LEVEL: true })
  .extend({ WORKER_PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_WORKER_PORT) });

export type WorkerEnv = z.infer<typeof workerEnvSchema>;
