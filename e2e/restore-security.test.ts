import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { uniqueUsername } from '@wfm/service-kit/testing-names';
import { apiCall, visitorAddress } from './lib/api.ts';

/**
 * Issue 25 item 7: a restore never rolls back security state. A real backup, then a revoked token,
 * a new staff member and a rotated recovery phrase, then a real restore through the admin API of the
 * single-node site (every service, the worker, pg_dump and pg_restore): the token stays revoked in
 * every service, the staff name stays reserved, the old phrase does not recover.
 */
const site = inject('siteUrl');
const admin = inject('admin');
const call = <T>(method: string, path: string, body?: unknown, token?: string) => apiCall<T>(site, method, path, body, token);

/** A status and body of a call, without throwing on a refusal. */
async function raw(method: string, path: string, opts: { token?: string; body?: unknown; cookie?: string } = {}) {
  const headers: Record<string, string> = { 'x-forwarded-for': visitorAddress() };
  if (opts.token) headers['x-anon-token'] = opts.token;
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${site}${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> | undefined, headers: res.headers };
}

const SERVICE_SCHEMAS = ['identity', 'forum', 'catalog', 'ama', 'jobs'] as const;
let sql: postgres.Sql;
let staffCookie: string;

beforeAll(async () => {
  sql = postgres(inject('databaseUrl'), { max: 1, onnotice: () => undefined });
  const login = await raw('POST', '/api/admin/login', { body: admin });
  expect(login.status).toBe(200);
  // Through the gateway, the login sets the staff login cookie and the device cookie (issue 25 item 8).
  const cookies = login.headers.getSetCookie();
  expect(cookies.map((c) => c.split('=')[0])).toEqual(['wfm_staff', 'wfm_staff_device']);
  staffCookie = cookies.map((c) => c.split(';')[0]!).join('; ');
});
afterAll(async () => {
  await sql?.end({ timeout: 1 });
});

/** Every revocation key each service holds (read-only check of what the restore kept). */
async function revocationsBySchema(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const schema of SERVICE_SCHEMAS) {
    const rows = await sql<{ revocation: string }[]>`SELECT revocation FROM ${sql(schema)}.kit_revoked_visitors ORDER BY 1`;
    out[schema] = rows.map((r) => r.revocation);
  }
  return out;
}

async function namedVisitor(): Promise<{ token: string; username: string }> {
  const { anon_token: token } = await call<{ anon_token: string }>('POST', '/api/session');
  const username = uniqueUsername('rs_');
  await call('POST', '/api/user-profile', { username }, token);
  return { token, username };
}

const newPhrase = async (token: string) => (await call<{ phrase: string }>('POST', '/api/user-profile/recovery-phrase', undefined, token)).phrase;
const upvote = (postId: number, token: string) => raw('POST', `/api/posts/${postId}/upvote`, { token });

describe('a restore and the security state', () => {
  it('keeps a token revoked since the backup revoked everywhere, a staff name created since reserved, and a rotated phrase dead', async () => {
    const author = await call<{ anon_token: string }>('POST', '/api/session');
    const post = await call<{ id: number }>(
      'POST',
      '/api/posts',
      { type: 'Question', title: `Restore ${uniqueUsername('')}`, body: 'Kept across the restore', author_name: 'Anonymous' },
      author.anon_token,
    );
    const leaving = await namedVisitor();
    const rotating = await namedVisitor();
    const oldPhrase = await newPhrase(rotating.token);

    const backup = await raw('POST', '/api/admin/database/backup', { cookie: staffCookie });
    expect(backup.status, JSON.stringify(backup.body)).toBe(200);
    const backupFileName = backup.body!.fileName as string;

    // After the backup: a revocation, a new staff member, a rotated phrase.
    expect((await raw('DELETE', '/api/session', { token: leaving.token })).status).toBe(200);
    const staffName = uniqueUsername('st');
    const created = await raw('POST', '/api/admin/staff', {
      cookie: staffCookie,
      body: { username: staffName, email: 'restore-test@example.com', password: 'a long staff password 1' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const newerPhrase = await newPhrase(rotating.token);
    expect(newerPhrase).not.toBe(oldPhrase);
    // Every service has learnt of the revocation, identity of the staff name (events): the state the
    // restore must not undo.
    await expect.poll(() => upvote(post.id, leaving.token).then((r) => r.status)).toBe(401);
    await expect
      .poll(async () => Object.values(await revocationsBySchema()).every((keys) => keys.length > 0))
      .toBe(true);
    const probe = await namedVisitor();
    await expect
      .poll(() => raw('POST', '/api/user-profile/check-username', { token: probe.token, body: { username: staffName } }).then((r) => r.body?.available))
      .toBe(false);
    const revocationsBefore = await revocationsBySchema();
    expect((await raw('POST', '/api/session/recover', { body: { phrase: oldPhrase } })).status).toBe(404);

    const restored = await raw('POST', '/api/admin/database/restore', { cookie: staffCookie, body: { backupFileName } });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);

    // The revoked token: identity does not know it, no service takes a write from it, and every
    // service still holds every revocation it held before the restore.
    expect((await raw('GET', `/api/user-profile/${leaving.token}`)).status).toBe(404);
    expect((await raw('POST', '/api/user-profile/recovery-phrase', { token: leaving.token })).status).toBe(401);
    expect((await upvote(post.id, leaving.token)).status).toBe(401);
    const revocationsAfter = await revocationsBySchema();
    for (const schema of SERVICE_SCHEMAS) expect(revocationsAfter[schema], schema).toEqual(expect.arrayContaining(revocationsBefore[schema]!));
    // A live token of the backup still works (the restore did not revoke everything).
    expect((await upvote(post.id, rotating.token)).status).toBe(200);

    // The staff name created after the backup stays reserved: a visitor cannot take it.
    const taker = await call<{ anon_token: string }>('POST', '/api/session');
    const check = await raw('POST', '/api/user-profile/check-username', { token: taker.anon_token, body: { username: staffName } });
    expect(check.body?.available).toBe(false);
    const take = await raw('POST', '/api/user-profile', { token: taker.anon_token, body: { username: staffName } });
    expect(take.status).toBeGreaterThanOrEqual(400);
    expect(take.status).toBeLessThan(500);
    expect(take.body?.message).toEqual(expect.any(String));

    // The phrase rotated away after the backup does not come back with the backup's row.
    const revived = await raw('POST', '/api/session/recover', { body: { phrase: oldPhrase } });
    expect(revived.status).toBe(404);
    const status = await raw('GET', '/api/user-profile/recovery-phrase', { token: rotating.token });
    expect(status.body).toEqual({ has_phrase: false, created_at: null });
    // The visitor makes a new one, and it works.
    const fresh = await newPhrase(rotating.token);
    const recovered = await raw('POST', '/api/session/recover', { body: { phrase: fresh } });
    expect(recovered.status).toBe(200);
    expect(recovered.body?.anon_token).toBe(rotating.token);
  });
});
