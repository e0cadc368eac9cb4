import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@wfm/service-kit';
import type { IdentityContext } from './context.ts';
import { recoveryRoutes } from './recovery/recovery-routes.ts';
import { IDENTITY_LIMITS } from './rate-limits.ts';
import { subscribeStaffNames } from './staff-names/staff-names-service.ts';
import { visitorsRoutes } from './visitors/visitors-routes.ts';
import { visitorsStaffRoutes } from './visitors/visitors-staff-routes.ts';
import { fillMissingNameKeys } from './visitors/visitors-repository.ts';

export const service: ServiceDefinition<IdentityContext> = {
  name: 'identity',
  schema: 'identity',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  limits: IDENTITY_LIMITS,
  context: (base, app) => ({
    ...base,
    visitorTokens: { issue: () => app.issueVisitorToken(), ...app.visitorTokens },
  }),
  routes: [visitorsStaffRoutes, visitorsRoutes, recoveryRoutes],
  onReady: async (app, ctx) => {
    // Profiles written before name keys (or renamed by staff, kept as typed) get theirs.
    await fillMissingNameKeys(ctx.sql);
    const unsubscribe = await subscribeStaffNames(ctx);
    // The bus may be shared (single-node run): stop this subscription with the app.
    app.addHook('onClose', async () => unsubscribe().catch(() => undefined));
  },
};

export default service;
