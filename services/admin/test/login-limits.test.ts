import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { LOGIN_LIMITS, usernameKey } from '../src/logins/logins-limits.ts';
import { createStaff, login, randomIp, uniqueName } from './staff-helpers.ts';

/**
 * The pair policy with the per-minute spraying ceiling out of the way (these tests make many
 * attempts from one address in a minute), one with ceilings low enough to reach with real attempts,
 * and the default policy with the per-username ceiling at ATTACKERS (spraying and lockout tests).
 */
let t: TestService;
let low: TestService;
let lockout: TestService;
const NO_SPRAY_CEILING = { perIpPerMinute: 100_000 };
const LOW_CEILINGS = { perUsernamePerHour: 8, perIpPerHour: 12 };
/** Issue 25 item 8: about 80 addresses reached the per-username ceiling (1,000 failures an hour at ~12.5 per address). */
const ATTACKERS = 80;

/**
 * Each failed login costs an argon2 check (19 MiB, 2 passes): with other test files on the shared
 * cores, bursts of them outlast the kit's 4.5 s request timeout and answer 503, which is about the
 * machine's speed, not the policy under test. These services wait as long as a check takes.
 */
const SLOW_CHECKS = { requestTimeoutMs: 120_000 };

beforeAll(async () => {
  t = await buildTestService(service, { ...SLOW_CHECKS, context: { loginLimits: { ...LOGIN_LIMITS, ...NO_SPRAY_CEILING } } });
  low = await buildTestService(service, { ...SLOW_CHECKS, context: { loginLimits: { ...LOGIN_LIMITS, ...NO_SPRAY_CEILING, ...LOW_CEILINGS } } });
  lockout = await buildTestService(service, { ...SLOW_CHECKS, context: { loginLimits: { ...LOGIN_LIMITS, perUsernamePerHour: ATTACKERS } } });
});
afterAll(async () => {
  await t?.close();
  await low?.close();
  await lockout?.close();
});

/** Runs `fn` over `items` a few at a time (80 argon2 checks at once only queue up on 2 cores). */
async function inBatches<T, R>(items: readonly T[], fn: (item: T, index: number) => Promise<R>, size = 4): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => fn(item, i + j)))));
  return out;
}

/** `name=value` of the device cookie a response set. */
function deviceCookie(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie'];
  const found = (Array.isArray(header) ? header : [header]).map(String).find((c) => c.includes('wfm_staff_device='));
  if (!found) throw new Error('no device cookie was set');
  return found.split(';')[0]!;
}

const TOO_MANY = { message: 'Too many login attempts, please try again later.' };
const INVALID = { message: 'Invalid credentials' };

async function pair(s: TestService, username: string, ip: string) {
  const rows = await s.sql<{ failures: number; delay: number | null }[]>`
    SELECT failures, extract(epoch FROM locked_until - last_at)::float8 AS delay
    FROM login_source_failures WHERE username_hash = ${usernameKey(username)} AND ip = ${ip}`;
  return rows[0] ?? null;
}

/** Lets the pair's current lock run out (as if its wait had passed). */
const expireLock = (s: TestService, username: string, ip: string) =>
  s.sql`UPDATE login_source_failures SET locked_until = now() - interval '1 second'
        WHERE username_hash = ${usernameKey(username)} AND ip = ${ip}`;

