import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@wfm/service-kit';
import { FORUM_LIMITS } from './rate-limits.ts';
import { forumRoutes } from './routes/index.ts';
import { forumJobs } from './upload-cleanup.ts';

export const service: ServiceDefinition = {
  name: 'forum',
  schema: 'forum',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  limits: FORUM_LIMITS,
  routes: forumRoutes,
  jobs: forumJobs,
};

export default service;
