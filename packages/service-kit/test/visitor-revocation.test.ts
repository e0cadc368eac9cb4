import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { AUTHOR_NAME_MESSAGES } from '@wfm/contracts/identity';
import { requireVisitor } from '../src/visitor.ts';
import { buildTestService, testVisitorToken, type TestService } from '../src/testing.ts';
import { fixtureService, waitFor } from './helpers.ts';

describe('revoked visitor tokens', () => {
  let svc: TestService;
  let app: FastifyInstance;
  beforeAll(async () => {
    svc = await buildTestService({
      ...fixtureService,
      routes: [async (scope) => {
        scope.get('/whoami', async (req) => ({ visitor: req.visitor?.key ?? null }));
        scope.post('/vote', async (req) => ({ key: requireVisitor(req).key }));
      }],
    });
    app = svc.app;
  });
  afterAll(() => svc.close());

  it('refuses a token for writes once identity.visitor.revoked reached the service', async () => {
    const token = testVisitorToken();
    const other = testVisitorToken();
    const vote = (t: string) => app.inject({ method: 'POST', url: '/vote', headers: { 'x-anon-token': t } });
    expect((await vote(token)).statusCode).toBe(200);

    const revocation = app.verifyVisitor(token)!.revocation;
    expect(revocation).not.toContain(token.split('.')[0]);
    await svc.bus.publish('identity.visitor.revoked', { revocation, at: Date.now() }, { msgId: `t:${revocation}` });
    await waitFor(async () => ((await svc.sql`SELECT 1 FROM kit_revoked_visitors WHERE revocation = ${revocation}`).length ? true : undefined));

    const refused = await vote(token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('A valid x-anon-token header is required');
    expect((await vote(other)).statusCode).toBe(200);
  });

  it('ignores a malformed revocation event', async () => {
    await svc.bus.publish('identity.visitor.revoked', { revocation: 'x' }, { msgId: `t:bad:${Date.now()}` });
    const token = testVisitorToken();
    expect((await app.inject({ method: 'POST', url: '/vote', headers: { 'x-anon-token': token } })).statusCode).toBe(200);
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
