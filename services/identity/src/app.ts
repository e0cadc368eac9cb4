import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@wfm/service-kit';
import { identityRoutes } from './routes.ts';

export const service: ServiceDefinition = {
  name: 'identity',
  schema: 'identity',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  routes: identityRoutes,
};

export default service;
