import { validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateRecoveryPhraseResponse,
  RECOVERY_MESSAGES,
  RecoverSessionResponse,
  RecoveryPhraseStatusResponse,
} from '@wfm/contracts/identity';
import { loadRateLimitSettings, RATE_LIMIT_MESSAGE } from '@wfm/service-kit';
import { buildTestService, testVisitorToken, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { createProfile, createSession, randomIp, uniqueUsername } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

const makePhrase = (app: TestService['app'], token?: string, ip = randomIp()) =>
  app.inject({
    method: 'POST',
    url: '/api/user-profile/recovery-phrase',
    remoteAddress: ip,
    headers: token === undefined ? {} : { 'x-anon-token': token },
  });
const recover = (app: TestService['app'], payload: unknown, ip = randomIp()) =>
  app.inject({ method: 'POST', url: '/api/session/recover', remoteAddress: ip, payload: payload as object });

/** A visitor with a username and a recovery phrase. */
async function member(app = t.app) {
  const token = await createSession(app);
  const username = uniqueUsername();
  expect((await createProfile(app, token, username)).statusCode).toBe(201);
  const res = await makePhrase(app, token);
  expect(res.statusCode).toBe(201);
  return { token, username, phrase: CreateRecoveryPhraseResponse.strict().parse(res.json()).phrase };
}

/** Twelve list words with a wrong checksum (the last word changed until the checksum fails). */
function badChecksum(phrase: string): string {
  const words = phrase.split(' ');
  for (const w of wordlist) {
    const candidate = [...words.slice(0, 11), w].join(' ');
    if (w !== words[11] && !validateMnemonic(candidate, wordlist)) return candidate;
  }
  throw new Error('unreachable');
}

describe('POST /api/user-profile/recovery-phrase', () => {
  it('answers 12 BIP-39 English words once; the database keeps none of them', async () => {
    const { token, phrase } = await member();
    expect(phrase.split(' ')).toHaveLength(12);
    expect(validateMnemonic(phrase, wordlist)).toBe(true);
    const rows = await t.sql`SELECT * FROM recovery_phrases`;
    const dump = JSON.stringify(rows.map((r) => Object.values(r).map((v) => (Buffer.isBuffer(v) ? v.toString('latin1') : String(v)))));
    for (const word of phrase.split(' ').filter((w) => w.length > 4)) expect(dump).not.toContain(word);
    expect(dump).not.toContain(token.split('.')[0]);
    const status = await t.app.inject({ method: 'GET', url: '/api/user-profile/recovery-phrase', headers: { 'x-anon-token': token } });
    expect(RecoveryPhraseStatusResponse.strict().parse(status.json())).toEqual({ has_phrase: true, created_at: expect.any(Number) });
    expect(status.body).not.toContain(phrase.split(' ')[0]!);
  });

  it('401 without an issued token, 409 before the visitor has a username', async () => {
    for (const token of [undefined, 'nope', testVisitorToken()]) {
      const res = await makePhrase(t.app, token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    const fresh = await createSession(t.app);
    const res = await makePhrase(t.app, fresh);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: RECOVERY_MESSAGES.usernameRequired });
    const status = await t.app.inject({ method: 'GET', url: '/api/user-profile/recovery-phrase', headers: { 'x-anon-token': fresh } });
    expect(status.json()).toEqual({ has_phrase: false, created_at: null });
  });

  it('rotating ends the old phrase: the old one finds nothing, the new one restores', async () => {
    const { token, username, phrase: old } = await member();
    const rotated = await makePhrase(t.app, token);
    expect(rotated.statusCode).toBe(201);
    const phrase = rotated.json<{ phrase: string }>().phrase;
    expect(phrase).not.toBe(old);
    const before = await recover(t.app, { phrase: old });
    expect(before.statusCode).toBe(404);
    expect(before.json()).toEqual({ message: RECOVERY_MESSAGES.noMatch });
    const after = await recover(t.app, { phrase });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ anon_token: token, username });
  });
});

