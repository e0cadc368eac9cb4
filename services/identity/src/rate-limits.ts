import type { FastifyInstance } from 'fastify';
import { defineLimits, enforceLimits, HOUR, MINUTE, type EnforceOptions } from '@wfm/service-kit';

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
  // Recovery phrases (issue 16). Restoring is rare (a second device, a cleared browser): 100 in 10
  // minutes covers a whole contact centre re-opening its browsers; guesses at one visitor's phrase
  // count per prefix from every address together. Each attempt costs one scrypt.
  'recover-ip': { max: 100, windowMs: TEN_MINUTES, key: 'address', protects: 'recovery attempts from one address (guessing phrases)' },
  'recover-prefix': {
    max: 10,
    windowMs: HOUR,
    key: 'target',
    protects: 'recovery attempts at one phrase prefix (first 4 words) from any address',
  },
  'recovery-phrase-visitor': { max: 10, windowMs: HOUR, key: 'visitor', protects: 'new or rotated recovery phrases, per visitor' },
  'recovery-phrase-ip': { max: 1_000, windowMs: TEN_MINUTES, key: 'address', protects: 'new recovery phrases from one address' },
});

type IdentityLimit = keyof typeof IDENTITY_LIMITS.limits;

/** An onRequest hook enforcing the named limits, narrowest first. */
export function limits(app: FastifyInstance, ...names: IdentityLimit[]): ReturnType<typeof enforceLimits>;
export function limits(app: FastifyInstance, opts: EnforceOptions, ...names: IdentityLimit[]): ReturnType<typeof enforceLimits>;
export function limits(app: FastifyInstance, first: IdentityLimit | EnforceOptions, ...rest: IdentityLimit[]) {
  return typeof first === 'string' ? enforceLimits(app, [first, ...rest]) : enforceLimits(app, rest, first);
}
