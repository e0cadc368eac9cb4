import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import { serviceEnv, type ServiceDefinition } from '@wfm/service-kit';
import { adminEnvSchema } from './env.ts';
import { ADMIN_LIMITS } from './rate-limits.ts';
import { auditStaffActionLog } from './audit/audit-staff-action-log.ts';
import { subscribeAuditLog } from './audit/audit-subscription.ts';
import { auditStaffRoutes } from './audit/audit-staff-routes.ts';
import { backupsStaffRoutes } from './backups/backups-staff-routes.ts';
import { sessionsRoutes } from './sessions/sessions-routes.ts';
import { LOGIN_LIMITS, type LoginLimits } from './sessions/sessions-login-limits.ts';
import { ensureFirstSuperAdmin } from './accounts/accounts-first-super-admin.ts';
import { accountsStaffRoutes } from './accounts/accounts-staff-routes.ts';

export interface AdminServiceOptions {
  /** Durable consumer name of the audit log subscription (tests use their own). */
  auditDurable?: string;
  /** The failed-login policy; default LOGIN_LIMITS (tests lower the ceilings). */
  loginLimits?: Partial<LoginLimits>;
}

const routesWith =
  (loginLimits: LoginLimits): FastifyPluginAsync =>
  async (app) => {
    await app.register(sessionsRoutes, { loginLimits });
    await app.register(accountsStaffRoutes);
    await app.register(auditStaffRoutes);
    await app.register(backupsStaffRoutes);
  };

export function createAdminService(opts: AdminServiceOptions = {}): ServiceDefinition {
  return {
    name: 'admin',
    schema: 'admin',
    env: adminEnvSchema,
    migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
    routes: routesWith({ ...LOGIN_LIMITS, ...opts.loginLimits }),
    limits: ADMIN_LIMITS,
    staffActionLog: auditStaffActionLog,
    async onReady(app) {
      const env = serviceEnv(app, adminEnvSchema);
      // Either saying production is enough (tests build apps in test mode from a production environment).
      const nodeEnv = env.NODE_ENV === 'production' ? 'production' : app.config.nodeEnv;
      await ensureFirstSuperAdmin(app.sql, { env, nodeEnv, logger: app.log });
      const unsubscribe = await subscribeAuditLog(app.bus, app.sql, app.log, opts.auditDurable);
      app.addHook('onClose', async () => unsubscribe());
    },
  };
}

export const service = createAdminService();

export default service;
