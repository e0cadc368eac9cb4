import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@wfm/service-kit';
import { FORUM_LIMITS } from './rate-limits.ts';
import { forumRoutes } from './routes/index.ts';

export const service: ServiceDefinition = {
  name: 'forum',
  schema: 'forum',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  limits: FORUM_LIMITS,
  routes: forumRoutes,
};

export default service;
