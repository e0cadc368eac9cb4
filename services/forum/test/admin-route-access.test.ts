import { describeStaffRouteAccess } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';

describeStaffRouteAccess(service, {
  expected: [
    'GET /api/admin/reports',
    'GET /api/admin/feature-suggestions',
    'GET /api/admin/posts',
    'POST /api/admin/posts/:id/delete',
    'POST /api/admin/posts/:id/resolve',
    'GET /api/admin/posts/:id/revisions',
    'GET /api/admin/held/forum',
    'POST /api/admin/held/forum/:id/release',
    'POST /api/admin/held/forum/:id/delete',
  ],
});
