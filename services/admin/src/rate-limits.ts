import { defineLimits, MINUTE } from '@wfm/service-kit';

/**
 * Every rate limit of the admin service (docs/operations.md lists them; RATE_LIMIT_SCALE and
 * RATE_LIMIT_ADMIN_<NAME> tune them). Backups and restores are heavy: a runaway client gets 429s
 * instead of queueing dozens. Routes attach a call's limits with `rateLimited(app, '<call>')`.
 * The failed-login policy (logins/logins-limits.ts) is a security policy, not a rate limit: it
 * does not follow RATE_LIMIT_SCALE.
 */
export const ADMIN_LIMITS = defineLimits(
  'admin',
  {
    'backup-job-staff': {
      max: 30,
      windowMs: MINUTE,
      key: 'staff',
      protects: 'backups and restores started, per staff member',
    },
  },
  {
    'backup-job': ['backup-job-staff'],
  },
);
