import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@wfm/service-kit';
import { IDENTITY_LIMITS } from './rate-limits.ts';
import { identityRoutes } from './routes.ts';

export const service: ServiceDefinition = {
  name: 'identity',
  schema: 'identity',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  limits: IDENTITY_LIMITS,
  routes: identityRoutes,
};

export default service;
