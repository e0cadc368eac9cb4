import { visitorDataRoutes } from '@wfm/service-kit';
import { eraseCatalog, exportCatalog } from './visitor-data-service.ts';

export const catalogVisitorDataRoutes = visitorDataRoutes({
  export: (ctx, visitor) => exportCatalog(ctx, visitor.hash),
  erase: (ctx, visitor) => eraseCatalog(ctx, visitor.hash),
});
