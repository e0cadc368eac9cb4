import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USER_PROFILE_MESSAGES, AUTHOR_NAME_MESSAGES, USERNAME_MESSAGES } from '@wfm/contracts/identity';
import type { StaffRole } from '@wfm/contracts/shared';
import { nameKey } from '@wfm/service-kit';
import { buildTestService, type TestService } from '@wfm/service-kit/testing';
import { REAL_NAMES, lookAlikeOf, refusedNames } from '@wfm/service-kit/testing-names';
import { service } from '../src/app.ts';
import { fillMissingNameKeys } from '../src/visitors/visitors-repository.ts';
import { hashAnonToken } from '../src/visitors/visitors-tokens.ts';
import { checkUsername, createProfile, createSession, randomIp, safeRandomChars, uniqueUsername } from './helpers.ts';

// Look-alike names (issue 25 item 6) against the real PostgreSQL: usernames, author names and staff
// renames all obey one rule, with one message for reserved, staff and member names.

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

const authorName = (name: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url: '/internal/author-name', payload: { name, ...(token ? { token } : {}) } });

async function member(username = uniqueUsername('m')) {
  const token = await createSession(t.app);
  const res = await createProfile(t.app, token, username);
  if (res.statusCode !== 201) throw new Error(`profile: ${res.statusCode} ${res.body}`);
  const [row] = await t.sql<{ id: number }[]>`SELECT id FROM visitors WHERE token_hash = ${hashAnonToken(token)}`;
  return { token, username, id: row!.id };
}

/** A staff account name identity has seen (what admin.staff.* events write). */
async function staffName(): Promise<string> {
  const name = `ops${safeRandomChars(8)}`;
  await t.sql`INSERT INTO staff_names (name_lower) VALUES (${name})`;
  return name;
}

describe('name keys in the database', () => {
  it("migration 005's SQL key equals nameKey for every character a chosen username may have", async () => {
    const samples = ['abcdefghijklmnopqrstuvwxyz', '0123456789', 'a_b-c', 'rnm', 'm0l1i_-x', uniqueUsername('m')];
    for (const username of samples) {
      const [row] = await t.sql<{ key: string }[]>`SELECT translate(replace(${username}, 'm', 'rn'), '01_-', 'ol') AS key`;
      expect(row!.key, username).toBe(nameKey(username));
    }
  });

  it('profiles get their key when created, and identity fills missing ones when it starts', async () => {
    const m = await member();
    const [row] = await t.sql<{ name_key: string }[]>`SELECT name_key FROM profiles WHERE visitor_id = ${m.id}`;
    expect(row!.name_key).toBe(nameKey(m.username));

    // A staff rename kept as typed, written before keys existed.
    await t.sql`UPDATE profiles SET username = 'PauI Ｋ', name_key = NULL WHERE visitor_id = ${m.id}`;
    expect(await fillMissingNameKeys(t.sql)).toBeGreaterThanOrEqual(1);
    const [after] = await t.sql<{ name_key: string }[]>`SELECT name_key FROM profiles WHERE visitor_id = ${m.id}`;
    expect(after!.name_key).toBe(nameKey('PauI Ｋ'));
  });
});

describe('author names (POST /internal/author-name, what every service asks)', () => {
  it('refuses every row of the shared table with one message, from any number of fresh tokens', async () => {
    const m = await member();
    const staff = await staffName();
    for (const [why, name] of refusedNames(m.username, staff)) {
      const results = await Promise.all(Array.from({ length: 3 }, async () => authorName(name, await createSession(t.app))));
      for (const res of results) {
        expect(res.statusCode, why).toBe(400);
        expect(res.json().message, why).toBe(AUTHOR_NAME_MESSAGES.taken);
      }
    }
  });

  it('a staff name and a member name are refused with the same message (no oracle for staff usernames)', async () => {
    const m = await member();
    const staff = await staffName();
    const [a, b] = await Promise.all([authorName(m.username.toUpperCase()), authorName(staff.toUpperCase())]);
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.json()).toEqual(b.json());
  });

  it('lets real names through, stored cleaned (no invisible characters, NFKC)', async () => {
    for (const name of REAL_NAMES) {
      const res = await authorName(name);
      expect(res.statusCode, name).toBe(200);
      expect(res.json().name).toBe(name.normalize('NFKC'));
    }
    const res = await authorName('Jo\u200Bhn  Ｓmith\u202E');
    expect(res.json()).toEqual({ name: 'John Smith' });
  });

  it("the owner writes under a look-alike of their own username and it is stored as the username", async () => {
    const m = await member();
    const res = await authorName(lookAlikeOf(m.username), m.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: m.username });
  });

  it('look-alikes of Anonymous are written as Anonymous', async () => {
    for (const name of ['\u0410nonymous', 'ＡＮＯＮＹＭＯＵＳ', 'anony\u200Bmous']) {
      expect((await authorName(name)).json()).toEqual({ name: 'Anonymous' });
    }
  });
});

