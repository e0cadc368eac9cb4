import { fileURLToPath } from 'node:url';
import { createConcurrencyLimiter, type ServiceDefinition } from '@wfm/service-kit';
import { identityEnv, identityEnvSchema } from './env.ts';
import type { IdentityContext } from './context.ts';
import { identityVisitorDataRoutes } from './visitor-data/visitor-data-routes.ts';
import { recoveryRoutes } from './recovery/recovery-routes.ts';
import { IDENTITY_LIMITS } from './rate-limits.ts';
import { subscribeStaffNames } from './staff-names/staff-names-service.ts';
import { visitorsRoutes } from './visitors/visitors-routes.ts';
import { visitorsStaffRoutes } from './visitors/visitors-staff-routes.ts';
import { suspensionsRoutes } from './suspensions/suspensions-routes.ts';
import { pgStandingsSource } from './suspensions/suspensions-repository.ts';
import { suspensionsStaffRoutes } from './suspensions/suspensions-staff-routes.ts';
import { fillMissingNameKeys } from './visitors/visitors-repository.ts';

export const service: ServiceDefinition<IdentityContext> = {
  name: 'identity',
  schema: 'identity',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  env: identityEnvSchema,
  limits: IDENTITY_LIMITS,
  context: (base, app) => ({
    ...base,
    visitorTokens: { issue: () => app.issueVisitorToken(), ...app.visitorTokens },
    recoveryLimiter: createConcurrencyLimiter(identityEnv(base).RECOVERY_MAX_CONCURRENT),
  }),
  routes: [visitorsStaffRoutes, suspensionsStaffRoutes, suspensionsRoutes, visitorsRoutes, recoveryRoutes, identityVisitorDataRoutes],
  // Identity keeps the suspensions and address blocks: its kit reads its own tables.
  standingsSource: pgStandingsSource,
  onReady: async (app, ctx) => {
    // Profiles written before name keys (or renamed by staff, kept as typed) get theirs.
    await fillMissingNameKeys(ctx.sql);
    const unsubscribe = await subscribeStaffNames(ctx);
    // The bus may be shared (single-node run): stop this subscription with the app.
    app.addHook('onClose', async () => unsubscribe().catch(() => undefined));
  },
};

export default service;
