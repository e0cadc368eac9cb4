import { createHmac, randomInt } from 'node:crypto';
import { createChallenge, solveChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Redis } from 'ioredis';
import { redisCounterPrefix, type RateLimitSettings } from '../rate-limit-table.ts';
import { MAX_PRESSURE_LEVEL, type PressureKind } from './pressure-budget.ts';

/**
 * ALTCHA's key-derivation proof of work (altcha-lib v2, docs/decisions.md "Proof of work under
 * pressure"). The server picks a secret counter below `maxCounter(level)` and hands out the first
 * bytes of PBKDF2(nonce ‖ counter); the browser tries counters from 0 until it finds them, about
 * maxCounter / 2 derivations on average. PBKDF2 runs natively in every browser's WebCrypto, so a
 * phone is not many times slower than a script with native code, as it would be with a hash loop
 * in JavaScript. The server checks an answer with one HMAC (the key signature), no derivation.
 */
export const PROOF_OF_WORK_ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per attempt. */
export const PROOF_OF_WORK_COST = 100;
/** Counters below which the level-1 answer lies; each level above doubles it. */
export const LEVEL_ONE_MAX_COUNTER = 500;
/** How long a challenge can be answered; a used answer is remembered until then. */
export const CHALLENGE_TTL_MS = 2 * 60_000;

/** The counter range of a level (1..MAX_PRESSURE_LEVEL): the work is on average half of it. */
export const maxCounter = (level: number): number =>
  LEVEL_ONE_MAX_COUNTER * 2 ** (Math.min(Math.max(level, 1), MAX_PRESSURE_LEVEL) - 1);

/** What a challenge carries, signed with it. */
interface ChallengeData {
  kind: PressureKind;
  level: number;
  /** Counter range, for the browser's progress. */
  max: number;
  /** Which address (or /64) the challenge was issued to, as an HMAC, so no address is shown. */
  scope: string;
  [key: string]: string | number | boolean | null;
}

/** The body field / header value the client sends back: base64 of JSON `{ challenge, solution }` (ALTCHA's payload). */
export interface ProofOfWorkPayload {
  challenge: Challenge;
  solution: Solution;
}

export type VerifyOutcome = 'ok' | 'malformed' | 'invalid' | 'expired' | 'replayed' | 'wrong-scope' | 'too-easy';

export interface ProofOfWorkOptions {
  /** HMAC secret signing challenges; every replica must share it. At least 32 characters. */
  secret: string;
  /** Remembers used answers across replicas; without it, in this process only. */
  redis?: Redis | undefined;
  settings?: RateLimitSettings | undefined;
  ttlMs?: number;
}

/** Issues challenges and checks answers: each answer is accepted once. */
export class ProofOfWork {
  private readonly secret: string;
  private readonly keySecret: string;
  private readonly ttlMs: number;
  private readonly redis: Redis | undefined;
  private readonly prefix: string;
  /** Used answers (signature -> expiry in ms) when there is no Redis or it fails. */
  private readonly usedInMemory = new Map<string, number>();

  constructor(options: ProofOfWorkOptions) {
    if (options.secret.length < 32) throw new Error('The proof-of-work secret must be at least 32 characters.');
    this.secret = options.secret;
    this.keySecret = createHmac('sha256', options.secret).update('altcha-key-signature').digest('hex');
    this.ttlMs = options.ttlMs ?? CHALLENGE_TTL_MS;
    this.redis = options.redis;
    this.prefix = redisCounterPrefix('wfm-pow-used:', options.settings);
  }

  private scope(kind: PressureKind, addressKey: string): string {
    return createHmac('sha256', this.secret).update(`${kind}\n${addressKey}`).digest('base64url').slice(0, 22);
  }

  /** A challenge of `level` (1..MAX_PRESSURE_LEVEL) for one kind of call from one address key. */
  async issue(kind: PressureKind, addressKey: string, level: number): Promise<Challenge> {
    const max = maxCounter(level);
    const data: ChallengeData = { kind, level: Math.min(Math.max(level, 1), MAX_PRESSURE_LEVEL), max, scope: this.scope(kind, addressKey) };
    return createChallenge({
      algorithm: PROOF_OF_WORK_ALGORITHM,
      cost: PROOF_OF_WORK_COST,
      counter: randomInt(max),
      deriveKey,
      data,
      expiresAt: new Date(Date.now() + this.ttlMs),
      hmacSignatureSecret: this.secret,
      hmacKeySignatureSecret: this.keySecret,
    });
  }

  /**
   * Checks an answer sent in PROOF_OF_WORK_HEADER for `kind` from `addressKey`, needing at least
   * `minLevel`; an accepted answer is marked used (a second use answers 'replayed').
   */
  async verify(raw: string | undefined, kind: PressureKind, addressKey: string, minLevel: number): Promise<VerifyOutcome> {
    const payload = decodePayload(raw);
    if (!payload) return 'malformed';
    let result;
    try {
      result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: this.secret,
        hmacKeySignatureSecret: this.keySecret,
      });
    } catch {
      return 'malformed';
    }
    if (result.expired) return 'expired';
    if (!result.verified) return 'invalid';
    const data = payload.challenge.parameters.data as Partial<ChallengeData> | undefined;
    if (data?.kind !== kind || data.scope !== this.scope(kind, addressKey)) return 'wrong-scope';
    if (typeof data.level !== 'number' || data.level < minLevel) return 'too-easy';
    const expiresAtMs = (payload.challenge.parameters.expiresAt ?? 0) * 1000;
    return (await this.markUsed(payload.challenge.signature!, expiresAtMs)) ? 'ok' : 'replayed';
  }

  /** True when the answer was not used before (and is now). */
  private async markUsed(signature: string, expiresAtMs: number): Promise<boolean> {
    const ttl = Math.max(1_000, expiresAtMs - Date.now() + 1_000);
    if (this.redis) {
      try {
        return (await this.redis.set(`${this.prefix}${signature}`, '1', 'PX', ttl, 'NX')) === 'OK';
      } catch {
        // Fall through: remember it in this process.
      }
    }
    const now = Date.now();
    for (const [key, until] of this.usedInMemory) {
      if (until > now) break;
      this.usedInMemory.delete(key);
    }
    if ((this.usedInMemory.get(signature) ?? 0) > now) return false;
    this.usedInMemory.set(signature, now + ttl);
    return true;
  }
}

const HEX = /^[0-9a-f]+$/i;

function decodePayload(raw: string | undefined): ProofOfWorkPayload | undefined {
  if (!raw || raw.length > 4_096) return undefined;
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as ProofOfWorkPayload;
    const { challenge, solution } = value;
    if (
      typeof challenge?.signature !== 'string' ||
      typeof challenge.parameters !== 'object' ||
      !Number.isInteger(solution?.counter) ||
      typeof solution.derivedKey !== 'string' ||
      !HEX.test(solution.derivedKey)
    ) {
      return undefined;
    }
    return { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
  } catch {
    return undefined;
  }
}

/** The header value for an answer (what the browser solver returns). */
export const encodeProofOfWork = (payload: ProofOfWorkPayload): string =>
  Buffer.from(JSON.stringify(payload), 'utf8').toString('base64');

/**
 * Solves a challenge with Node's native PBKDF2, as a script would: the bench's attacker
 * (scripts/lib/pow-bench.ts) and tests. Resolves to the header value.
 */
export async function solveProofOfWorkNatively(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('No solution within the time limit.');
  return encodeProofOfWork({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } });
}
