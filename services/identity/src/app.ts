import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@wfm/service-kit';
import { IDENTITY_LIMITS } from './rate-limits.ts';
import { identityRoutes } from './routes.ts';
import { subscribeStaffNames } from './staff-names.ts';

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
