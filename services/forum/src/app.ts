import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@wfm/service-kit';
import { forumRoutes } from './routes/index.ts';

export const service: ServiceDefinition = {
  name: 'forum',
  schema: 'forum',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  routes: forumRoutes,
};

export default service;
