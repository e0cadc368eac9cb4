import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts';
import { unauthorized } from '@wfm/service-kit';

export const AUTHENTICATION_REQUIRED = 'Authentication required';

/**
 * The gateway asks here whether a request carries a staff session. Staff accounts and sessions are
 * not built yet, so no request has one.
 */
export const staffSessionRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/internal/staff-session',
    { schema: { response: { 401: ErrorResponse } } },
    async () => {
      throw unauthorized(AUTHENTICATION_REQUIRED);
    },
  );
};
