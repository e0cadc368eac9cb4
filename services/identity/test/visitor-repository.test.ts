import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestService, testVisitorToken, type TestService } from '@wfm/service-kit/testing';
import { service } from '../src/app.ts';
import { hashAnonToken } from '../src/visitors/visitors-tokens.ts';
import * as visitors from '../src/visitors/visitors-repository.ts';
import { uniqueUsername } from './helpers.ts';

let t: TestService;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
});
afterAll(async () => t?.close());

async function newVisitor(): Promise<visitors.Visitor> {
  const hash = hashAnonToken(testVisitorToken());
  await visitors.insertVisitor(t.sql, hash);
  return (await visitors.findVisitorByTokenHash(t.sql, hash))!;
}

const insertError = (visitorId: number, username: string) =>
  visitors.insertProfile(t.sql, visitorId, username).then(
    () => null,
    (err: unknown) => err,
  );

describe('visitor repository', () => {
  it('maps the unique indexes to the rule they enforce, whatever checks ran before', async () => {
    const [a, b] = [await newVisitor(), await newVisitor()];
    const username = uniqueUsername();
    await visitors.insertProfile(t.sql, a.id, username);

    expect(visitors.profileConflict(await insertError(a.id, uniqueUsername()))).toBe('already_set');
    expect(visitors.profileConflict(await insertError(b.id, username))).toBe('username_taken');
    expect(visitors.profileConflict(new Error('other'))).toBeNull();
  });

  // The database holds the rules common to visitors' names and staff renames (1-50 characters,
  // trimmed, no control characters); the stricter visitor rules are the Username contract's.
  it('refuses names no rule allows, even if a caller skipped them', async () => {
    const v = await newVisitor();
    for (const bad of ['', 'a'.repeat(51), ' padded', 'tab\tname']) {
      expect(await insertError(v.id, bad)).toMatchObject({ code: '23514' });
    }
  });

  it('finds a visitor with the profile joined in', async () => {
    const hash = hashAnonToken(testVisitorToken());
    await visitors.insertVisitor(t.sql, hash);
    const before = await visitors.findVisitorByTokenHash(t.sql, hash);
    expect(before).toMatchObject({ id: expect.any(Number), username: null, profileCreatedAt: null });

    const username = uniqueUsername();
    await visitors.insertProfile(t.sql, before!.id, username);
    const after = await visitors.findVisitorByTokenHash(t.sql, hash);
    expect(after).toMatchObject({ id: before!.id, username, profileCreatedAt: expect.any(Date) });
    expect(await visitors.findVisitorByTokenHash(t.sql, hashAnonToken(testVisitorToken()))).toBeNull();
  });
});
