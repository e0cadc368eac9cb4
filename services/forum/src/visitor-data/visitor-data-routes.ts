import { visitorDataRoutes } from '@wfm/service-kit';
import type { ForumContext } from '../context.ts';
import { eraseForum, exportForum } from './visitor-data-service.ts';

export const forumVisitorDataRoutes = visitorDataRoutes<ForumContext>({
  export: (ctx, visitor) => exportForum(ctx, visitor.hash),
  erase: (ctx, visitor) => eraseForum(ctx, visitor.hash),
});
