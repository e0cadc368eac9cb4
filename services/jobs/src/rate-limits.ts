import { defineLimits, HOUR, MINUTE } from '@wfm/service-kit';

/**
 * Every limit of the jobs service (docs/operations.md lists them; RATE_LIMIT_JOBS_<NAME> tunes
 * them). Posting is rare for an honest visitor: a few a day at most, so the per-visitor limit is
 * tight; the per-address one still lets a whole contact centre behind one NAT post. Routes attach
 * a call's limits with `rateLimited(app, '<call>')`.
 */
export const JOBS_LIMITS = defineLimits(
  'jobs',
  {
    'post-visitor': { max: 5, windowMs: HOUR, key: 'visitor', protects: 'job postings, per visitor' },
    'post-ip': { max: 30, windowMs: HOUR, key: 'address', protects: 'job postings from one address' },
    'withdraw-visitor': { max: 30, windowMs: 10 * MINUTE, key: 'visitor', protects: 'withdrawals of own job posts, per visitor' },
  },
  {
    post: ['post-visitor', 'post-ip'],
    withdraw: ['withdraw-visitor'],
  },
);
