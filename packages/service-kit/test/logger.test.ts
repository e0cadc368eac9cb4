import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createServiceApp } from '../src/app.ts';
import { createMemoryBus } from '../src/bus/memory.ts';
import { createSql } from '../src/db.ts';
import { createLogger, maskUrl } from '../src/logger.ts';
import { TEST_STAFF_SECRET, TEST_VISITOR_SECRET } from '../src/testing.ts';
import { fixtureService } from './helpers.ts';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe('logger', () => {
  it('masks anonymous tokens in logged URLs', () => {
    const token = 'A'.repeat(21) + '_-' + 'b'.repeat(20);
    expect(maskUrl(`/api/user-profile/${token}`)).toBe('/api/user-profile/[token]');
    expect(maskUrl(`/api/user-profile/check/${token}?x=1`)).toBe('/api/user-profile/check/[token]?x=1');
    expect(maskUrl('/api/posts/12')).toBe('/api/posts/12');
    expect(maskUrl(`/api/posts?sort=latest&anon_token=${token}&q=x`)).toBe('/api/posts?sort=latest&anon_token=[token]&q=x');
  });

  it('writes JSON with the service name and redacts secrets', () => {
    const { lines, stream } = capture();
    const logger = createLogger('forum', 'info', stream);
    logger.info(
      {
        headers: { authorization: 'Bearer abc', cookie: 'sid=1', 'x-anon-token': 'tok', accept: 'json' },
        req: { method: 'GET', url: '/x', headers: { cookie: 'sid=2' } },
        password: 'hunter2',
        user: { password: 'p2', anon_token: 't2', name: 'kim' },
      },
      'hello',
    );
    expect(lines[0]).toMatchObject({
      level: 'info',
      service: 'forum',
      msg: 'hello',
      headers: { authorization: '[redacted]', cookie: '[redacted]', 'x-anon-token': '[redacted]', accept: 'json' },
      req: { method: 'GET', url: '/x' },
      password: '[redacted]',
      user: { password: '[redacted]', anon_token: '[redacted]', name: 'kim' },
    });
    expect(JSON.stringify(lines)).not.toMatch(/hunter2|Bearer abc|sid=1|sid=2/);
  });

  it('tags request logs with the request id and leaves bodies and tokens out', async () => {
    const { lines, stream } = capture();
    const sql = createSql('postgres://postgres@127.0.0.1:5432/postgres', { schema: 'public', max: 1 });
    const app = await createServiceApp(fixtureService, {
      sql,
      bus: createMemoryBus(),
      staffSecret: TEST_STAFF_SECRET, visitorSecret: TEST_VISITOR_SECRET,
      logger: createLogger('forum', 'info', stream),
    });
    await app.inject({
      method: 'POST',
      url: '/items',
      payload: { name: 'ab', qty: 1, password: 'hunter2' },
      headers: { 'x-request-id': 'req-77', 'x-anon-token': 'secret-token' },
    });
    await app.close();
    await sql.end();
    const requestLines = lines.filter((l) => l.reqId === 'req-77');
    expect(requestLines.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(lines)).not.toMatch(/hunter2|secret-token/);
  });
});