describe('usernames', () => {
  it('names with a reserved word are unavailable, a real one is available', async () => {
    for (const username of ['the_moderator', 'admin-team', 'admin1', 'official_wfm', 'xmoderatorx']) {
      expect((await checkUsername(t.app, username)).json(), username).toEqual({ available: false });
      const res = await createProfile(t.app, await createSession(t.app), username);
      expect(res.statusCode, username).toBe(409);
      expect(res.json().message).toBe(USERNAME_MESSAGES.taken);
    }
    expect((await checkUsername(t.app, `badminton${safeRandomChars(5)}`)).json()).toEqual({ available: true });
  });

  it('a look-alike of a member (m as rn, separators) or of a staff name is unavailable', async () => {
    const m = await member(`m_${safeRandomChars(8)}`);
    for (const lookAlike of [m.username.replace('m', 'rn'), m.username.replace('_', ''), m.username.replace('_', '-')]) {
      expect((await checkUsername(t.app, lookAlike)).json(), lookAlike).toEqual({ available: false });
      expect((await createProfile(t.app, await createSession(t.app), lookAlike)).statusCode, lookAlike).toBe(409);
    }
    const staff = await staffName();
    expect((await checkUsername(t.app, `${staff.slice(0, 3)}_${staff.slice(3)}`)).json()).toEqual({ available: false });
  });

  it('20 visitors racing for look-alikes of one new name (fresh tokens, many addresses): exactly one gets it', async () => {
    const base = `m${safeRandomChars(8)}`;
    const variants = [base, base.replace('m', 'rn'), `${base.slice(0, 3)}_${base.slice(3)}`, `${base.slice(0, 4)}-${base.slice(4)}`];
    const tokens = await Promise.all(Array.from({ length: 20 }, () => createSession(t.app)));
    const results = await Promise.all(tokens.map((token, i) => createProfile(t.app, token, variants[i % variants.length], randomIp())));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 201).every((r) => r.statusCode === 409)).toBe(true);
    const rows = await t.sql`SELECT 1 FROM profiles WHERE name_key = ${nameKey(base)}`;
    expect(rows).toHaveLength(1);
  });
});

describe('staff renames of a visitor obey the same rule', () => {
  const moderator = { id: 77, username: 'mod-one', role: 'Moderator' as StaffRole };
  const rename = (id: number, username: string) => {
    const url = `/api/admin/user-profiles/${id}`;
    return t.app.inject({ method: 'PUT', url, headers: t.staffHeaders(moderator, { method: 'PUT', url }), payload: { username } });
  };

  it('refuses every row of the shared table with 409, and lets a real name through', async () => {
    const target = await member();
    const other = await member();
    const staff = await staffName();
    for (const [why, name] of refusedNames(other.username, staff)) {
      const res = await rename(target.id, name);
      expect(res.statusCode, why).toBe(409);
      expect(res.json().message, why).toBe(ADMIN_USER_PROFILE_MESSAGES.unavailable);
    }
    const [row] = await t.sql<{ username: string }[]>`SELECT username FROM profiles WHERE visitor_id = ${target.id}`;
    expect(row!.username).toBe(target.username);

    const ok = await rename(target.id, 'Siobhán O\u200B\u2019Brien');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().username).toBe('Siobhán O\u2019Brien');
  });

  it("a visitor may be renamed to a look-alike of their own name (the key is theirs)", async () => {
    const target = await member();
    expect((await rename(target.id, target.username.toUpperCase())).statusCode).toBe(200);
  });
});
