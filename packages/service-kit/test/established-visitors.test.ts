import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTABLISHED_AFTER_MS, establishedVisitor, recordVisitorSeen } from '../src/established-visitors.ts';
import { requireVisitor } from '../src/visitor.ts';
import { buildTestService, testVisitorToken, type TestService } from '../src/testing.ts';
import { testClock } from '../src/testing-clock.ts';
import { fixtureService } from './helpers.ts';

/**
 * A fixture service whose `/seen` write records the visitor and whose `/established` read counts
 * the established ones among the visitors it was sent: how a service counts reporters or voters.
 */
describe('established visitors (kit_visitors_seen)', () => {
  const clock = testClock(Date.UTC(2026, 10, 1));
  let svc: TestService;
  beforeAll(async () => {
    svc = await buildTestService({
      ...fixtureService,
      routes: [
        async (scope, ctx) => {
          scope.post('/seen', async (req) => {
            await recordVisitorSeen(ctx.sql, requireVisitor(req).hash, ctx.now());
            return { ok: true };
          });
          scope.post('/established', async (req) => {
            const hashes = (req.body as { tokens: string[] }).tokens.map((token) => scope.verifyVisitor(token)!.hash.toString('hex'));
            const [row] = await ctx.sql<{ n: number }[]>`
              SELECT count(*)::int AS n FROM (SELECT decode(h, 'hex') AS visitor_hash FROM unnest(${hashes}::text[]) AS t(h)) v
              WHERE ${establishedVisitor(ctx.sql, 'v.visitor_hash', ctx.now())}`;
            return { established: row!.n };
          });
        },
      ],
    }, { now: clock.now });
  });
  afterAll(() => svc?.close());

  const seen = (token: string) => svc.app.inject({ method: 'POST', url: '/seen', headers: { 'x-anon-token': token } });
  const established = async (tokens: string[]) =>
    (await svc.app.inject({ method: 'POST', url: '/established', payload: { tokens } })).json<{ established: number }>().established;

  it('counts a visitor once the service has known them for ESTABLISHED_AFTER_MS, from their first sight on', async () => {
    const old = testVisitorToken();
    expect((await seen(old)).statusCode).toBe(200);
    clock.advance(ESTABLISHED_AFTER_MS - 1);
    // Seen again just before the day is up: the first sight stays, not the latest.
    expect((await seen(old)).statusCode).toBe(200);
    const fresh = Array.from({ length: 4 }, () => testVisitorToken());
    for (const token of fresh) await seen(token);
    expect(await established([old, ...fresh])).toBe(0);
    clock.advance(1);
    expect(await established([old, ...fresh])).toBe(1);
    // Never seen by this service: never established, however old the token.
    expect(await established([testVisitorToken()])).toBe(0);
    clock.advance(ESTABLISHED_AFTER_MS);
    expect(await established([old, ...fresh])).toBe(5);
  });

  it('keeps the first sight when the same new visitor is recorded by many requests at once', async () => {
    const token = testVisitorToken();
    const answers = await Promise.all(Array.from({ length: 20 }, () => seen(token)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await svc.sql`SELECT first_seen FROM kit_visitors_seen WHERE visitor_hash = ${svc.app.verifyVisitor(token)!.hash}`;
    expect(rows).toEqual([{ first_seen: clock.now() }]);
  });
});