describe('failed login counting', () => {
  it('counts every attempt of a parallel burst (50 wrong passwords -> 50) and lets no more guesses through than the policy allows', async () => {
    const staff = await createStaff(t.sql);
    const ip = randomIp();
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(t.app, { username: staff.username, password: `guess ${i}` }, { ip })),
    );
    expect((await pair(t, staff.username, ip))!.failures).toBe(50);
    const statuses = burst.map((res) => res.statusCode);
    // Only the free attempts reached the password check; the others were refused by the lock.
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.freeFailures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - LOGIN_LIMITS.freeFailures);

    const fiftyFirst = await login(t.app, { username: staff.username, password: staff.password }, { ip });
    expect(fiftyFirst.statusCode).toBe(429);
    expect(fiftyFirst.json()).toEqual(TOO_MANY);
    expect(Number(fiftyFirst.headers['retry-after'])).toBeGreaterThan(0);
    expect((await pair(t, staff.username, ip))!.failures).toBe(51);
  });

  it('does not let a stranger lock the owner out: failures from one address leave a correct login from another working', async () => {
    const owner = await createStaff(t.sql, { role: 'Super Admin' });
    const stranger = randomIp();
    for (let i = 0; i < 30; i++) await login(t.app, { username: owner.username, password: `guess ${i}` }, { ip: stranger });
    expect((await pair(t, owner.username, stranger))!.failures).toBe(30);
    // The stranger's address is locked, even with the right password...
    const blocked = await login(t.app, { username: owner.username, password: owner.password }, { ip: stranger });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(TOO_MANY);
    // ...the owner's is not, and the owner's login does not lift the stranger's lock.
    const ownerIp = randomIp();
    expect((await login(t.app, { username: owner.username, password: owner.password }, { ip: ownerIp })).statusCode).toBe(200);
    expect((await login(t.app, { username: owner.username, password: owner.password }, { ip: stranger })).statusCode).toBe(429);
  });

  it('makes a pair wait after the free failures, with a wait that doubles per further failure up to the cap', async () => {
    const staff = await createStaff(t.sql);
    const ip = randomIp();
    for (let i = 1; i < LOGIN_LIMITS.freeFailures; i++) {
      const res = await login(t.app, { username: staff.username, password: 'typo' }, { ip });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(INVALID);
      expect((await pair(t, staff.username, ip))!.delay).toBeNull();
    }
    const delays: number[] = [];
    for (let step = 0; step < 8; step++) {
      const res = await login(t.app, { username: staff.username, password: 'typo' }, { ip });
      expect(res.statusCode, `step ${step}`).toBe(401);
      delays.push((await pair(t, staff.username, ip))!.delay!);
      const refused = await login(t.app, { username: staff.username, password: staff.password }, { ip });
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(delays.at(-1)!);
      await expireLock(t, staff.username, ip);
    }
    // Every refused attempt above counted too, so each allowed failure lands two steps further.
    const first = LOGIN_LIMITS.firstDelaySeconds;
    expect(delays).toEqual([first, first * 4, first * 16, 900, 900, 900, 900, 900].map((d) => Math.min(d, LOGIN_LIMITS.maxDelaySeconds)));

    // Once the wait is over the right password works and clears the pair's count.
    expect((await login(t.app, { username: staff.username, password: staff.password }, { ip })).statusCode).toBe(200);
    expect(await pair(t, staff.username, ip)).toBeNull();
  });

  it('doubles the wait on consecutive allowed failures', async () => {
    const staff = await createStaff(t.sql);
    const ip = randomIp();
    const delays: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.freeFailures + 3; i++) {
      expect((await login(t.app, { username: staff.username, password: 'typo' }, { ip })).statusCode).toBe(401);
      const row = (await pair(t, staff.username, ip))!;
      if (row.delay !== null) delays.push(row.delay);
      await expireLock(t, staff.username, ip);
    }
    const first = LOGIN_LIMITS.firstDelaySeconds;
    expect(delays).toEqual([first, first * 2, first * 4, first * 8]);
  });

  it('forgets a pair that has been quiet for a day', async () => {
    const staff = await createStaff(t.sql);
    const ip = randomIp();
    for (let i = 0; i < LOGIN_LIMITS.freeFailures + 2; i++) await login(t.app, { username: staff.username, password: 'x' }, { ip });
    expect((await login(t.app, { username: staff.username, password: staff.password }, { ip })).statusCode).toBe(429);
    await t.sql`UPDATE login_source_failures SET last_at = now() - make_interval(secs => ${LOGIN_LIMITS.forgetAfterSeconds + 1})
                WHERE username_hash = ${usernameKey(staff.username)} AND ip = ${ip}`;
    expect((await login(t.app, { username: staff.username, password: 'x' }, { ip })).statusCode).toBe(401);
    expect((await pair(t, staff.username, ip))!.failures).toBe(1);
  });

  it('counts an IPv6 client per /64, so rotating addresses inside it does not reset the count', async () => {
    const staff = await createStaff(t.sql);
    for (let i = 1; i <= LOGIN_LIMITS.freeFailures; i++) {
      const res = await login(t.app, { username: staff.username, password: 'x' }, { ip: `2001:db8:7:9::${i.toString(16)}` });
      expect(res.statusCode).toBe(401);
    }
    expect((await pair(t, staff.username, '2001:db8:7:9::/64'))!.failures).toBe(LOGIN_LIMITS.freeFailures);
    const refused = await login(t.app, { username: staff.username, password: staff.password }, { ip: '2001:db8:7:9:ffff::1' });
    expect(refused.statusCode).toBe(429);
    expect((await login(t.app, { username: staff.username, password: staff.password }, { ip: '2001:db8:7:a::1' })).statusCode).toBe(200);
  });

  it('answers malformed logins 4xx with a message and counts none of them', async () => {
    const ip = randomIp();
    const staff = await createStaff(t.sql);
    const raw = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: ip, headers: { 'content-type': 'application/json' }, payload });
    for (const res of [
      await raw('{"username": "' + staff.username + '", "passw'),
      await raw(JSON.stringify({ username: 123, password: ['x'] })),
      await raw(JSON.stringify({ username: staff.username, password: 'x'.repeat(100_000) })),
      await raw('null'),
    ]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
    }
    expect(await pair(t, staff.username, ip)).toBeNull();
  });

  it('keeps no attempted username in clear', async () => {
    const typed = 'my-password-typed-as-username';
    await login(t.app, { username: typed, password: 'x' });
    const pairs = await t.sql`SELECT 1 FROM login_source_failures WHERE encode(username_hash, 'escape') LIKE ${'%' + typed + '%'}`;
    const windows = await t.sql`SELECT 1 FROM login_failure_windows WHERE key LIKE ${'%' + typed + '%'}`;
    expect(pairs).toHaveLength(0);
    expect(windows).toHaveLength(0);
  });
});

