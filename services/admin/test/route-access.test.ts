import { describeStaffRouteAccess } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';

describeStaffRouteAccess(service, {
  public: ['/api/admin/login', '/api/admin/logout', '/api/admin/session'],
  expected: [
    'GET /api/admin/staff',
    'POST /api/admin/staff',
    'PUT /api/admin/staff/:id',
    'DELETE /api/admin/staff/:id',
    'GET /api/admin/audit',
    'POST /api/admin/database/backup',
    'GET /api/admin/database/backups',
    'GET /api/admin/database/backup-stats',
    'POST /api/admin/database/restore',
  ],
});
