import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { AUTHOR_NAME_MESSAGES } from '@wfm/contracts/identity';
import { createServiceApp } from '../src/app.ts';
import type { ServiceRoutes } from '../src/context.ts';
import { createNatsBus } from '../src/bus/index.ts';
import { createMemoryBus } from '../src/bus/memory.ts';
import { createSql } from '../src/db.ts';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../src/dependency-errors.ts';
import { createLogger } from '../src/logger.ts';
import { VISITOR_STANDING_CACHE_MS } from '../src/revocations.ts';
import { requireVisitor } from '../src/visitor.ts';
import { buildTestService, TEST_NATS_URL, TEST_STAFF_SECRET, TEST_VISITOR_SECRET, testVisitorToken, type TestService } from '../src/testing.ts';
import { testClock } from '../src/testing-clock.ts';
import { randomIp } from '../src/testing-visitors.ts';
import { fixtureService, waitFor } from './helpers.ts';

/** An optional-visitor read, a per-visitor read and a per-visitor write, as services write them. */
const standingRoutes: ServiceRoutes = async (scope) => {
  scope.get('/whoami', async (req) => ({ visitor: req.visitor?.key ?? null }));
  scope.get('/mine', async (req) => ({ key: requireVisitor(req).key }));
  scope.post('/vote', async (req) => ({ key: requireVisitor(req).key }));
};

const inject = (app: FastifyInstance, method: 'GET' | 'POST', url: string, token: string, ip = '127.0.0.1') =>
  app.inject({ method, url, headers: { 'x-anon-token': token }, remoteAddress: ip });
const vote = (app: FastifyInstance, token: string) => inject(app, 'POST', '/vote', token);
const mine = (app: FastifyInstance, token: string, ip?: string) => inject(app, 'GET', '/mine', token, ip);
const whoami = (app: FastifyInstance, token: string) => inject(app, 'GET', '/whoami', token);

describe('revoked visitor tokens', () => {
  let svc: TestService;
  let app: FastifyInstance;
  beforeAll(async () => {
    svc = await buildTestService({ ...fixtureService, routes: [standingRoutes] });
    app = svc.app;
  });
  afterAll(() => svc.close());

  it('refuses a token for every per-visitor read and write once identity.visitor.revoked reached the service', async () => {
    const token = testVisitorToken();
    const other = testVisitorToken();
    const unknown = testVisitorToken().slice(0, 43) + '.AAAAAAAAAAAAAAAAAAAAAA';
    expect((await vote(app, token)).statusCode).toBe(200);
    expect((await mine(app, token)).statusCode).toBe(200);
    expect((await whoami(app, token)).json().visitor).not.toBeNull();

    const revocation = app.verifyVisitor(token)!.revocation;
    expect(revocation).not.toContain(token.split('.')[0]);
    await svc.bus.publish('identity.visitor.revoked', { revocation, at: Date.now() }, { msgId: `t:${revocation}` });
    await waitFor(async () => ((await svc.sql`SELECT 1 FROM kit_revoked_visitors WHERE revocation = ${revocation}`).length ? true : undefined));

    // Writes and reads, in parallel: each answers exactly what a token identity never issued answers.
    const [refusedVotes, refusedReads, unknownVote, unknownRead] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => vote(app, token))),
      Promise.all(Array.from({ length: 10 }, () => mine(app, token))),
      vote(app, unknown),
      mine(app, unknown),
    ]);
    for (const res of refusedVotes) expect({ status: res.statusCode, body: res.json() }).toEqual({ status: unknownVote.statusCode, body: unknownVote.json() });
    for (const res of refusedReads) expect({ status: res.statusCode, body: res.json() }).toEqual({ status: unknownRead.statusCode, body: unknownRead.json() });
    expect(unknownRead.statusCode).toBe(401);
    expect(unknownRead.json().message).toBe('A valid x-anon-token header is required');
    // An optional-visitor read sees no visitor; a token found in a query is no visitor either.
    expect((await whoami(app, token)).json()).toEqual({ visitor: null });
    expect(await app.visitorOf(token)).toBeNull();
    // Another visitor is untouched.
    expect((await vote(app, other)).statusCode).toBe(200);
    expect((await mine(app, other)).statusCode).toBe(200);
    expect(await app.visitorOf(other)).not.toBeNull();
  });

  it('refuses many fresh revoked tokens from many addresses, each on its first request', async () => {
    const tokens = Array.from({ length: 20 }, () => testVisitorToken());
    for (const token of tokens) {
      const revocation = app.verifyVisitor(token)!.revocation;
      await svc.bus.publish('identity.visitor.revoked', { revocation, at: Date.now() }, { msgId: `t:${revocation}` });
    }
    const last = app.verifyVisitor(tokens.at(-1))!.revocation;
    await waitFor(async () => ((await svc.sql`SELECT 1 FROM kit_revoked_visitors WHERE revocation = ${last}`).length ? true : undefined));
    const answers = await Promise.all(tokens.map((token) => mine(app, token, randomIp())));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(401));
  });

  it('ignores a malformed revocation event', async () => {
    await svc.bus.publish('identity.visitor.revoked', { revocation: 'x' }, { msgId: `t:bad:${Date.now()}` });
    const token = testVisitorToken();
    expect((await vote(app, token)).statusCode).toBe(200);
  });
});

