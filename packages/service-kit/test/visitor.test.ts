import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createVisitorVerifier, issueVisitorToken, requireVisitor, verifyVisitorToken } from '../src/visitor.ts';
import { buildTestService, testVisitorToken, TEST_VISITOR_SECRET, type TestService } from '../src/testing.ts';
import { fixtureService } from './helpers.ts';

const SECRET = 'a-visitor-token-secret-for-unit-tests-000';

describe('visitor tokens', () => {
  it('verifies a token issued with the same secret only', () => {
    const token = issueVisitorToken(SECRET);
    expect(verifyVisitorToken(SECRET, token)).toBe(token.split('.')[0]);
    expect(verifyVisitorToken(`${SECRET}-other`, token)).toBeNull();
  });

  it('refuses made-up, tampered and malformed tokens', () => {
    const token = issueVisitorToken(SECRET);
    const [id, tag] = token.split('.') as [string, string];
    const flipped = `${id}.${tag[0] === 'A' ? 'B' : 'A'}${tag.slice(1)}`;
    for (const bad of [flipped, `${'x'.repeat(43)}.${tag}`, id, '', 'a.b', `${token}x`, 42, null, undefined]) {
      expect(verifyVisitorToken(SECRET, bad)).toBeNull();
    }
  });

  it('gives each service its own hash of the same visitor', () => {
    const token = issueVisitorToken(SECRET);
    const forum = createVisitorVerifier(SECRET, 'forum')(token)!;
    const catalog = createVisitorVerifier(SECRET, 'catalog')(token)!;
    expect(forum.hash).toHaveLength(32);
    expect(forum.hash.equals(createVisitorVerifier(SECRET, 'forum')(token)!.hash)).toBe(true);
    expect(forum.hash.equals(catalog.hash)).toBe(false);
    expect(createVisitorVerifier(SECRET, 'forum')(issueVisitorToken(SECRET))!.key).not.toBe(forum.key);
  });
});

describe('request.visitor', () => {
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

  it('is the verified visitor for an issued token and null otherwise', async () => {
    const token = testVisitorToken();
    const seen = await app.inject({ url: '/whoami', headers: { 'x-anon-token': token } });
    expect(seen.json().visitor).toBe(app.verifyVisitor(token)!.key);
    const forged = await app.inject({ url: '/whoami', headers: { 'x-anon-token': issueVisitorToken(`${TEST_VISITOR_SECRET}x`) } });
    expect(forged.json()).toEqual({ visitor: null });
  });

  it('answers 401 with a message on a per-visitor write without an issued token', async () => {
    const res = await app.inject({ method: 'POST', url: '/vote', headers: { 'x-anon-token': 'made-up' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('A valid x-anon-token header is required');
    const ok = await app.inject({ method: 'POST', url: '/vote', headers: { 'x-anon-token': testVisitorToken() } });
    expect(ok.statusCode).toBe(200);
  });
});
