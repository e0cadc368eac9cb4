import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { AUTHOR_NAME_MESSAGES } from '@wfm/contracts/identity';
import { buildTestService, seeStaffName, type TestService } from '@wfm/service-kit/testing';
import { REAL_NAMES, refusedNames, safeRandomChars, uniqueUsername } from '@wfm/service-kit/testing-names';
import { service } from '../src/app.ts';
import { createPost, newVisitor, post, randomIp, validPost, type Visitor } from './helpers.ts';

// Issue 25 item 6: every name field the forum takes goes through the kit's name rule, asked of the
// real identity process. One table of fields, one table of names (the kit's), so no field is left out.

const identityUrl = inject('identityUrl');

let t: TestService;
let postId: number;
let memberName: string;
let staffName: string;
beforeAll(async () => {
  t = await buildTestService(service, { relay: false });
  postId = await createPost(t.app, { isAnonymous: true });
  const session = await fetch(`${identityUrl}/api/session`, { method: 'POST' });
  const token = ((await session.json()) as { anon_token: string }).anon_token;
  memberName = uniqueUsername('m');
  const profile = await fetch(`${identityUrl}/api/user-profile`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-anon-token': token },
    body: JSON.stringify({ username: memberName }),
  });
  if (profile.status !== 201) throw new Error(`profile: ${profile.status}`);
  staffName = `ops${safeRandomChars(8)}`;
  await seeStaffName(inject('identityDatabaseUrl'), staffName);
});
afterAll(async () => t?.close());

/** Every forum call that takes a name, and where the stored name is read back. */
const NAME_FIELDS: Array<{ field: string; write: (name: string, v: Visitor) => ReturnType<typeof post>; stored: (id: unknown) => Promise<string> }> = [
  {
    field: 'post author_name',
    write: (name, v) => post(t.app, '/api/posts', validPost({ author_name: name }), v),
    stored: async (res) => (await t.sql`SELECT author_name FROM posts WHERE id = ${(res as { id: number }).id}`)[0]!.author_name,
  },
  {
    field: 'comment author_name',
    write: (name, v) => post(t.app, '/api/comments', { post_id: postId, body: 'Agreed', author_name: name, isAnonymous: false }, v),
    stored: async (res) => (res as { author_name: string }).author_name,
  },
  {
    field: 'feature suggestion author_name',
    write: (name, v) => post(t.app, '/api/feature-suggestions', { title: 'Idea', description: 'Add it', author_name: name, priority: 'Low' }, v),
    stored: async (res) =>
      (await t.sql`SELECT author_name FROM feature_suggestions WHERE reference_number = ${(res as { reference_number: string }).reference_number}`)[0]!
        .author_name,
  },
  {
    field: 'post report reporter_name',
    write: (name, v) => post(t.app, '/api/report', { post_id: postId, reason: 'spam', reporter_name: name }, v),
    stored: async (res) =>
      (await t.sql`SELECT reporter_name FROM reports WHERE ticket_reference = ${(res as { ticket_reference: string }).ticket_reference}`)[0]!.reporter_name,
  },
  {
    field: 'help request reporter_name',
    write: (name, v) =>
      post(t.app, '/api/report', { title: 'Export fails', category: 'technical', priority: 'Low', reason: 'It fails.', reporter_name: name }, v),
    stored: async (res) =>
      (await t.sql`SELECT reporter_name FROM reports WHERE ticket_reference = ${(res as { ticket_reference: string }).ticket_reference}`)[0]!.reporter_name,
  },
];

describe.each(NAME_FIELDS)('$field', ({ write, stored }) => {
  it('refuses look-alikes, reserved words inside names, member and staff names: 400 with the one message', async () => {
    for (const [why, name] of refusedNames(memberName, staffName)) {
      // Fresh token and address for each attempt: the rule does not rest on who asks.
      const res = await write(name, { ...newVisitor(), ip: randomIp() });
      expect(res.statusCode, why).toBe(400);
      expect(res.json().message, why).toBe(AUTHOR_NAME_MESSAGES.taken);
    }
  });

  it('takes real names, stored cleaned (invisible characters removed)', async () => {
    for (const name of [...REAL_NAMES, 'Ana\u200B Ｌima']) {
      const res = await write(name, newVisitor());
      expect(res.statusCode, name).toBe(201);
      expect(await stored(res.json()), name).toBe(name === 'Ana\u200B Ｌima' ? 'Ana Lima' : name.normalize('NFKC'));
    }
  });
});
