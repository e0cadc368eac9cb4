import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnonToken } from '@wfm/contracts/identity';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { IDENTITY_LIMITS } from '../src/rate-limits.ts';
import { hashAnonToken } from '../src/visitors/visitors-tokens.ts';
import { randomIp } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service);
});
afterAll(async () => t?.close());

describe('POST /api/session', () => {
  it('answers a fresh 43-character token and no username', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: randomIp() });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['anon_token']);
    expect(AnonToken.safeParse(body.anon_token).success).toBe(true);
  });

  it('accepts a JSON content type with an empty body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      remoteAddress: randomIp(),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(AnonToken.safeParse(res.json().anon_token).success).toBe(true);
  });

  it('stores only the SHA-256 of the token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: randomIp() });
    const token: string = res.json().anon_token;

    const rows = await t.sql<Record<string, unknown>[]>`SELECT * FROM visitors WHERE token_hash = ${hashAnonToken(token)}`;
    expect(rows).toHaveLength(1);
    const stored = Object.values(rows[0]!).map((value) => (Buffer.isBuffer(value) ? value.toString('latin1') : String(value)));
    expect(stored.some((value) => value.includes(token))).toBe(false);

    const textColumns = await t.sql<{ table_name: string; column_name: string }[]>`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'identity' AND data_type = 'text' AND table_name IN ('visitors', 'profiles')
      ORDER BY column_name`;
    // The username and its name key (a fold of the username, look-alike-names.test.ts); never the token.
    expect(textColumns).toEqual([
      { table_name: 'profiles', column_name: 'name_key' },
      { table_name: 'profiles', column_name: 'username' },
    ]);
  });

  it('gives every session its own token', async () => {
    const ip = randomIp();
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/session', remoteAddress: ip });
      tokens.add(res.json().anon_token);
    }
    expect(tokens.size).toBe(5);
  });

  it('counts the client address forwarded by the gateway', async () => {
    const clientIp = randomIp();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/session',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': clientIp },
      });
    // One session over the per-minute burst (every limit: test/rate-limits.test.ts).
    const burst = IDENTITY_LIMITS.limits['session-ip-minute'].max;
    const answers = await Promise.all(Array.from({ length: burst + 1 }, () => send()));
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(1);
  });
});
