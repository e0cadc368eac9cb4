import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ServiceDefinition } from '@wfm/service-kit';
import {
  PROOF_OF_WORK_CODE,
  PROOF_OF_WORK_HEADER,
  PROOF_OF_WORK_MESSAGE,
  solveProofOfWorkNatively,
} from '@wfm/service-kit/pressure';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { startFakeServices, startGateway, type FakeServices } from './helpers.ts';

type Required = { message: string; code: string; challenge: Parameters<typeof solveProofOfWorkNatively>[0] };

/**
 * The gateway in front of a service built with the kit (its pressure gate on, a budget of one token
 * and one write per address): the client's address reaches the service, x-proof-of-work passes
 * through, and the 428 comes back unchanged and uncached.
 */
const migrationsDir = mkdtempSync(path.join(tmpdir(), 'wfm-gateway-pressure-'));
const identityLike: ServiceDefinition = {
  name: 'identity',
  schema: 'identity',
  migrationsDir,
  routes: [
    async (app) => {
      app.post('/api/session', { config: { pressure: 'token' } }, async () => ({ anon_token: app.issueVisitorToken() }));
      app.post('/api/user-profile', async () => ({ saved: true }));
    },
  ],
};

let services: FakeServices;
let identity: TestService;
let gateway: Awaited<ReturnType<typeof startGateway>>;
let app: FastifyInstance;

beforeAll(async () => {
  services = await startFakeServices();
  identity = await buildTestService(identityLike, {
    relay: false,
    pressure: { token: { max: 1, windowMs: 600_000 }, write: { max: 1, windowMs: 600_000 } },
  });
  const url = await identity.app.listen({ port: 0, host: '127.0.0.1' });
  gateway = await startGateway(services, { serviceUrls: { ...services.urls, identity: url } });
  app = gateway.app;
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await identity?.close();
  await services?.close();
  rmSync(migrationsDir, { recursive: true, force: true });
});

/** A call the web app makes from a page of the site. */
const fromPage = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { host: 'site.test', origin: 'http://site.test', 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', ...headers },
    payload: '{}',
  });

describe('proof of work through the gateway', () => {
  it('counts each client address apart behind the gateway, and passes the 428 back unchanged and uncached', async () => {
    expect((await fromPage('/api/session', '203.0.113.10')).statusCode).toBe(200);
    // Another client: the service sees its own address, not the gateway's.
    expect((await fromPage('/api/session', '203.0.113.11')).statusCode).toBe(200);
    const first = await fromPage('/api/session', '203.0.113.10');
    const second = await fromPage('/api/session', '203.0.113.10');
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(428);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json<Required>();
      expect(Object.keys(body).sort()).toEqual(['challenge', 'code', 'message']);
      expect(body).toMatchObject({ message: PROOF_OF_WORK_MESSAGE, code: PROOF_OF_WORK_CODE });
    }
    // Each answer carries a challenge of its own: nothing kept one and served it again.
    expect(first.json<Required>().challenge.signature).not.toBe(second.json<Required>().challenge.signature);
  });

  it('passes x-proof-of-work to the service: the answered call gets through, a token and a write alike (sent as a page of the site sends them)', async () => {
    const ip = '203.0.113.20';
    await fromPage('/api/session', ip);
    const asked = await fromPage('/api/session', ip);
    const answer = await solveProofOfWorkNatively(asked.json<Required>().challenge);
    const answered = await fromPage('/api/session', ip, { [PROOF_OF_WORK_HEADER]: answer });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toHaveProperty('anon_token');

    await fromPage('/api/user-profile', ip);
    const write = await fromPage('/api/user-profile', ip);
    expect(write.statusCode).toBe(428);
    const writeAnswer = await solveProofOfWorkNatively(write.json<Required>().challenge);
    const done = await fromPage('/api/user-profile', ip, { [PROOF_OF_WORK_HEADER]: writeAnswer });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ saved: true });
  });
});
