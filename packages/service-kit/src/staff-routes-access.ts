import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { rolesWith, type AdminRight } from '@wfm/contracts/admin';

/**
 * Route options for a staff call: the signed staff identity is checked before the body is read
 * (401 without it, 403 for a role without `right`), and the right is kept in the route's config,
 * where the route-table test finds it.
 */
export function staffOnly(app: FastifyInstance, right: AdminRight) {
  return {
    onRequest: app.requireStaff(...rolesWith(right)) as onRequestAsyncHookHandler,
    config: { staffRight: right },
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The ROLE_RIGHTS right a staff route requires. */
    staffRight?: AdminRight;
  }
}
