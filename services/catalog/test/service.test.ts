import { describeServiceBasics, describeStaffRouteAccess } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';

describeServiceBasics(service);

describeStaffRouteAccess(service, {
  expected: [
    'GET /api/admin/polls',
    'DELETE /api/admin/polls/:id',
    'GET /api/admin/tools',
    'DELETE /api/admin/tools/:id',
    'GET /api/admin/held/catalog',
    'POST /api/admin/held/catalog/:id/release',
    'POST /api/admin/held/catalog/:id/delete',
    'POST /api/admin/polls/:id/suspend-author',
    'POST /api/admin/tools/:id/suspend-author',
    'POST /api/admin/templates/:id/suspend-author',
  ],
});
