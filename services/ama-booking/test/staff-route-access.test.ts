import { describeStaffRouteAccess } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';

describeStaffRouteAccess(service, {
  expected: [
    'GET /api/admin/ama/sessions',
    'POST /api/admin/ama/sessions',
    'PUT /api/admin/ama/sessions/:id',
    'DELETE /api/admin/ama/sessions/:id',
    'PUT /api/admin/ama/sessions/:id/status',
    'POST /api/admin/ama/sessions/:id/image',
    'GET /api/admin/ama/sessions/:id/pricing',
    'POST /api/admin/ama/sessions/:id/pricing',
    'PUT /api/admin/ama/sessions/:id/pricing',
    'GET /api/admin/ama/sessions/:id/bookings',
    'GET /api/admin/ama/sessions/:id/bookings/counts',
    'GET /api/admin/ama/sessions/:id/waitlist',
    'PUT /api/admin/ama/bookings/:id/status',
    'POST /api/admin/ama/bookings/bulk',
    'PUT /api/admin/ama/bookings/:id/seat',
    'DELETE /api/admin/ama/bookings/:id',
    'GET /api/admin/ama/sessions/:id/receipts',
    'PATCH /api/admin/ama/receipts/:id/validation',
    'GET /api/admin/ama/receipts/:id/file',
    'GET /api/admin/ama/sessions/:id/questions',
    'PUT /api/admin/ama/questions/:id/answer',
    'GET /api/admin/ama/emails',
    'GET /api/admin/mentors',
    'PUT /api/admin/mentors/:id/status',
    'DELETE /api/admin/mentors/:id',
    'GET /api/admin/mentors/:id/requests',
    'GET /api/admin/mentors/requests/:id',
  ],
});
