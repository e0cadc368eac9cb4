import { randomBytes } from 'node:crypto';
import type { Challenge } from 'altcha-lib';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadPressureBudgets,
  MAX_PRESSURE_LEVEL,
  maxCounter,
  pressureAddressKeys,
  PressureBudget,
  PressureGate,
  pressureLevel,
  PROOF_OF_WORK_MESSAGE,
  PROOF_OF_WORK_STATUS,
  ProofOfWork,
  solveProofOfWorkNatively,
} from '../src/pressure/index.ts';
import { loadRateLimitSettings } from '../src/rate-limit-table.ts';
import { TEST_REDIS_URL } from '../src/testing.ts';

let redis: Redis;
beforeAll(() => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  await redis.quit();
});

const SECRET = 'pressure-test-secret-0123456789abcdef';
/** A deployment namespace of its own, so parallel runs sharing the Redis never meet. */
const freshSettings = () => loadRateLimitSettings({ RATE_LIMIT_NAMESPACE: `t${randomBytes(4).toString('hex')}` });

const solve = (challenge: Challenge): Promise<string> => solveProofOfWorkNatively(challenge);

describe('pressure address keys', () => {
  it('keys IPv4 by address, IPv6 by /64 and the wider /48', () => {
    expect(pressureAddressKeys('203.0.113.7')).toEqual({ address: '203.0.113.7' });
    expect(pressureAddressKeys('::ffff:203.0.113.7')).toEqual({ address: '203.0.113.7' });
    expect(pressureAddressKeys('2001:db8:aa:bb:1:2:3:4')).toEqual({ address: '2001:db8:aa:bb::/64', network: '2001:db8:aa::/48' });
    // Another /64 of the same /48: a different address key, the same network key.
    const other = pressureAddressKeys('2001:db8:aa:ff::9');
    expect(other.address).toBe('2001:db8:aa:ff::/64');
    expect(other.network).toBe('2001:db8:aa::/48');
  });

  it('counts fresh /64s of one /48 against the /48 budget', async () => {
    const budget = new PressureBudget({ token: { max: 2, windowMs: 60_000 }, write: { max: 2, windowMs: 60_000 } }, undefined);
    const levels: number[] = [];
    // Every call from a fresh /64: each /64 stays within its budget of 2, the /48 (4 × 2 = 8) does not.
    for (let i = 0; i < 12; i++) levels.push(await budget.count('token', `2001:db8:5:${i.toString(16)}::1`));
    expect(levels.slice(0, 8)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(levels.slice(8)).toEqual([1, 1, 1, 1]);
  });
});

describe('pressure level', () => {
  it('is 0 within the budget and rises by one each time the count doubles, up to the highest', () => {
    expect([60, 61, 120, 121, 240, 241, 480, 481, 960, 961, 100_000].map((n) => pressureLevel(n, 60))).toEqual([
      0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    ]);
    expect(MAX_PRESSURE_LEVEL).toBe(5);
  });

  it('takes 60 tokens per 10 minutes by default, scaled by RATE_LIMIT_SCALE, or as set', () => {
    expect(loadPressureBudgets({}).token).toEqual({ max: 60, windowMs: 600_000 });
    expect(loadPressureBudgets({}, loadRateLimitSettings({ RATE_LIMIT_SCALE: '2.5' })).token.max).toBe(150);
    expect(loadPressureBudgets({ PRESSURE_WRITE_BUDGET: '5' }, loadRateLimitSettings({ RATE_LIMIT_SCALE: '3' })).write.max).toBe(5);
    expect(() => loadPressureBudgets({ PRESSURE_TOKEN_BUDGET: 'lots' })).toThrow(/PRESSURE_TOKEN_BUDGET/);
  });
});

describe('pressure budget in Redis', () => {
  it('rises past the budget and falls back after the window', async () => {
    const budget = new PressureBudget({ token: { max: 3, windowMs: 1_000 }, write: { max: 3, windowMs: 1_000 } }, redis, freshSettings());
    const levels: number[] = [];
    for (let i = 0; i < 13; i++) levels.push(await budget.count('token', '198.51.100.4'));
    expect(levels).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3]);
    // Another address and the other kind are untouched.
    expect(await budget.count('token', '198.51.100.5')).toBe(0);
    expect(await budget.count('write', '198.51.100.4')).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await budget.count('token', '198.51.100.4')).toBe(0);
  });

  it('is shared by every replica through Redis', async () => {
    const settings = freshSettings();
    const budgets = { token: { max: 2, windowMs: 60_000 }, write: { max: 2, windowMs: 60_000 } };
    const a = new PressureBudget(budgets, redis, settings);
    const b = new PressureBudget(budgets, redis, settings);
    expect([await a.count('write', '192.0.2.1'), await b.count('write', '192.0.2.1'), await a.count('write', '192.0.2.1')]).toEqual([0, 0, 1]);
  });
});