describe('POST /api/session/recover', () => {
  it('gives another device the same visitor: the same token (so every service hashes it the same) and username, nothing else', async () => {
    const { token, username, phrase } = await member();
    // Typed on a phone: capitals, extra spaces, a line break.
    const typed = `  ${phrase.toUpperCase().split(' ').join('   ')}\n`;
    const res = await recover(t.app, { phrase: typed });
    expect(res.statusCode).toBe(200);
    const body = RecoverSessionResponse.strict().parse(res.json());
    expect(body).toEqual({ anon_token: token, username });
    expect(t.app.verifyVisitor(body.anon_token)!.key).toBe(t.app.verifyVisitor(token)!.key);
    const profile = await t.app.inject({ method: 'GET', url: `/api/user-profile/${body.anon_token}` });
    expect(profile.json().username).toBe(username);
  });

  it('refuses malformed, oversized, wrongly typed and hostile phrases with 400 and a message', async () => {
    const { phrase } = await member();
    const words = phrase.split(' ');
    const bad: unknown[] = [
      {},
      { phrase: '' },
      { phrase: 12 },
      { phrase: ['a'] },
      { phrase: null },
      { phrase: words.slice(0, 11).join(' ') },
      { phrase: `${phrase} ${words[0]}` },
      { phrase: 'a'.repeat(1000) },
      { phrase: `${words.slice(0, 11).join(' ')} notaword` },
      { phrase: badChecksum(phrase) },
      { phrase: `${words.slice(0, 11).join(' ')} '; DROP TABLE visitors; --` },
      { phrase: `${words.slice(0, 11).join(' ')} ${'\u0000'}` },
    ];
    for (const payload of bad) {
      const res = await recover(t.app, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ message: expect.any(String) });
    }
    const checksum = await recover(t.app, { phrase: badChecksum(phrase) });
    expect(checksum.json()).toEqual({ message: RECOVERY_MESSAGES.malformed });
    const oversized = await recover(t.app, { phrase: 'a '.repeat(5000) });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json()).toEqual({ message: expect.any(String) });
    const truncated = await t.app.inject({
      method: 'POST',
      url: '/api/session/recover',
      remoteAddress: randomIp(),
      headers: { 'content-type': 'application/json' },
      payload: '{"phrase": "abandon abil',
    });
    expect(truncated.statusCode).toBe(400);
  });

  it('after "forget this device" the phrase brings the username back on a new token; the old one stays revoked', async () => {
    const { token, username, phrase } = await member();
    const revoked = await t.app.inject({ method: 'DELETE', url: '/api/session', headers: { 'x-anon-token': token } });
    expect(revoked.statusCode).toBe(200);

    const res = await recover(t.app, { phrase });
    expect(res.statusCode).toBe(200);
    const back = RecoverSessionResponse.strict().parse(res.json());
    expect(back.username).toBe(username);
    expect(back.anon_token).not.toBe(token);
    expect(t.app.verifyVisitor(back.anon_token)).not.toBeNull();
    const profile = await t.app.inject({ method: 'GET', url: `/api/user-profile/${back.anon_token}` });
    expect(profile.json()).toMatchObject({ username });
    // The revoked token stays revoked, and the name stays taken.
    expect((await t.app.inject({ method: 'GET', url: `/api/user-profile/${token}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/session', headers: { 'x-anon-token': token } })).json()).toEqual({
      revoked: false,
    });
    const status = await t.app.inject({ method: 'GET', url: '/api/user-profile/recovery-phrase', headers: { 'x-anon-token': back.anon_token } });
    expect(status.json()).toMatchObject({ has_phrase: true });

    // The same phrase now finds the new token (sealed anew for it).
    const again = await recover(t.app, { phrase });
    expect(again.json()).toEqual({ anon_token: back.anon_token, username });
  });

  it('two recoveries of a forgotten visitor at once end with one new token', async () => {
    const { token, username, phrase } = await member();
    expect((await t.app.inject({ method: 'DELETE', url: '/api/session', headers: { 'x-anon-token': token } })).statusCode).toBe(200);
    const answers = await Promise.all([recover(t.app, { phrase }), recover(t.app, { phrase })]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const [first, second] = answers.map((a) => RecoverSessionResponse.parse(a.json()));
    expect(first!.anon_token).toBe(second!.anon_token);
    expect(first!.username).toBe(username);
    const rows = await t.sql`SELECT count(*)::int AS n FROM profiles WHERE username = ${username}`;
    expect(rows[0]!.n).toBe(1);
  });
});

describe('recovery limits', () => {
  let limited: TestService;
  beforeAll(async () => {
    limited = await buildTestService(service, {
      relay: false,
      rateLimits: loadRateLimitSettings({ RATE_LIMIT_IDENTITY_RECOVER_IP: '4', RATE_LIMIT_IDENTITY_RECOVER_PREFIX: '3' }),
    });
  });
  afterAll(async () => limited?.close());

  it('counts attempts per address', async () => {
    const ip = randomIp();
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await recover(limited.app, { phrase: 'x' }, ip)).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 429]);
    expect((await recover(limited.app, { phrase: 'x' }, ip)).json()).toEqual({ message: RATE_LIMIT_MESSAGE });
    // Another address is not affected.
    expect((await recover(limited.app, { phrase: 'x' }, randomIp())).statusCode).toBe(400);
  });

  it('counts guesses at one phrase prefix from every address together; the right phrase is then refused too', async () => {
    const { token, phrase } = await member(limited.app);
    const prefix = phrase.split(' ').slice(0, 4).join(' ');
    const other = (await member(limited.app)).phrase.split(' ').slice(4).join(' ');
    const guess = `${prefix} ${other}`;
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await recover(limited.app, { phrase: guess }, randomIp())).statusCode);
    expect(codes.every((c) => c === 404 || c === 400)).toBe(true);
    const blocked = await recover(limited.app, { phrase }, randomIp());
    expect(blocked.statusCode).toBe(429);
    // A phrase with other first words is counted apart.
    const own = await member(limited.app);
    const ok = await recover(limited.app, { phrase: own.phrase }, randomIp());
    expect(ok.statusCode).toBe(200);
    expect(ok.json().anon_token).toBe(own.token);
    expect(token).not.toBe(own.token);
  });
});

describe('the global cap on recovery attempts in flight', () => {
  let capped: TestService;
  beforeAll(async () => {
    capped = await buildTestService(service, { relay: false, env: { RECOVERY_MAX_CONCURRENT: '2' } });
  });
  afterAll(async () => capped?.close());

  const limiterOf = (s: TestService) => (s.ctx as unknown as { recoveryLimiter: { tryAcquire(): (() => void) | null } }).recoveryLimiter;

  it('answers 503 with a message and Retry-After while the cap is taken, and works again once a slot is free', async () => {
    const { token, phrase } = await member(capped.app);
    const held = [limiterOf(capped).tryAcquire(), limiterOf(capped).tryAcquire()];
    expect(held.every(Boolean)).toBe(true);
    try {
      const refused = await recover(capped.app, { phrase }, randomIp());
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ message: RECOVERY_MESSAGES.busy });
      expect(refused.headers['retry-after']).toBe('1');
    } finally {
      held.pop()!();
    }
    const ok = await recover(capped.app, { phrase }, randomIp());
    expect(ok.statusCode).toBe(200);
    expect(ok.json().anon_token).toBe(token);
    held.pop()!();
  });

  it('many parallel attempts from many addresses: those beyond the cap get 503 with a message, none a 500, the slots come back', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => member(capped.app)));
    const attempts = Array.from({ length: 16 }, (_, i) => members[i % members.length]!);
    const answers = await Promise.all(attempts.map((m) => recover(capped.app, { phrase: m.phrase }, randomIp())));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.every((c) => c === 200 || c === 503), codes.join()).toBe(true);
    expect(codes.filter((c) => c === 503).length).toBeGreaterThan(0);
    for (const a of answers.filter((x) => x.statusCode === 503)) expect(a.json()).toEqual({ message: RECOVERY_MESSAGES.busy });
    for (const [i, a] of answers.entries()) if (a.statusCode === 200) expect(a.json().anon_token).toBe(attempts[i]!.token);
    // Every slot was given back.
    const again = await Promise.all(members.slice(0, 2).map((m) => recover(capped.app, { phrase: m.phrase }, randomIp())));
    expect(again.map((a) => a.statusCode)).toEqual([200, 200]);
  });
});
