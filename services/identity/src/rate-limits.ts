import type { FastifyInstance } from 'fastify';
import { defineLimits, enforceLimits, HOUR, MINUTE } from '@wfm/service-kit';

const TEN_MINUTES = 10 * MINUTE;

/**
 * Every limit of the identity service (docs/operations.md lists them; RATE_LIMIT_SCALE and
 * RATE_LIMIT_IDENTITY_<NAME> tune them). Sized for a contact centre behind one NAT address: 300
 * agents get a session within a minute or two and pick a username; one address cannot mint
 * sessions without bound (a per-minute burst and an hourly ceiling for a few hundred people).
 */
export const IDENTITY_LIMITS = defineLimits('identity', {
  'session-ip-minute': {
    max: 400,
    windowMs: MINUTE,
    key: 'address',
    protects: 'new sessions from one address (burst: 300 agents starting together)',
  },
  'session-ip-hour': {
    max: 1_000,
    windowMs: HOUR,
    key: 'address',
    protects: 'new sessions from one address (ceiling for a few hundred people)',
  },
  'session-revoke-ip': { max: 300, windowMs: TEN_MINUTES, key: 'address', protects: 'session ends ("forget this device") from one address' },
  'check-username-visitor': { max: 60, windowMs: MINUTE, key: 'visitor', protects: 'username availability checks, per visitor' },
  'check-username-ip': {
    max: 3_000,
    windowMs: TEN_MINUTES,
    key: 'address',
    protects: 'username availability checks from one address (enumeration)',
  },
  'create-profile-visitor': { max: 10, windowMs: MINUTE, key: 'visitor', protects: 'username saves, per visitor' },
  'create-profile-ip': { max: 1_000, windowMs: TEN_MINUTES, key: 'address', protects: 'username saves from one address' },
});

type IdentityLimit = keyof typeof IDENTITY_LIMITS.limits;

/** An onRequest hook enforcing the named limits, narrowest first. */
export const limits = (app: FastifyInstance, ...names: IdentityLimit[]) => enforceLimits(app, names);