describe('pressure gate with proof of work', () => {
  const budgets = { token: { max: 1, windowMs: 60_000 }, write: { max: 1, windowMs: 60_000 } };
  const gateFor = (ttlMs?: number) => {
    const settings = freshSettings();
    return new PressureGate(new PressureBudget(budgets, redis, settings), new ProofOfWork({ secret: SECRET, redis, settings, ...(ttlMs ? { ttlMs } : {}) }));
  };

  it('lets calls within the budget through, then asks with a 428, a message and a challenge', async () => {
    const gate = gateFor();
    expect(await gate.check('token', '127.0.0.1', undefined)).toBeUndefined();
    const required = await gate.check('token', '127.0.0.1', undefined);
    expect(required?.status).toBe(PROOF_OF_WORK_STATUS);
    expect(PROOF_OF_WORK_STATUS).not.toBe(429);
    expect(required?.body.message).toBe(PROOF_OF_WORK_MESSAGE);
    expect(required?.body.challenge.parameters.data).toMatchObject({ kind: 'token', level: 1, max: maxCounter(1) });
  });

  it('accepts a valid solution once and refuses it the second time', async () => {
    const gate = gateFor();
    await gate.check('write', '127.0.0.2', undefined);
    const { challenge } = (await gate.check('write', '127.0.0.2', undefined))!.body;
    const answer = await solve(challenge);
    expect(await gate.check('write', '127.0.0.2', answer)).toBeUndefined();
    const again = await gate.check('write', '127.0.0.2', answer);
    expect(again?.refused).toBe('replayed');
  });

  it('refuses a replay on another replica (used answers live in Redis)', async () => {
    const settings = freshSettings();
    const pow = () => new ProofOfWork({ secret: SECRET, redis, settings });
    const challenge = await pow().issue('token', '127.0.0.3', 1);
    const answer = await solve(challenge);
    expect(await pow().verify(answer, 'token', '127.0.0.3', 1)).toBe('ok');
    expect(await pow().verify(answer, 'token', '127.0.0.3', 1)).toBe('replayed');
  });

  it('refuses a wrong, tampered, foreign or too easy answer', async () => {
    const pow = new ProofOfWork({ secret: SECRET, redis, settings: freshSettings() });
    const challenge = await pow.issue('token', '127.0.0.4', 2);
    const answer = JSON.parse(Buffer.from(await solve(challenge), 'base64').toString()) as {
      challenge: Challenge;
      solution: { counter: number; derivedKey: string };
    };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    // The derived key is the proof (the server checks its HMAC signature, no derivation): a wrong one fails.
    const flipped = (answer.solution.derivedKey[0] === '0' ? '1' : '0') + answer.solution.derivedKey.slice(1);
    expect(await pow.verify(encode({ ...answer, solution: { ...answer.solution, derivedKey: flipped } }), 'token', '127.0.0.4', 1)).toBe('invalid');
    expect(await pow.verify(encode({ ...answer, solution: { ...answer.solution, derivedKey: 'ab'.repeat(32) } }), 'token', '127.0.0.4', 1)).toBe('invalid');
    const easier = { ...answer.challenge, parameters: { ...answer.challenge.parameters, data: { ...answer.challenge.parameters.data, level: 5 } } };
    expect(await pow.verify(encode({ ...answer, challenge: easier }), 'token', '127.0.0.4', 1)).toBe('invalid');
    expect(await pow.verify('not base64 json', 'token', '127.0.0.4', 1)).toBe('malformed');
    expect(await pow.verify(encode(answer), 'token', '127.0.0.9', 1)).toBe('wrong-scope');
    expect(await pow.verify(encode(answer), 'write', '127.0.0.4', 1)).toBe('wrong-scope');
    expect(await pow.verify(encode(answer), 'token', '127.0.0.4', 3)).toBe('too-easy');
    // Signed with another secret: refused.
    const other = new ProofOfWork({ secret: `${SECRET}-other`, redis, settings: freshSettings() });
    expect(await other.verify(encode(answer), 'token', '127.0.0.4', 1)).toBe('invalid');
    // None of the refusals used it up.
    expect(await pow.verify(encode(answer), 'token', '127.0.0.4', 2)).toBe('ok');
  });

  it('refuses an expired answer', async () => {
    const pow = new ProofOfWork({ secret: SECRET, redis, settings: freshSettings(), ttlMs: 1_000 });
    const challenge = await pow.issue('token', '127.0.0.5', 1);
    const answer = await solve(challenge);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(await pow.verify(answer, 'token', '127.0.0.5', 1)).toBe('expired');
  });

  it('asks for more work as the pressure rises', async () => {
    const gate = gateFor();
    const levels: number[] = [];
    for (let i = 0; i < 40; i++) {
      const required = await gate.check('token', '127.0.0.6', undefined);
      levels.push(Number(required?.body.challenge.parameters.data?.level ?? 0));
    }
    expect(levels[0]).toBe(0);
    expect(levels[1]).toBe(1);
    expect(levels.at(-1)).toBe(5);
    expect([...levels].sort((a, b) => a - b)).toEqual(levels);
  });
});