describe('failed login ceilings', () => {
  it('defaults to 1,000 failed checks per username and 100 per address an hour, 6 failed logins per address a minute', () => {
    expect(LOGIN_LIMITS).toMatchObject({ perUsernamePerHour: 1000, perIpPerHour: 100, perIpPerMinute: 6 });
  });

  it('refuses the addresses that failed on a username once its failed checks from all addresses reach the hourly ceiling', async () => {
    const owner = await createStaff(low.sql);
    const guessers = Array.from({ length: LOW_CEILINGS.perUsernamePerHour }, () => randomIp());
    for (const [i, ip] of guessers.entries()) {
      const res = await login(low.app, { username: owner.username, password: `guess ${i}` }, { ip });
      expect(res.statusCode).toBe(401);
    }
    const refused = await login(low.app, { username: owner.username, password: owner.password }, { ip: guessers[0] });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    // Other accounts are not affected; the window's end lets the guessing addresses try again.
    const other = await createStaff(low.sql);
    expect((await login(low.app, { username: other.username, password: other.password })).statusCode).toBe(200);
    await low.sql`UPDATE login_failure_windows SET window_start = now() - interval '3601 seconds'`;
    expect((await login(low.app, { username: owner.username, password: owner.password }, { ip: guessers[1] })).statusCode).toBe(200);
  });

  it('does not count attempts refused by a pair lock towards the username ceiling', async () => {
    const owner = await createStaff(low.sql);
    const stranger = randomIp();
    // More attempts than the username ceiling, fewer than the address ceiling.
    for (let i = 0; i < LOW_CEILINGS.perIpPerHour - 1; i++) {
      await login(low.app, { username: owner.username, password: `guess ${i}` }, { ip: stranger });
    }
    expect((await pair(low, owner.username, stranger))!.failures).toBe(LOW_CEILINGS.perIpPerHour - 1);
    expect((await login(low.app, { username: owner.username, password: owner.password })).statusCode).toBe(200);
  });

  it('refuses an address whose failed checks over all usernames reach the hourly ceiling, and only that address', async () => {
    const ip = randomIp();
    for (let i = 0; i < LOW_CEILINGS.perIpPerHour; i++) {
      const res = await login(low.app, { username: uniqueName('nobody'), password: 'guess' }, { ip });
      expect(res.statusCode).toBe(401);
    }
    const staff = await createStaff(low.sql);
    const refused = await login(low.app, { username: staff.username, password: staff.password }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    expect((await login(low.app, { username: staff.username, password: staff.password })).statusCode).toBe(200);
  });
});

describe('staff lockout (issue 25 item 8): the per-username ceiling never refuses the owner', () => {
  it(`${ATTACKERS} addresses failing on one username: a fresh address or a device cookie still logs the owner in; the failing addresses stay refused`, async () => {
    const owner = await createStaff(lockout.sql, { role: 'Super Admin' });
    const home = randomIp();
    const first = await login(lockout.app, { username: owner.username, password: owner.password }, { ip: home });
    expect(first.statusCode).toBe(200);
    const device = deviceCookie(first);

    const attackers = Array.from({ length: ATTACKERS }, () => randomIp());
    const failed = await inBatches(attackers, (ip, i) => login(lockout.app, { username: owner.username, password: `guess ${i}` }, { ip }));
    expect(failed.map((r) => r.statusCode)).toEqual(attackers.map(() => 401));

    // The ceiling is reached: an address that failed is refused, even with the right password.
    const attacker = await login(lockout.app, { username: owner.username, password: owner.password }, { ip: attackers[0] });
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json()).toEqual(TOO_MANY);
    // The owner from an address with no failures: in.
    expect((await login(lockout.app, { username: owner.username, password: owner.password }, { ip: randomIp() })).statusCode).toBe(200);
    // The owner's browser (device cookie) from an address that failed: in.
    const withDevice = await login(lockout.app, { username: owner.username, password: owner.password }, { ip: attackers[1], cookie: device });
    expect(withDevice.statusCode).toBe(200);
    // A device cookie of another account, a tampered one, or none does not lift the ceiling.
    const other = await createStaff(lockout.sql);
    const otherDevice = deviceCookie(await login(lockout.app, { username: other.username, password: other.password }));
    const tampered = device.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    for (const cookie of [otherDevice, tampered, 'wfm_staff_device=v1.x.1.y']) {
      const res = await login(lockout.app, { username: owner.username, password: owner.password }, { ip: attackers[2], cookie });
      expect(res.statusCode, cookie).toBe(429);
    }
    // A fresh address gets one guess, not more: a parallel burst of ten from it gets one check.
    const fresh = randomIp();
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => login(lockout.app, { username: owner.username, password: `burst ${i}` }, { ip: fresh })));
    const codes = burst.map((r) => r.statusCode).sort();
    expect(codes).toEqual([401, ...Array.from({ length: 9 }, () => 429)]);
    expect((await login(lockout.app, { username: owner.username, password: owner.password }, { ip: fresh })).statusCode).toBe(429);
  });

  it('counts IPv6 per /48 for the ceiling: another /64 of a failing /48 is refused, another /48 is not', async () => {
    const owner = await createStaff(lockout.sql);
    const failures = await inBatches(Array.from({ length: ATTACKERS }, (_, i) => `2001:db8:${(0x100 + i).toString(16)}:1::1`), (ip, i) =>
      login(lockout.app, { username: owner.username, password: `guess ${i}` }, { ip }),
    );
    expect(failures.map((r) => r.statusCode)).toEqual(failures.map(() => 401));
    // Another /64 (and another address) inside a /48 that failed: refused, the right password too.
    const sameNetwork = await login(lockout.app, { username: owner.username, password: owner.password }, { ip: '2001:db8:100:2::7' });
    expect(sameNetwork.statusCode).toBe(429);
    const rows = await lockout.sql<{ network: string }[]>`
      SELECT network FROM login_network_failures WHERE username_hash = ${usernameKey(owner.username)} AND network = '2001:db8:100::/48'`;
    expect(rows).toEqual([{ network: '2001:db8:100::/48' }]);
    // A /48 with no failures: the owner's right password is not refused.
    expect((await login(lockout.app, { username: owner.username, password: owner.password }, { ip: '2001:db8:ffff:1::1' })).statusCode).toBe(200);
  });
});

