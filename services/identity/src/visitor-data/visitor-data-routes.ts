import { visitorDataRoutes } from '@wfm/service-kit';
import type { IdentityContext } from '../context.ts';
import { exportIdentity } from './visitor-data-service.ts';

export const identityVisitorDataRoutes = visitorDataRoutes<IdentityContext>({
  export: (ctx, _visitor, token) => exportIdentity(ctx, token),
});
