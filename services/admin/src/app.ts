import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDefinition } from '@wfm/service-kit';
import { adminStaffActionLog } from './audit/admin-staff-action-log.ts';
import { subscribeAuditLog } from './audit/audit-consumer.ts';
import { auditRoutes } from './audit/audit-routes.ts';
import { backupRoutes } from './backups/routes.ts';
import { authRoutes } from './sessions/auth-routes.ts';
import { LOGIN_LIMITS, type LoginLimits } from './sessions/login-limits.ts';
import { ensureFirstSuperAdmin } from './staff/first-super-admin.ts';
import { staffRoutes } from './staff/staff-routes.ts';

export interface AdminServiceOptions {
  /** Where ADMIN_USERNAME, ADMIN_PASSWORD, ADMIN_EMAIL (and NODE_ENV) are read; default process.env. */
  env?: Record<string, string | undefined>;
  /** Durable consumer name of the audit log subscription (tests use their own). */
  auditDurable?: string;
  /** The failed-login policy; default LOGIN_LIMITS (tests lower the ceilings). */
  loginLimits?: Partial<LoginLimits>;
}

const routesWith =
  (loginLimits: LoginLimits): FastifyPluginAsync =>
  async (app) => {
    await app.register(authRoutes, { loginLimits });
    await app.register(staffRoutes);
    await app.register(auditRoutes);
    await app.register(backupRoutes);
  };

export function createAdminService(opts: AdminServiceOptions = {}): ServiceDefinition {
  const env = opts.env ?? process.env;
  return {
    name: 'admin',
    schema: 'admin',
    migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
    routes: routesWith({ ...LOGIN_LIMITS, ...opts.loginLimits }),
    staffActionLog: adminStaffActionLog,
    async onReady(app) {
      // Either source saying production is enough: the single-node launcher passes the services a
      // reduced environment.
      const nodeEnv = env.NODE_ENV === 'production' ? 'production' : app.config.nodeEnv;
      await ensureFirstSuperAdmin(app.sql, { env, nodeEnv, logger: app.log });
      const unsubscribe = await subscribeAuditLog(app.bus, app.sql, app.log, opts.auditDurable);
      app.addHook('onClose', async () => unsubscribe());
    },
  };
}

export const service = createAdminService();

export default service;
