import { serviceEnvSchema, type ServiceContext } from '@wfm/service-kit';
import { z } from 'zod';

/** The jobs service's settings (docs/operations.md). */
export const jobsEnvSchema = serviceEnvSchema.extend({
  /** An approved job leaves the public list this many days after approval. */
  JOBS_EXPIRY_DAYS: z.coerce.number().positive().max(3650).default(30),
  /** How often the expiry task runs. */
  JOBS_EXPIRY_CHECK_MINUTES: z.coerce.number().positive().max(24 * 60).default(15),
});
export type JobsEnv = z.infer<typeof jobsEnvSchema>;

/** The context's env, parsed at boot with jobsEnvSchema (the definition's env). */
export const jobsEnv = (ctx: Pick<ServiceContext, 'env'>): JobsEnv => ctx.env as JobsEnv;
