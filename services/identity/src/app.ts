import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDefinition } from '@wfm/service-kit';
import { recoveryRoutes } from './recovery/recovery-routes.ts';
import { IDENTITY_LIMITS } from './rate-limits.ts';
import { subscribeStaffNames } from './staff-names/staff-names-service.ts';
import { visitorsRoutes } from './visitors/visitors-routes.ts';
import { visitorsStaffRoutes } from './visitors/visitors-staff-routes.ts';

const identityRoutes: FastifyPluginAsync = async (app) => {
  await app.register(visitorsStaffRoutes);
  await app.register(visitorsRoutes);
  await app.register(recoveryRoutes);
};

export const service: ServiceDefinition = {
  name: 'identity',
  schema: 'identity',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  limits: IDENTITY_LIMITS,
  routes: identityRoutes,
  onReady: async (app) => {
    const unsubscribe = await subscribeStaffNames(app);
    // The bus may be shared (single-node run): stop this subscription with the app.
    app.addHook('onClose', async () => unsubscribe().catch(() => undefined));
  },
};

export default service;
