import { describeStaffRouteAccess } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';

describeStaffRouteAccess(service, {
  expected: ['GET /api/admin/user-profiles', 'PUT /api/admin/user-profiles/:id'],
});
