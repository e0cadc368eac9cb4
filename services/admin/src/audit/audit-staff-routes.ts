import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@wfm/contracts/shared';
import { AuditListQuery, AuditListResponse } from '@wfm/contracts/admin';
import { staffOnly, type ServiceRoutes } from '@wfm/service-kit';
import { listAuditEntries } from './audit-repository.ts';
import type { AdminContext } from '../context.ts';

export const auditStaffRoutes: ServiceRoutes<AdminContext> = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/audit',
    {
      ...staffOnly(app, 'audit'),
      schema: {
        querystring: AuditListQuery,
        response: { 200: AuditListResponse, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      const { limit, before } = request.query;
      const entries = await listAuditEntries(ctx.sql, limit, before);
      const last = entries.at(-1);
      return { entries, nextBefore: entries.length === limit && last ? last.id : null };
    },
  );
};
