import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type NodeEnv, type Sql } from '@wfm/service-kit';
import { hashPassword } from './accounts-passwords.ts';
import { hasAnyStaff, insertStaff, lockFirstAccountCreation } from './accounts-repository.ts';

const DEFAULT_EMAIL = 'admin@example.invalid';

/** The first Super Admin's account, read only while there is no staff account at all. */
export const firstSuperAdminEnvSchema = z.object({
  ADMIN_USERNAME: z.string().max(50, 'must be 50 characters or less').optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(8, 'must be at least 8 characters')
    .max(200, 'must be 200 characters or less')
    .optional(),
  ADMIN_EMAIL: z.email('must be an email address').max(100, 'must be 100 characters or less').default(DEFAULT_EMAIL),
});

const DEFAULT_USERNAME = 'admin';

/** The variables as parsed at boot (the admin service's env schema includes them); ADMIN_EMAIL may be left to its default. */
export type FirstSuperAdminEnv = Partial<z.infer<typeof firstSuperAdminEnvSchema>>;

export interface FirstSuperAdminOptions {
  env: FirstSuperAdminEnv;
  nodeEnv: NodeEnv;
  logger: FastifyBaseLogger;
}

/**
 * With no staff account yet, creates a Super Admin from ADMIN_USERNAME and ADMIN_PASSWORD. Outside
 * production a missing name defaults to "admin" and a missing password is generated and logged once.
 * Replicas starting together create one account: the check and insert run under a lock.
 */
export async function ensureFirstSuperAdmin(sql: Sql, opts: FirstSuperAdminOptions): Promise<void> {
  const { env } = opts;
  if (await hasAnyStaff(sql)) return;

  const missing = (['ADMIN_USERNAME', 'ADMIN_PASSWORD'] as const).filter((name) => env[name] === undefined);
  if (missing.length > 0 && opts.nodeEnv === 'production') {
    throw new ConfigError(
      `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required when NODE_ENV=production: ` +
        'there is no staff account yet, and ADMIN_USERNAME and ADMIN_PASSWORD define the first Super Admin',
      [...missing],
    );
  }
  const username = env.ADMIN_USERNAME ?? DEFAULT_USERNAME;
  const generatedPassword = env.ADMIN_PASSWORD === undefined ? randomBytes(18).toString('base64url') : undefined;
  const passwordHash = await hashPassword(env.ADMIN_PASSWORD ?? generatedPassword!);

  const created = await sql.begin(async (tx) => {
    await lockFirstAccountCreation(tx);
    if (await hasAnyStaff(tx)) return false;
    await insertStaff(tx, {
      username,
      email: env.ADMIN_EMAIL ?? DEFAULT_EMAIL,
      passwordHash,
      role: 'Super Admin',
      permissions: {},
      active: true,
    });
    return true;
  });
  if (!created) return;
  if (generatedPassword) {
    opts.logger.warn(
      `Created the first Super Admin "${username}" with the generated password ${generatedPassword} ` +
        '(shown only this once; sign in at /admin/login and change it in the Staff tab)',
    );
  } else {
    opts.logger.info(`Created the first Super Admin "${username}" from ADMIN_USERNAME and ADMIN_PASSWORD`);
  }
}
