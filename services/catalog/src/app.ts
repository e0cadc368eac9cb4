import { fileURLToPath } from 'node:url';
import { heldItemsRoutes, suspendAuthorRoutes, type ServiceDefinition } from '@wfm/service-kit';
import { followForumPosts } from './links/links-service.ts';
import { pollRoutes } from './polls/polls-routes.ts';
import { releasePoll } from './polls/polls-service.ts';
import { pollStaffRoutes } from './polls/polls-staff-routes.ts';
import { CATALOG_LIMITS } from './rate-limits.ts';
import { pollAuthorHash, templateAuthorHash, toolAuthorHash } from './suspensions/suspensions-repository.ts';
import { templateRoutes } from './templates/templates-routes.ts';
import { forgetHeldTemplate, releaseTemplate } from './templates/templates-service.ts';
import { toolRoutes } from './tools/tools-routes.ts';
import { releaseTool } from './tools/tools-service.ts';
import { toolStaffRoutes } from './tools/tools-staff-routes.ts';
import { catalogVisitorDataRoutes } from './visitor-data/visitor-data-routes.ts';

/** Tools directory, template library, polls and benchmarks (services/README.md, catalog). */
export const service: ServiceDefinition = {
  name: 'catalog',
  schema: 'catalog',
  migrationsDir: fileURLToPath(new URL('../migrations', import.meta.url)),
  limits: CATALOG_LIMITS,
  // Template files: the kit's upload tables, multipart parsing and the catalog.upload-cleanup task.
  uploads: true,
  routes: [
    toolRoutes,
    toolStaffRoutes,
    templateRoutes,
    pollRoutes,
    pollStaffRoutes,
    catalogVisitorDataRoutes,
    // Tools, templates and polls the duplicate-content check held, for staff to release or delete.
    heldItemsRoutes('catalog', {
      release: { tool: releaseTool, template: releaseTemplate, poll: releasePoll },
      onDelete: { template: forgetHeldTemplate },
    }),
    // Staff suspend the author of a poll, tool or template (the catalog's keyed hash of their token).
    suspendAuthorRoutes({
      '/api/admin/polls/:id/suspend-author': { type: 'poll', authorHashOf: pollAuthorHash },
      '/api/admin/tools/:id/suspend-author': { type: 'tool', authorHashOf: toolAuthorHash },
      '/api/admin/templates/:id/suspend-author': { type: 'template', authorHashOf: templateAuthorHash },
    }),
  ],
  onReady: async (app, ctx) => {
    const unsubscribe = await followForumPosts(ctx);
    app.addHook('onClose', async () => unsubscribe().catch(() => undefined));
  },
};

export default service;
