import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRateLimitSettings, MINUTE } from '@wfm/service-kit';
import {
  loadPressureBudgets,
  PROOF_OF_WORK_CODE,
  PROOF_OF_WORK_HEADER,
  PROOF_OF_WORK_MESSAGE,
  solveProofOfWorkNatively,
} from '@wfm/service-kit/pressure';
import { buildTestService, randomIp, TEST_REDIS_URL, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';

type Required = { message: string; code: string; challenge: Parameters<typeof solveProofOfWorkNatively>[0] };

/**
 * Identity's POST /api/session under the pressure gate with its default budgets, counters and used
 * answers in the real Redis (a namespace of its own): the attack is one script minting a token per
 * request from one address.
 */
describe('new tokens under pressure (default budget, Redis)', () => {
  let redis: Redis;
  let t: TestService;
  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 2 });
    const rateLimits = loadRateLimitSettings({ RATE_LIMIT_NAMESPACE: `p${randomBytes(4).toString('hex')}` });
    t = await buildTestService(service, {
      relay: false,
      redis,
      rateLimits,
      // Default token budget; a write budget of 2 so a write challenge is at hand.
      pressure: { token: loadPressureBudgets({}, rateLimits).token, write: { max: 2, windowMs: 10 * MINUTE } },
    });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.quit();
  });

  const session = (ip: string, answer?: string) =>
    t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: ip, headers: answer ? { [PROOF_OF_WORK_HEADER]: answer } : {} });
  /** Spends the token budget of `ip` (60 calls, as the spec's call with nothing extra) and returns the 61st answer. */
  const overBudget = async (ip: string) => {
    for (let i = 0; i < 60; i += 1) {
      const res = await session(ip);
      expect(res.statusCode, `call ${i + 1}`).toBe(200);
      expect(res.json()).toHaveProperty('anon_token');
    }
    return session(ip);
  };

  it('mints 60 tokens from one address without any extra field, then answers 428 with the message and a challenge', async () => {
    const res = await overBudget(randomIp());
    expect(res.statusCode).toBe(428);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<Required>();
    expect(body.message).toBe(PROOF_OF_WORK_MESSAGE);
    expect(body.code).toBe(PROOF_OF_WORK_CODE);
    expect(body.challenge.parameters.data).toMatchObject({ kind: 'token', level: 1 });
    expect(res.json()).not.toHaveProperty('anon_token');
  });

  it('lets the call through with a valid answer, once: the same answer again, even in parallel, gets one token', async () => {
    const ip = randomIp();
    const { challenge } = (await overBudget(ip)).json<Required>();
    const answer = await solveProofOfWorkNatively(challenge);
    const answers = await Promise.all(Array.from({ length: 10 }, () => session(ip, answer)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 428)).toHaveLength(9);
    expect(answers.find((r) => r.statusCode === 200)!.json()).toHaveProperty('anon_token');
  });

  it('refuses an answer from another address, for another kind of call, or made up', async () => {
    const ip = randomIp();
    const { challenge } = (await overBudget(ip)).json<Required>();
    const answer = await solveProofOfWorkNatively(challenge);
    // Another address over its own budget does not get in with this address's answer.
    const other = randomIp();
    await overBudget(other);
    expect((await session(other, answer)).statusCode).toBe(428);
    // A write answer (DELETE /api/session past the write budget of 2) does not buy a token.
    await t.app.inject({ method: 'DELETE', url: '/api/session', remoteAddress: ip });
    await t.app.inject({ method: 'DELETE', url: '/api/session', remoteAddress: ip });
    const write = await t.app.inject({ method: 'DELETE', url: '/api/session', remoteAddress: ip });
    expect(write.statusCode).toBe(428);
    const writeAnswer = await solveProofOfWorkNatively(write.json<Required>().challenge);
    expect((await session(ip, writeAnswer)).statusCode).toBe(428);
    // Garbage in the header is a 428 with a fresh challenge, not a 5xx.
    for (const junk of ['x', 'e30=', Buffer.from('{"challenge":{},"solution":{}}').toString('base64'), 'A'.repeat(5000)]) {
      const res = await session(ip, junk);
      expect(res.statusCode, junk.slice(0, 20)).toBe(428);
      expect(res.json<Required>().message).toBe(PROOF_OF_WORK_MESSAGE);
    }
    // The right answer still works (none of the refusals used it up).
    expect((await session(ip, answer)).statusCode).toBe(200);
  });

  it('a script minting tokens from many fresh /64s of one /48 meets the /48 budget (4 times an address)', async () => {
    const network = `2001:db8:${randomBytes(2).toString('hex')}`;
    const fresh64 = () => `${network}:${randomBytes(2).toString('hex')}:1::${randomBytes(2).toString('hex')}`;
    const statuses: number[] = [];
    for (let i = 0; i < 245; i += 1) statuses.push((await session(fresh64())).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(240);
    expect(statuses.slice(-5)).toEqual([428, 428, 428, 428, 428]);
  }, 60_000);
});
