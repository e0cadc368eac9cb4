import { describeStaffRouteAccess } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';

describeStaffRouteAccess(service, {
  expected: [
    'GET /api/admin/user-profiles',
    'PUT /api/admin/user-profiles/:id',
    'GET /api/admin/suspensions',
    'POST /api/admin/suspensions/lift',
    'POST /api/admin/address-blocks',
    'POST /api/admin/address-blocks/lift',
  ],
});
