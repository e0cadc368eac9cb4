import { describeServiceBasics, describeStaffRouteAccess } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';

describeServiceBasics(service, ['001_init', '002_catalog']);

describeStaffRouteAccess(service, {
  expected: ['GET /api/admin/polls', 'DELETE /api/admin/polls/:id', 'GET /api/admin/tools', 'DELETE /api/admin/tools/:id'],
});
