import { randomInt } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createServiceApp } from '../src/app.ts';
import { createMemoryBus } from '../src/bus/memory.ts';
import { createSql, type Sql } from '../src/db.ts';
import { createLogger, maskUrl, scrubLogText } from '../src/logger.ts';
import { runMigrations } from '../src/migrate.ts';
import { createTestDatabase, TEST_STAFF_SECRET, TEST_VISITOR_SECRET, testVisitorToken, type TestDatabase } from '../src/testing.ts';
import { fixtureService, sleep } from './helpers.ts';

/** A booking reference as ama-booking issues them: "AMA" and 20 digits and capitals. */
const bookingReference = () => 'AMA' + Array.from({ length: 20 }, () => '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'[randomInt(36)]).join('');

/** Every raw line the logger writes, before any parsing. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

function expectNoSecrets(lines: string[], secrets: string[]) {
  for (const line of lines) {
    for (const secret of secrets) {
      expect(line).not.toContain(secret);
      expect(line.toLowerCase()).not.toContain(secret.toLowerCase());
    }
  }
}

describe('scrubLogText and maskUrl', () => {
  it('replace tokens, token ids in paths, anon_token values, booking references and x-anon-token values', () => {
    const token = testVisitorToken();
    const [id] = token.split('.') as [string, string];
    const ref = bookingReference();
    expect(maskUrl(`/api/ama/bookings/status/${ref}?anon_token=${token}`)).toBe('/api/ama/bookings/status/[booking-ref]?anon_token=[token]');
    expect(maskUrl(`/api/ama/bookings/status/${ref.toLowerCase()}`)).toBe('/api/ama/bookings/status/[booking-ref]');
    expect(maskUrl(`/api/user-profile/${id}`)).toBe('/api/user-profile/[token]');
    expect(maskUrl('/api/posts/12?sort=latest')).toBe('/api/posts/12?sort=latest');
    const line = JSON.stringify({
      msg: `booking ${ref} by ${token} (x-anon-token: ${token.slice(0, 10)})`,
      url: `/api/user-profile/${id}`,
      err: { message: `header "x-anon-token":"short-${token.slice(0, 5)}" on /x?a=1&ANON_TOKEN=${token.slice(0, 20)}` },
    });
    const scrubbed = scrubLogText(line);
    expect(() => JSON.parse(scrubbed) as unknown).not.toThrow();
    expectNoSecrets([scrubbed], [ref, token, id, token.slice(0, 10), token.slice(0, 20), `short-${token.slice(0, 5)}`]);
    expect(scrubbed).toContain('[booking-ref]');
    // Nothing else is touched.
    expect(scrubLogText('{"msg":"posted 12 in /api/posts","qty":3}')).toBe('{"msg":"posted 12 in /api/posts","qty":3}');
  });
});

describe('request logs of a real service app', () => {
  const { lines, stream } = capture();
  let db: TestDatabase;
  let sql: Sql;
  let app: FastifyInstance;
  beforeAll(async () => {
    // The kit's tables (a request with a token looks its standing up in kit_revoked_visitors).
    db = await createTestDatabase();
    await runMigrations({ databaseUrl: db.url, schema: fixtureService.schema, migrationsDir: fixtureService.migrationsDir, logger: createLogger('migrate', 'silent') });
    sql = createSql(db.url, { schema: fixtureService.schema, max: 1 });
    app = await createServiceApp(fixtureService, {
      sql,
      bus: createMemoryBus(),
      staffSecret: TEST_STAFF_SECRET,
      visitorSecret: TEST_VISITOR_SECRET,
      logger: createLogger('ama-booking', 'info', stream),
    });
    app.get<{ Params: { reference: string } }>('/api/ama/bookings/status/:reference', async (req) => {
      req.log.info({ reference: req.params.reference, token: req.headers['x-anon-token'] }, `looked up ${req.params.reference}`);
      return { ok: true };
    });
    // Only the route that hangs has a short deadline: the others look the token up in PostgreSQL,
    // which on a loaded machine took longer than 100 ms and turned the first answer into a 503.
    app.get('/api/ama/bookings/hang/:reference', { config: { requestTimeoutMs: 100 } }, () => new Promise(() => undefined));
    app.get<{ Params: { reference: string } }>('/api/ama/bookings/fail/:reference', async (req) => {
      throw new Error(`no booking ${req.params.reference} for ${String(req.headers['x-anon-token'])}`);
    });
  });
  afterAll(async () => {
    await app?.close();
    await sql?.end();
    await db?.drop();
  });

  it('never show the anon_token query, the x-anon-token header or a booking reference (access, timeout and error lines)', async () => {
    const token = testVisitorToken();
    const ref = bookingReference();
    const headers = { 'x-anon-token': token, 'x-request-id': 'redaction-1' };
    const query = `?anon_token=${token}&reference=${ref}`;
    expect((await app.inject({ method: 'GET', url: `/api/ama/bookings/status/${ref}${query}`, headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/ama/bookings/hang/${ref}${query}`, headers })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: `/api/ama/bookings/fail/${ref}${query}`, headers })).statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: `/api/posts${query}`, headers })).statusCode).toBe(404);
    await sleep(20);
    const mine = lines.filter((l) => l.includes('redaction-1'));
    // The lines were written: one access line per request (never an "incoming request" line too),
    // the handler's line, the timeout and the failure.
    expect(mine.some((l) => l.includes('incoming request'))).toBe(false);
    expect(mine.filter((l) => l.includes('request completed') || l.includes('request errored')).length).toBe(4);
    expect(mine.some((l) => l.includes('request completed') && l.includes('[booking-ref]') && l.includes('anon_token=[token]'))).toBe(true);
    expect(mine.some((l) => l.includes('looked up [booking-ref]'))).toBe(true);
    expect(mine.some((l) => l.includes('request timed out'))).toBe(true);
    expect(mine.some((l) => l.includes('request failed'))).toBe(true);
    expect(mine.join('\n')).toContain('anon_token=[token]');
    expectNoSecrets(lines, [token, ...token.split('.'), ref]);
  });
});
