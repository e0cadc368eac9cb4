import { visitorDataRoutes } from '@wfm/service-kit';
import { eraseJobs, exportJobs } from './visitor-data-service.ts';

export const jobsVisitorDataRoutes = visitorDataRoutes({
  export: (ctx, visitor) => exportJobs(ctx, visitor.hash),
  erase: (ctx, visitor) => eraseJobs(ctx, visitor.hash),
});
