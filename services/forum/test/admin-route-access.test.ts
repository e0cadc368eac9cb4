import { describeStaffRouteAccess } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';

describeStaffRouteAccess(service, {
  expected: [
    'GET /api/admin/reports',
    'POST /api/admin/reports/:id/decide',
    'POST /api/admin/comments/:id/delete',
    'GET /api/admin/feature-suggestions',
    'GET /api/admin/posts',
    'POST /api/admin/posts/:id/delete',
    'POST /api/admin/posts/:id/resolve',
    'POST /api/admin/posts/:id/hide',
    'POST /api/admin/posts/:id/unhide',
    'POST /api/admin/comments/:id/hide',
    'POST /api/admin/comments/:id/unhide',
    'POST /api/admin/posts/unhide-suspended',
    'POST /api/admin/posts/:id/suspend-author',
    'POST /api/admin/posts/comments/:id/suspend-author',
    'GET /api/admin/posts/:id/revisions',
    'GET /api/admin/held/forum',
    'POST /api/admin/held/forum/:id/release',
    'POST /api/admin/held/forum/:id/delete',
  ],
});
