import type { FastifyRequest } from 'fastify';
import { defineLimits, HOUR, MINUTE, TEN_MINUTES } from '@wfm/service-kit';
import { lookupOf } from './recovery/recovery-phrase.ts';
import { lookupKeyOf } from './recovery/recovery-service.ts';


/**
 * Every limit of the identity service (docs/operations.md lists them; RATE_LIMIT_SCALE and
 * RATE_LIMIT_IDENTITY_<NAME> tune them). Sized for a contact centre behind one NAT address: 300
 * agents get a session within a minute or two and pick a username; one address cannot mint
 * sessions without bound (a per-minute burst and an hourly ceiling for a few hundred people).
 * Routes attach a call's limits with `rateLimited(app, '<call>')`.
 */
export const IDENTITY_LIMITS = defineLimits(
  'identity',
  {
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
  },
  {
    session: ['session-ip-minute', 'session-ip-hour'],
    'session-revoke': ['session-revoke-ip'],
    'check-username': ['check-username-visitor', 'check-username-ip'],
    'create-profile': ['create-profile-visitor', 'create-profile-ip'],
    recover: ['recover-ip'],
    // A preHandler (after validation): the body is there and normalized, so the prefix is the one looked up.
    'recover-prefix': { limits: ['recover-prefix'], target: (req) => recoveryPrefix(req) },
    'recovery-phrase': ['recovery-phrase-visitor', 'recovery-phrase-ip'],
  },
);

/** The per-prefix limit counts a keyed hash of the phrase's first words, never the words. */
function recoveryPrefix(req: FastifyRequest): string | null {
  const phrase = (req.body as { phrase?: unknown } | undefined)?.phrase;
  return typeof phrase === 'string' ? lookupOf(lookupKeyOf(req.server), phrase).toString('base64url') : null;
}