describe('password spraying (issue 25 item 8): failed logins per address over all usernames', () => {
  it('refuses by the 7th failed login within a minute from one address, whatever the usernames; other addresses are not affected', async () => {
    const ip = randomIp();
    const staff = await Promise.all(Array.from({ length: 4 }, () => createStaff(lockout.sql)));
    const usernames = [...staff.map((s) => s.username), ...Array.from({ length: 8 }, () => uniqueName('nobody'))];
    const codes: number[] = [];
    for (const username of usernames) {
      const res = await login(lockout.app, { username, password: 'Winter2026!' }, { ip });
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toEqual(TOO_MANY);
        const retryAfter = Number(res.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(60);
      }
    }
    expect(codes.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(codes.slice(6)).toEqual(codes.slice(6).map(() => 429));
    // The right password from this address waits too; from another address it works, and the
    // owner's browser (device cookie) works from this one.
    expect((await login(lockout.app, { username: staff[0]!.username, password: staff[0]!.password }, { ip })).statusCode).toBe(429);
    const elsewhere = await login(lockout.app, { username: staff[0]!.username, password: staff[0]!.password });
    expect(elsewhere.statusCode).toBe(200);
    const device = deviceCookie(elsewhere);
    expect((await login(lockout.app, { username: staff[0]!.username, password: staff[0]!.password }, { ip, cookie: device })).statusCode).toBe(200);
  });

  it('counts a parallel burst in full: 12 usernames at once from one address, 6 password checks', async () => {
    const ip = randomIp();
    const burst = await Promise.all(
      Array.from({ length: 12 }, () => login(lockout.app, { username: uniqueName('spray'), password: 'Summer2026!' }, { ip })),
    );
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(LOGIN_LIMITS.perIpPerMinute);
    expect(codes.filter((c) => c === 429)).toHaveLength(12 - LOGIN_LIMITS.perIpPerMinute);
  });

  it('does not count successful logins: a contact centre behind one address signs its staff in', async () => {
    const ip = randomIp();
    const staff = await Promise.all(Array.from({ length: 12 }, () => createStaff(lockout.sql)));
    for (const member of staff) {
      expect((await login(lockout.app, { username: member.username, password: member.password }, { ip })).statusCode).toBe(200);
    }
  });
});
