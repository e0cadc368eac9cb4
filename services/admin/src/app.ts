import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ServiceDefinition } from '@wfm/service-kit';
import type { AdminContext } from './context.ts';
import { adminEnvSchema, type AdminEnv } from './env.ts';
import { ADMIN_LIMITS } from './rate-limits.ts';
import { auditStaffActionLog } from './audit/audit-staff-action-log.ts';
import { AUDIT_DURABLE, subscribeAuditLog } from './audit/audit-subscription.ts';
import { auditStaffRoutes } from './audit/audit-staff-routes.ts';
import { backupsStaffRoutes } from './backups/backups-staff-routes.ts';
import { loginsRoutes } from './logins/logins-routes.ts';
import { LOGIN_LIMITS } from './logins/logins-limits.ts';
import { ensureFirstSuperAdmin } from './accounts/accounts-first-super-admin.ts';
import { accountsStaffRoutes } from './accounts/accounts-staff-routes.ts';

export const service: ServiceDefinition<AdminContext> = {
  name: 'admin',
  schema: 'admin',
  env: adminEnvSchema,
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  staffActionLog: auditStaffActionLog,
  context: (base) => {
    // Parsed at boot with this definition's env schema.
    const env = base.env as AdminEnv;
    return {
      ...base,
      env,
      loginLimits: LOGIN_LIMITS,
      auditDurable: AUDIT_DURABLE,
      backups: { dir: path.resolve(env.BACKUP_DIR), redisUrl: env.REDIS_URL },
    };
  },
  routes: [loginsRoutes, accountsStaffRoutes, auditStaffRoutes, backupsStaffRoutes],
  limits: ADMIN_LIMITS,
  async onReady(app, ctx) {
    const { env } = ctx;
    // Either saying production is enough (tests build apps in test mode from a production environment).
    const nodeEnv = env.NODE_ENV === 'production' ? 'production' : app.config.nodeEnv;
    await ensureFirstSuperAdmin(ctx.sql, { env, nodeEnv, logger: ctx.log });
    const unsubscribe = await subscribeAuditLog(ctx);
    app.addHook('onClose', async () => unsubscribe());
  },
};

export default service;
