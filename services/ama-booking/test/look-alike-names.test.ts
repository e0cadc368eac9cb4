import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { AMA_MESSAGES, type MentorApplication } from '@wfm/contracts/ama';
import { AUTHOR_NAME_MESSAGES } from '@wfm/contracts/identity';
import { seeStaffName } from '@wfm/service-kit/testing';
import { REAL_NAMES, refusedNames, safeRandomChars, uniqueUsername } from '@wfm/service-kit/testing-names';
import { DAY, buildAma, createSession, namedVisitor, newVisitor, post, validMentor, validMentorRequest, type AmaTest, type Visitor } from './helpers.ts';

// Issue 25 item 6: every name field of the AMA service goes through the kit's name rule, asked of
// the real identity process. One table of fields, one table of names (the kit's).

let t: AmaTest;
let memberName: string;
let staffName: string;
let sessionId: number;
let mentorId: number;
beforeAll(async () => {
  t = await buildAma();
  memberName = uniqueUsername('m');
  await namedVisitor(memberName);
  staffName = `ops${safeRandomChars(8)}`;
  await seeStaffName(inject('identityDatabaseUrl'), staffName);
  sessionId = await createSession(t, { max_questions: 100 });
  const applied = await post(t.app, '/api/mentors', validMentor(), await namedVisitor(uniqueUsername('m')));
  mentorId = applied.json<MentorApplication>().id;
  const approved = await t.staff('PUT', `/api/admin/mentors/${mentorId}/status`, { status: 'approved' });
  if (approved.statusCode !== 200) throw new Error(`approve: ${approved.statusCode} ${approved.body}`);
});
afterAll(async () => t?.close());

/** Every AMA call that takes a name from a visitor, and the name it answers. */
const NAME_FIELDS = [
  {
    field: 'question author_name',
    visitor: async () => newVisitor(),
    write: (name: string, v: Visitor) => post(t.app, `/api/ama/sessions/${sessionId}/questions`, { question: 'Shrinkage?', isAnonymous: false, author_name: name }, v),
    answered: (body: { author_name?: string }) => body.author_name,
  },
  {
    field: 'mentor application name',
    visitor: async () => namedVisitor(uniqueUsername('m')),
    write: (name: string, v: Visitor) => post(t.app, '/api/mentors', validMentor({ name }), v),
    answered: (body: { name?: string }) => body.name,
  },
  {
    field: 'mentor request requester_name',
    visitor: async () => newVisitor(),
    write: (name: string, v: Visitor) => post(t.app, `/api/mentors/${mentorId}/requests`, validMentorRequest({ requester_name: name }), v),
    answered: (body: { requester_name?: string }) => body.requester_name,
  },
] as const;

describe.each(NAME_FIELDS)('$field', ({ visitor, write, answered }) => {
  it('refuses look-alikes, reserved words inside names, member and staff names: 400 with the one message', async () => {
    for (const [why, name] of refusedNames(memberName, staffName)) {
      const res = await write(name, await visitor());
      expect(res.statusCode, why).toBe(400);
      expect(res.json().message, why).toBe(AUTHOR_NAME_MESSAGES.taken);
    }
  });

  it('takes real names, stored cleaned (invisible characters removed)', async () => {
    for (const name of [...REAL_NAMES, 'Ana\u200B Ｌima']) {
      const res = await write(name, await visitor());
      expect(res.statusCode, `${name} ${res.body}`).toBe(201);
      expect(answered(res.json()), name).toBe(name === 'Ana\u200B Ｌima' ? 'Ana Lima' : name.normalize('NFKC'));
    }
  });
});

describe('the question call checks the session before the name', () => {
  it('a missing or closed session answers 404/409 before any name is looked at, also with identity down', async () => {
    const down = await buildAma({ identityUrl: 'http://127.0.0.1:9' });
    try {
      const past = await createSession(down, { scheduled_time: down.clock.now() - 2 * DAY });
      const open = await createSession(down);
      const ask = (id: number, name: string) =>
        post(down.app, `/api/ama/sessions/${id}/questions`, { question: 'Hi', isAnonymous: false, author_name: name }, newVisitor());
      // A name probe on a session that takes no questions learns nothing about the name.
      for (const name of ['Admin', memberName, `Jane ${safeRandomChars(6)}`]) {
        const missing = await ask(987654321, name);
        expect(missing.statusCode, name).toBe(404);
        expect(missing.json()).toEqual({ message: AMA_MESSAGES.sessionNotFound });
        const closed = await ask(past, name);
        expect(closed.statusCode, name).toBe(409);
        expect(closed.json()).toEqual({ message: AMA_MESSAGES.questionsClosed });
      }
      // An open session does ask identity (down here: the name cannot be checked).
      expect((await ask(open, `Jane ${safeRandomChars(6)}`)).json()).toEqual({ message: AUTHOR_NAME_MESSAGES.unavailable });
    } finally {
      await down.close();
    }
  });
});
