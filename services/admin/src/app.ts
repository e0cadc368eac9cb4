import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@wfm/service-kit';
import { staffSessionRoutes } from './staff-session-routes.ts';

export const service: ServiceDefinition = {
  name: 'admin',
  schema: 'admin',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  routes: staffSessionRoutes,
};

export default service;
