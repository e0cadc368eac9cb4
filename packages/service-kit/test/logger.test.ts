import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createServiceApp } from '../src/app.ts';
import { createMemoryBus } from '../src/bus/memory.ts';
import { createSql } from '../src/db.ts';
import { createLogger, maskUrl, redactSecrets } from '../src/logger.ts';
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

  it('censors secret fields three levels down, in errors and arrays, without touching the logged object', () => {
    const { lines, stream } = capture();
    const logger = createLogger('forum', 'info', stream);
    const err = Object.assign(new Error('upstream said no'), { headers: { 'set-cookie': 'sid=3', etag: '"e"' }, cookie: 'sid=4' });
    const logged = {
      err,
      calls: [{ authorization: 'Bearer in-array' }],
      deep: { a: { password: 'hunter3', note: 'kept' } },
      res: { headers: { 'set-cookie': 'sid=5' } },
    };
    logger.child({ reqId: 'r1' }).warn(logged, 'failed');
    const line = lines[0]!;
    expect(line).toMatchObject({
      reqId: 'r1',
      err: { type: 'Error', message: 'upstream said no', headers: { 'set-cookie': '[redacted]', etag: '"e"' }, cookie: '[redacted]' },
      calls: [{ authorization: '[redacted]' }],
      deep: { a: { password: '[redacted]', note: 'kept' } },
      res: { headers: { 'set-cookie': '[redacted]' } },
    });
    expect((line.err as { stack: string }).stack).toContain('upstream said no');
    expect(JSON.stringify(lines)).not.toMatch(/sid=|Bearer|hunter3/);
    // The caller's objects are as they were.
    expect(err.cookie).toBe('sid=4');
    expect(err.headers['set-cookie']).toBe('sid=3');
    expect(logged.deep.a.password).toBe('hunter3');
    expect(logged.calls[0]!.authorization).toBe('Bearer in-array');
  });

  it('hands back the very object when it holds no secret, and leaves class instances to their serializers', () => {
    const line = { reqId: 'r2', method: 'GET', url: '/api/posts', statusCode: 200, responseTime: 1, nested: { fine: true } };
    expect(redactSecrets(line)).toBe(line);
    class Holder {
      password = 'own';
    }
    const holder = { held: new Holder() };
    expect(redactSecrets(holder)).toBe(holder);
    // The fourth level is not looked into (the walk is bounded).
    const deep = { a: { b: { c: { password: 'p' } } } };
    expect(redactSecrets(deep)).toBe(deep);
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
    const res = await app.inject({
      method: 'POST',
      url: '/items',
      payload: { name: 'ab', qty: 1, password: 'hunter2' },
      headers: { 'x-request-id': 'req-77', 'x-anon-token': 'secret-token' },
    });
    await app.close();
    await sql.end();
    const requestLines = lines.filter((l) => l.reqId === 'req-77');
    // One access line per request, with the request id, method, masked url, status and time.
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ msg: 'request completed', method: 'POST', url: '/items', statusCode: res.statusCode });
    expect(requestLines[0]!.responseTime).toEqual(expect.any(Number));
    expect(JSON.stringify(lines)).not.toMatch(/hunter2|secret-token/);
  });
});
