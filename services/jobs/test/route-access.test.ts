import { describeStaffRouteAccess } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';

describeStaffRouteAccess(service, {
  expected: ['GET /api/admin/jobs', 'PUT /api/admin/jobs/:id/status', 'PUT /api/admin/jobs/:id', 'DELETE /api/admin/jobs/:id', 'POST /api/admin/jobs/:id/suspend-author'],
});
