import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffOnly } from '@wfm/service-kit';
import { ReceiptIdParams, ReceiptValidationBody, SessionIdParams, StaffReceipt, StaffReceiptsResponse } from '@wfm/contracts/ama';
import type { AmaContext } from '../common/common-context.ts';
import { STAFF_ERRORS } from '../common/common-route-errors.ts';
import type { AmaUploads } from '../uploads/uploads-storage.ts';
import { listReceipts, serveReceiptFile, validateReceipt } from './receipts-service.ts';

/** Receipts for staff: the list, validation and the private file itself. */
export function receiptStaffRoutes(ctx: AmaContext, uploads: AmaUploads): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/admin/ama/sessions/:id/receipts',
      { ...staffOnly(app, 'receipts'), schema: { params: SessionIdParams, response: { 200: StaffReceiptsResponse, ...STAFF_ERRORS } } },
      async (req) => listReceipts(app, req.params.id),
    );

    app.patch(
      '/api/admin/ama/receipts/:id/validation',
      {
        ...staffOnly(app, 'receipts'),
        schema: { params: ReceiptIdParams, body: ReceiptValidationBody, response: { 200: StaffReceipt, ...STAFF_ERRORS } },
      },
      async (req) => validateReceipt(app, ctx, req.staff!, req.params.id, req.body),
    );

    app.get(
      '/api/admin/ama/receipts/:id/file',
      { ...staffOnly(app, 'receipts'), schema: { params: ReceiptIdParams } },
      async (req, reply) => serveReceiptFile(app, uploads, req, reply, req.params.id),
    );
  };
}
