import { randomBytes } from 'node:crypto';
import type { Challenge } from 'altcha-lib';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as kit from '@wfm/service-kit/pressure';
import { loadRateLimitSettings } from '@wfm/service-kit';
import {
  fetchWithProofOfWork,
  PROOF_OF_WORK_CODE,
  PROOF_OF_WORK_HEADER,
  PROOF_OF_WORK_STATUS,
  solveProofOfWork,
} from '../src/index.ts';
import { keyDeriver } from '../src/solve.ts';
import type { WorkerReply, WorkerRequest } from '../src/protocol.ts';

// As the kit's TEST_REDIS_URL (its testing module is not imported: it does not type-check under the DOM lib).
const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECRET = 'pow-client-test-secret-0123456789abcdef';
let redis: Redis;
beforeAll(() => {
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
});
afterAll(async () => {
  await redis.quit();
});
const freshSettings = () => loadRateLimitSettings({ RATE_LIMIT_NAMESPACE: `c${randomBytes(4).toString('hex')}` });

/** A stand-in for the browser's Worker running the same code on this thread (Node has no Web Worker). */
function inThreadWorker(): Worker {
  const fake = {
    onmessage: null as ((event: MessageEvent<WorkerReply>) => void) | null,
    onerror: null,
    terminated: false,
    terminate() {
      this.terminated = true;
    },
    postMessage(message: WorkerRequest) {
      const send = (data: WorkerReply) => fake.onmessage?.({ data } as MessageEvent<WorkerReply>);
      solveProofOfWork(message.challenge, (fraction) => send({ type: 'progress', fraction }))
        .then((header) => send({ type: 'solved', header }))
        .catch((error: Error) => send({ type: 'failed', message: error.message }));
    },
  };
  return fake as unknown as Worker;
}

describe('pow-client', () => {
  it('speaks the same protocol as the kit', () => {
    expect(PROOF_OF_WORK_STATUS).toBe(kit.PROOF_OF_WORK_STATUS);
    expect(PROOF_OF_WORK_CODE).toBe(kit.PROOF_OF_WORK_CODE);
    expect(PROOF_OF_WORK_HEADER).toBe(kit.PROOF_OF_WORK_HEADER);
  });

  it('solves a server challenge with WebCrypto, reporting progress, and the server accepts it once', async () => {
    const pow = new kit.ProofOfWork({ secret: SECRET, redis, settings: freshSettings() });
    const challenge: Challenge = await pow.issue('write', '127.0.0.1', 3);
    const progress: number[] = [];
    const header = await solveProofOfWork(challenge, (fraction) => progress.push(fraction));
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((fraction) => fraction >= 0 && fraction <= 1)).toBe(true);
    expect(await pow.verify(header, 'write', '127.0.0.1', 3)).toBe('ok');
    expect(await pow.verify(header, 'write', '127.0.0.1', 3)).toBe('replayed');
  });

  it('outside a secure context (no crypto.subtle) solves in script, and the server accepts that answer too', async () => {
    expect(keyDeriver(undefined)).not.toBe(keyDeriver(globalThis.crypto.subtle));
    const pow = new kit.ProofOfWork({ secret: SECRET, redis, settings: freshSettings() });
    const challenge: Challenge = await pow.issue('token', '127.0.0.1', 1);
    const header = await solveProofOfWork(challenge, undefined, undefined, keyDeriver(undefined));
    expect(await pow.verify(header, 'token', '127.0.0.1', 1)).toBe('ok');
  });

  it('fetchWithProofOfWork gets through a gated route over its budget without the caller doing anything', async () => {
    const settings = freshSettings();
    const gate = new kit.PressureGate(
      new kit.PressureBudget({ token: { max: 2, windowMs: 60_000 }, write: { max: 2, windowMs: 60_000 } }, redis, settings),
      new kit.ProofOfWork({ secret: SECRET, redis, settings }),
    );
    const app = Fastify();
    app.post('/api/session', { preHandler: gate.hook('token') }, async () => ({ token: 'ok' }));
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await fetch(`${url}/api/session`, { method: 'POST' })).status);
      expect(statuses).toEqual([200, 200, 428, 428]);
      const refused = await fetch(`${url}/api/session`, { method: 'POST' });
      expect(await refused.json()).toMatchObject({ message: 'Please wait while your browser confirms this request.', code: PROOF_OF_WORK_CODE });
      let sawProgress = false;
      const response = await fetchWithProofOfWork(
        `${url}/api/session`,
        { method: 'POST' },
        { createWorker: inThreadWorker, onProgress: () => (sawProgress = true) },
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ token: 'ok' });
      expect(sawProgress).toBe(true);
    } finally {
      await app.close();
    }
  });
});