describe('the standing cache of one replica', () => {
  it('trusts a good answer for VISITOR_STANDING_CACHE_MS at most: a replica that missed the event refuses the token after that', async () => {
    const clock = testClock();
    const svc = await buildTestService({ ...fixtureService, routes: [standingRoutes] }, { now: clock.now });
    try {
      const token = testVisitorToken();
      expect((await mine(svc.app, token)).statusCode).toBe(200);
      // Another replica's durable consumer recorded the revocation; this replica heard no event.
      await svc.sql`INSERT INTO kit_revoked_visitors (revocation) VALUES (${svc.app.verifyVisitor(token)!.revocation})`;
      clock.advance(VISITOR_STANDING_CACHE_MS);
      expect((await mine(svc.app, token)).statusCode).toBe(401);
      expect((await whoami(svc.app, token)).json()).toEqual({ visitor: null });
    } finally {
      await svc.close();
    }
  });
});

describe('a standing that cannot be looked up', () => {
  it('answers 503 with a message, never 401 (the web app drops a token answered 401), while the database is unreachable', async () => {
    // Nothing listens on port 9: every lookup fails at once.
    const sql = createSql('postgres://postgres@127.0.0.1:9/none', { schema: fixtureService.schema, max: 1 });
    const app = await createServiceApp({ ...fixtureService, routes: [standingRoutes] }, {
      sql, bus: createMemoryBus(), staffSecret: TEST_STAFF_SECRET, visitorSecret: TEST_VISITOR_SECRET, logger: createLogger('kit-test', 'silent'), nodeEnv: 'test',
    });
    await app.ready();
    try {
      const answers = await Promise.all([
        ...Array.from({ length: 5 }, () => mine(app, testVisitorToken(), randomIp())),
        ...Array.from({ length: 5 }, () => vote(app, testVisitorToken())),
        ...Array.from({ length: 5 }, () => whoami(app, testVisitorToken())),
      ]);
      for (const res of answers) {
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE });
      }
    } finally {
      await app.close();
      await sql.end({ timeout: 1 });
    }
  });
});

describe('revocation across replicas over real NATS', () => {
  it('every replica refuses the token as soon as the event arrives, whichever replica stored it (their clocks stand still: no cache expiry helps)', async () => {
    const clock = testClock();
    const first = await buildTestService({ ...fixtureService, routes: [standingRoutes] }, { bus: 'nats', now: clock.now });
    const logger = createLogger('kit-test', 'silent');
    const bus = await createNatsBus({ natsUrl: TEST_NATS_URL, logger });
    const second = await createServiceApp({ ...fixtureService, routes: [standingRoutes] }, {
      sql: first.sql, bus, staffSecret: TEST_STAFF_SECRET, visitorSecret: TEST_VISITOR_SECRET, logger, nodeEnv: 'test', now: clock.now,
    });
    await second.ready();
    try {
      const replicas = [first.app, second];
      const tokens = Array.from({ length: 5 }, () => testVisitorToken());
      // Both replicas hold a good answer for every token.
      for (const replica of replicas) for (const token of tokens) expect((await mine(replica, token)).statusCode).toBe(200);
      const publisher = await createNatsBus({ natsUrl: TEST_NATS_URL, logger });
      try {
        for (const token of tokens) {
          const revocation = first.app.verifyVisitor(token)!.revocation;
          await publisher.publish('identity.visitor.revoked', { revocation, at: Date.now() }, { msgId: `t:replicas:${revocation}` });
        }
      } finally {
        await publisher.close();
      }
      for (const replica of replicas) {
        for (const token of tokens) {
          await waitFor(async () => ((await mine(replica, token)).statusCode === 401 ? true : undefined));
          expect((await whoami(replica, token)).json()).toEqual({ visitor: null });
        }
      }
    } finally {
      await second.close();
      await bus.close();
      await first.close();
    }
  });
});

describe('ctx.identity.acceptAuthorName', () => {
  let svc: TestService;
  beforeAll(async () => {
    // Nothing listens on port 9 (discard): identity is "down".
    svc = await buildTestService(
      {
        ...fixtureService,
        routes: [async (scope, ctx) => {
          scope.post('/name', async (req) => ({ name: await ctx.identity.acceptAuthorName(req, (req.body as { name: string }).name) }));
        }],
      },
      { identityUrl: 'http://127.0.0.1:9' },
    );
  });
  afterAll(() => svc.close());

  const ask = (name: string) =>
    svc.app.inject({ method: 'POST', url: '/name', payload: { name }, headers: { 'x-anon-token': testVisitorToken() } });

  it('decides Anonymous and the reserved words without identity', async () => {
    expect((await ask('anonymous')).json()).toEqual({ name: 'Anonymous' });
    for (const name of ['Admin', '  moderator ', 'SYSTEM', 'Official', 'support', 'staff', 'administrator']) {
      const res = await ask(name);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(AUTHOR_NAME_MESSAGES.taken);
    }
  });

  it('answers 503 with a message for any other name while identity is unreachable', async () => {
    const res = await ask('planner_one');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(AUTHOR_NAME_MESSAGES.unavailable);
  });
});

describe('maskUrl and issued tokens', () => {
  it('masks a whole <id>.<tag> token in a path and in the anon_token query', async () => {
    const { maskUrl } = await import('../src/logger.ts');
    const token = testVisitorToken();
    const [id, tag] = token.split('.') as [string, string];
    for (const url of [`/api/user-profile/${token}`, `/api/user-profile/check/${token}?x=1`, `/api/posts?anon_token=${token}`]) {
      const masked = maskUrl(url);
      expect(masked).not.toContain(id);
      expect(masked).not.toContain(tag);
    }
  });
});
