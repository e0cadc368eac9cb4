import { serviceEnvSchema, type ServiceContext } from '@wfm/service-kit';
import { z } from 'zod';

/** The identity service's settings (docs/operations.md). */
export const identityEnvSchema = serviceEnvSchema.extend({
  /**
   * Recovery attempts one process checks at the same time (each costs scrypt hashes: CPU and
   * memory); further attempts are answered 503 at once instead of queueing.
   */
  RECOVERY_MAX_CONCURRENT: z.coerce.number().int().positive().max(1000).default(4),
});
export type IdentityEnv = z.infer<typeof identityEnvSchema>;

/** The context's env, parsed at boot with identityEnvSchema (the definition's env). */
export const identityEnv = (ctx: Pick<ServiceContext, 'env'>): IdentityEnv => ctx.env as IdentityEnv;
