import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENTOR_MESSAGES, type MentorApplication, type MentorMessage, type MentorRequest, type MentorThread } from '@wfm/contracts/ama';
import { createVisitorVerifier, visitorRealtimeAddress } from '@wfm/service-kit';
import { TEST_VISITOR_SECRET } from '@wfm/service-kit/testing';
import {
  buildAma,
  get,
  namedVisitor,
  newVisitor,
  outboxEvents,
  post,
  put,
  staffActions,
  validMentor,
  validMentorRequest,
  type AmaTest,
  type Visitor,
} from './helpers.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

let t: AmaTest;
beforeAll(async () => {
  t = await buildAma();
});
afterAll(async () => t?.close());

const uniqueName = () => uniqueUsername('m');
const amaVisitor = createVisitorVerifier(TEST_VISITOR_SECRET, 'ama-booking');
const addressOf = (v: Visitor) => visitorRealtimeAddress(amaVisitor(v.token)!);

async function apply(overrides: Record<string, unknown> = {}, visitor?: Visitor) {
  const who = visitor ?? (await namedVisitor(uniqueName()));
  const res = await post(t.app, '/api/mentors', validMentor(overrides), who);
  if (res.statusCode !== 201) throw new Error(`apply: ${res.statusCode} ${res.body}`);
  return { visitor: who, application: res.json<MentorApplication>() };
}

async function approvedMentor(overrides: Record<string, unknown> = {}) {
  const m = await apply(overrides);
  const res = await t.staff('PUT', `/api/admin/mentors/${m.application.id}/status`, { status: 'approved' });
  if (res.statusCode !== 200) throw new Error(`approve: ${res.statusCode} ${res.body}`);
  return m;
}

async function acceptedRequest() {
  const mentor = await approvedMentor();
  const requester = newVisitor();
  const created = await post(t.app, `/api/mentors/${mentor.application.id}/requests`, validMentorRequest(), requester);
  expect(created.statusCode).toBe(201);
  const request = created.json<MentorRequest>();
  expect((await put(t.app, `/api/mentors/requests/${request.id}/status`, { status: 'accepted' }, mentor.visitor)).statusCode).toBe(200);
  return { mentor, requester, request };
}

describe('mentor applications', () => {
  it('needs a verified visitor with a username, and names the application after that username', async () => {
    const noToken = await t.app.inject({ method: 'POST', url: '/api/mentors', payload: validMentor() });
    expect(noToken.statusCode).toBe(401);
    const unnamed = await post(t.app, '/api/mentors', validMentor(), newVisitor());
    expect(unnamed.statusCode).toBe(403);
    expect(unnamed.json()).toEqual({ message: MENTOR_MESSAGES.usernameRequired });

    const username = uniqueName();
    const visitor = await namedVisitor(username);
    const res = await post(t.app, '/api/mentors', { ...validMentor(), submitted_by: 'someone-else' }, visitor);
    expect(res.statusCode).toBe(201);
    const application = res.json<MentorApplication>();
    expect(application).toMatchObject({ status: 'pending', submitted_by: username, name: 'Rita Roster', expertise_tags: ['Scheduling', 'Forecasting'] });

    const again = await post(t.app, '/api/mentors', validMentor(), visitor);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: MENTOR_MESSAGES.alreadyApplied });

    const mine = await get(t.app, '/api/mentors/me', visitor);
    expect(mine.json()).toEqual({ application });
    expect((await get(t.app, '/api/mentors/me', newVisitor())).json()).toEqual({ application: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/mentors/me' })).statusCode).toBe(401);
    expect((await outboxEvents(t.sql, 'ama.mentor.applied')).some((e) => e.id === application.id && e.status === 'pending')).toBe(true);
  });

  it('holds every field to the spec bounds, with a 400 and a message for each', async () => {
    const visitor = await namedVisitor(uniqueName());
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, MENTOR_MESSAGES.nameRequired],
      [{ name: '   ' }, MENTOR_MESSAGES.nameRequired],
      [{ name: 'n'.repeat(101) }, MENTOR_MESSAGES.nameTooLong],
      [{ bio: '' }, MENTOR_MESSAGES.bioRequired],
      [{ bio: 'b'.repeat(1001) }, MENTOR_MESSAGES.bioTooLong],
      [{ timezone: '' }, MENTOR_MESSAGES.timezoneRequired],
      [{ timezone: 'z'.repeat(51) }, MENTOR_MESSAGES.timezoneTooLong],
      [{ years_experience: -1 }, MENTOR_MESSAGES.yearsRange],
      [{ years_experience: 51 }, MENTOR_MESSAGES.yearsRange],
      [{ years_experience: 2.5 }, MENTOR_MESSAGES.yearsRange],
      [{ years_experience: 'ten' }, MENTOR_MESSAGES.yearsRange],
      [{ years_experience: null }, MENTOR_MESSAGES.yearsRange],
      [{ linkedin_url: 'not a url' }, MENTOR_MESSAGES.linkedinInvalid],
      [{ linkedin_url: 'javascript:alert(1)' }, MENTOR_MESSAGES.linkedinInvalid],
      [{ expertise_tags: [] }, MENTOR_MESSAGES.tagsRequired],
      [{ expertise_tags: ['  '] }, MENTOR_MESSAGES.tagsRequired],
      [{ expertise_tags: Array.from({ length: 11 }, (_, i) => `tag${i}`) }, MENTOR_MESSAGES.tagsTooMany],
      [{ expertise_tags: ['t'.repeat(41)] }, MENTOR_MESSAGES.tagTooLong],
      [{ expertise_tags: '[not json' }, MENTOR_MESSAGES.tagsRequired],
      [{ expertise_tags: [42] }, MENTOR_MESSAGES.tagsRequired],
      [{ availability_hours: 'a'.repeat(201) }, MENTOR_MESSAGES.availabilityTooLong],
      [{ contact_info: 'c'.repeat(201) }, MENTOR_MESSAGES.contactTooLong],
    ];
    for (const [overrides, message] of cases) {
      // A visitor per case: the per-visitor limit is not what this test is about.
      const res = await post(t.app, '/api/mentors', validMentor(overrides), newVisitor());
      expect({ overrides, status: res.statusCode, body: res.json() }).toEqual({ overrides, status: 400, body: { message } });
    }
    for (const raw of ['{"name": "Ri', '[]', '"x"', 'null']) {
      const visitor = newVisitor();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/mentors',
        headers: { 'content-type': 'application/json', 'x-anon-token': visitor.token },
        remoteAddress: visitor.ip,
        payload: raw,
      });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json<{ message: string }>().message).toBe('string');
    }
    // Nothing above was stored.
    expect((await get(t.app, '/api/mentors/me', visitor)).json()).toEqual({ application: null });

    // The bounds themselves pass; an empty LinkedIn URL is none; tags may come as the JSON list text of the data model.
    const edge = await post(
      t.app,
      '/api/mentors',
      validMentor({
        name: 'n'.repeat(100),
        bio: 'b'.repeat(1000),
        timezone: 'z'.repeat(50),
        years_experience: 0,
        linkedin_url: '',
        expertise_tags: JSON.stringify(['Erlang', 'erlang', ' WFM software ']),
      }),
      visitor,
    );
    expect(edge.statusCode).toBe(201);
    expect(edge.json()).toMatchObject({ linkedin_url: null, years_experience: 0, expertise_tags: ['Erlang', 'WFM software'] });
    const fifty = await apply({ years_experience: 50, availability_hours: undefined, contact_info: undefined });
    expect(fifty.application).toMatchObject({ years_experience: 50, availability_hours: '', contact_info: '' });
  });
});

describe('the mentor directory', () => {
  it('lists only approved mentors, never their contact details, filtered by expertise tag in any case', async () => {
    const tag = `Tag${randomBytes(4).toString('hex')}`;
    const listed = await approvedMentor({ expertise_tags: [tag, 'Leadership'] });
    const pending = await apply({ expertise_tags: [tag] });

    const res = await t.app.inject({ method: 'GET', url: `/api/mentors?tag=${tag.toUpperCase()}` });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ mentors: Array<Record<string, unknown>>; total: number; tags: Array<{ tag: string; count: number }> }>();
    expect(body.mentors.map((m) => m.id)).toEqual([listed.application.id]);
    expect(body.total).toBe(1);
    expect(Object.keys(body.mentors[0]!).sort()).toEqual(
      ['availability_hours', 'bio', 'created_at', 'expertise_tags', 'id', 'name', 'timezone', 'years_experience'].sort(),
    );
    expect(res.body).not.toContain('rita@example.com');
    expect(res.body).not.toContain('linkedin');
    expect(body.tags).toContainEqual({ tag, count: 1 });

    const all = (await t.app.inject({ method: 'GET', url: '/api/mentors?limit=100' })).json<{ mentors: Array<{ id: number }> }>();
    expect(all.mentors.map((m) => m.id)).toContain(listed.application.id);
    expect(all.mentors.map((m) => m.id)).not.toContain(pending.application.id);

    for (const bad of ['limit=0', 'limit=101', 'limit=abc', 'offset=-1', `tag=${'x'.repeat(41)}`]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/mentors?${bad}` })).statusCode).toBe(400);
    }
  });
});

describe('staff decisions', () => {
  it('approves or rejects only pending applications, suspends and reinstates approved ones, audited and pushed to the applicant', async () => {
    const a = await apply();
    const id = a.application.id;
    const status = (s: unknown, role?: 'Moderator') => t.staff('PUT', `/api/admin/mentors/${id}/status`, { status: s }, role);

    expect((await status('approved', 'Moderator')).json()).toMatchObject({ id, status: 'approved', request_count: 0, contact_info: 'rita@example.com' });
    const twice = await status('approved');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: MENTOR_MESSAGES.badTransition('approved', 'approved') });
    expect((await status('rejected')).statusCode).toBe(409);
    expect((await status('pending')).statusCode).toBe(409);
    expect((await status('suspended')).json()).toMatchObject({ status: 'suspended' });
    const directory = (await t.app.inject({ method: 'GET', url: '/api/mentors?limit=100' })).json<{ mentors: Array<{ id: number }> }>();
    expect(directory.mentors.map((m) => m.id)).not.toContain(id);
    expect((await status('approved')).json()).toMatchObject({ status: 'approved' });
    expect((await status('bogus')).statusCode).toBe(400);
    expect((await t.staff('PUT', '/api/admin/mentors/999999/status', { status: 'approved' })).statusCode).toBe(404);
    expect((await t.staff('PUT', '/api/admin/mentors/abc/status', { status: 'approved' })).statusCode).toBe(400);

    const b = await apply();
    expect((await t.staff('PUT', `/api/admin/mentors/${b.application.id}/status`, { status: 'rejected' })).json()).toMatchObject({ status: 'rejected' });
    expect((await t.staff('PUT', `/api/admin/mentors/${b.application.id}/status`, { status: 'approved' })).statusCode).toBe(409);
    expect((await get(t.app, '/api/mentors/me', b.visitor)).json()).toMatchObject({ application: { status: 'rejected' } });

    expect(await staffActions(t.sql)).toEqual(expect.arrayContaining(['mentor.approve', 'mentor.suspend', 'mentor.reinstate', 'mentor.reject']));
    const notes = await outboxEvents(t.sql, 'ama.visitor.notify');
    expect(notes).toContainEqual({ to: addressOf(a.visitor), message: { type: 'mentor_application', data: { id, status: 'suspended' } } });
    expect(notes).toContainEqual({ to: addressOf(b.visitor), message: { type: 'mentor_application', data: { id: b.application.id, status: 'rejected' } } });
    expect((await outboxEvents(t.sql, 'ama.mentor.status_changed')).filter((e) => e.id === id).map((e) => e.status)).toEqual([
      'approved',
      'suspended',
      'approved',
    ]);
  });

  it('lets a rejected applicant apply again (pending once more) but not a suspended mentor', async () => {
    const a = await apply();
    await t.staff('PUT', `/api/admin/mentors/${a.application.id}/status`, { status: 'rejected' });
    const again = await post(t.app, '/api/mentors', validMentor({ bio: 'Second try, now with 13 years.' }), a.visitor);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: a.application.id, status: 'pending', bio: 'Second try, now with 13 years.' });

    const s = await approvedMentor();
    await t.staff('PUT', `/api/admin/mentors/${s.application.id}/status`, { status: 'suspended' });
    const refused = await post(t.app, '/api/mentors', validMentor(), s.visitor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MENTOR_MESSAGES.suspended });
  });

  it('lists every application for staff with the whole record, filtered by status', async () => {
    const a = await apply();
    const list = await t.staff('GET', '/api/admin/mentors?status=pending', undefined, 'Moderator');
    expect(list.statusCode).toBe(200);
    const rows = list.json<Array<Record<string, unknown>>>();
    expect(rows.every((r) => r.status === 'pending')).toBe(true);
    expect(rows.find((r) => r.id === a.application.id)).toMatchObject({ contact_info: 'rita@example.com', linkedin_url: expect.stringContaining('linkedin') });
    expect(JSON.stringify(rows)).not.toContain('visitor_hash');
    expect((await t.staff('GET', '/api/admin/mentors?status=nope')).statusCode).toBe(400);
    expect((await t.staff('GET', '/api/admin/mentors?limit=5000')).statusCode).toBe(400);
  });

  it('deletes an application with its requests and messages, audited; a second delete is a 404', async () => {
    const { mentor, request } = await acceptedRequest();
    const id = mentor.application.id;
    await post(t.app, `/api/mentors/requests/${request.id}/messages`, { message: 'Hello!' }, mentor.visitor);
    const del = await t.staff('DELETE', `/api/admin/mentors/${id}`);
    expect(del.json()).toEqual({ success: true, id });
    expect((await t.staff('DELETE', `/api/admin/mentors/${id}`)).statusCode).toBe(404);
    const [left] = await t.sql<{ requests: number; messages: number }[]>`
      SELECT (SELECT count(*)::int FROM mentor_requests WHERE id = ${request.id}) AS requests,
             (SELECT count(*)::int FROM mentor_messages WHERE request_id = ${request.id}) AS messages`;
    expect(left).toEqual({ requests: 0, messages: 0 });
    expect((await get(t.app, `/api/mentors/requests/${request.id}`, mentor.visitor)).statusCode).toBe(404);
    expect(await staffActions(t.sql)).toContain('mentor.delete');
    expect((await outboxEvents(t.sql, 'ama.mentor.deleted')).some((e) => e.id === id && e.status === null)).toBe(true);
  });
});

describe('requests and private threads', () => {
  it('takes requests only for approved mentors, never to oneself, one open request per mentor, within the bounds', async () => {
    const pending = await apply();
    expect((await post(t.app, `/api/mentors/${pending.application.id}/requests`, validMentorRequest())).statusCode).toBe(404);
    expect((await post(t.app, '/api/mentors/999999/requests', validMentorRequest())).statusCode).toBe(404);
    expect((await post(t.app, '/api/mentors/0/requests', validMentorRequest())).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/mentors/1/requests', payload: validMentorRequest() })).statusCode).toBe(401);

    const mentor = await approvedMentor();
    const url = `/api/mentors/${mentor.application.id}/requests`;
    const self = await post(t.app, url, validMentorRequest(), mentor.visitor);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: MENTOR_MESSAGES.ownMentor });

    const requester = newVisitor();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ requester_name: '' }, MENTOR_MESSAGES.requesterNameRequired],
      [{ requester_name: 'n'.repeat(101) }, MENTOR_MESSAGES.requesterNameTooLong],
      [{ requester_contact: '' }, MENTOR_MESSAGES.requesterContactRequired],
      [{ requester_contact: 'c'.repeat(201) }, MENTOR_MESSAGES.requesterContactTooLong],
      [{ message: ' ' }, MENTOR_MESSAGES.requestMessageRequired],
      [{ message: 'm'.repeat(1001) }, MENTOR_MESSAGES.requestMessageTooLong],
      [{ goals: '' }, MENTOR_MESSAGES.goalsRequired],
      [{ goals: 'g'.repeat(501) }, MENTOR_MESSAGES.goalsTooLong],
      [{ goals: 12 }, MENTOR_MESSAGES.goalsRequired],
    ];
    for (const [overrides, message] of cases) {
      const res = await post(t.app, url, validMentorRequest(overrides), newVisitor());
      expect({ overrides, status: res.statusCode, body: res.json() }).toEqual({ overrides, status: 400, body: { message } });
    }
    const edge = validMentorRequest({ requester_name: 'n'.repeat(100), requester_contact: 'c'.repeat(200), message: 'm'.repeat(1000), goals: 'g'.repeat(500) });
    const created = await post(t.app, url, edge, requester);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'pending', role: 'requester', mentor_name: 'Rita Roster', message_count: 0 });
    const dup = await post(t.app, url, validMentorRequest(), requester);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: MENTOR_MESSAGES.openRequest });

    // The mentor hears of it live and finds it in their inbox; the requester in their sent list.
    const requestId = created.json<MentorRequest>().id;
    expect(await outboxEvents(t.sql, 'ama.visitor.notify')).toContainEqual({
      to: addressOf(mentor.visitor),
      message: { type: 'mentor_request', data: { request_id: requestId, status: 'pending' } },
    });
    const inbox = (await get(t.app, '/api/mentors/requests', mentor.visitor)).json<{ received: MentorRequest[]; sent: MentorRequest[] }>();
    expect(inbox.received.map((r) => [r.id, r.role, r.requester_contact])).toEqual([[requestId, 'mentor', 'c'.repeat(200)]]);
    expect(inbox.sent).toEqual([]);
    const sent = (await get(t.app, '/api/mentors/requests', requester)).json<{ received: MentorRequest[]; sent: MentorRequest[] }>();
    expect(sent).toMatchObject({ received: [], sent: [{ id: requestId, role: 'requester' }] });

    // Declined, the requester may ask again.
    expect((await put(t.app, `/api/mentors/requests/${requestId}/status`, { status: 'declined' }, mentor.visitor)).json()).toMatchObject({ status: 'declined' });
    expect((await post(t.app, url, validMentorRequest(), requester)).statusCode).toBe(201);
  });

  it('lets only the mentor answer a pending request once; messages wait for acceptance', async () => {
    const mentor = await approvedMentor();
    const requester = newVisitor();
    const request = (await post(t.app, `/api/mentors/${mentor.application.id}/requests`, validMentorRequest(), requester)).json<MentorRequest>();
    const answer = (s: unknown, who: Visitor) => put(t.app, `/api/mentors/requests/${request.id}/status`, { status: s }, who);

    const early = await post(t.app, `/api/mentors/requests/${request.id}/messages`, { message: 'Hi?' }, requester);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: MENTOR_MESSAGES.notAccepted });
    const byRequester = await answer('accepted', requester);
    expect(byRequester.statusCode).toBe(403);
    expect(byRequester.json()).toEqual({ message: MENTOR_MESSAGES.mentorOnly });
    expect((await answer('accepted', newVisitor())).statusCode).toBe(404);
    expect((await answer('pending', mentor.visitor)).json()).toEqual({ message: MENTOR_MESSAGES.badRequestStatus });

    expect((await answer('accepted', mentor.visitor)).json()).toMatchObject({ status: 'accepted', role: 'mentor' });
    const again = await answer('declined', mentor.visitor);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: MENTOR_MESSAGES.requestDecided('accepted') });
    expect(await outboxEvents(t.sql, 'ama.visitor.notify')).toContainEqual({
      to: addressOf(requester),
      message: { type: 'mentor_request', data: { request_id: request.id, status: 'accepted' } },
    });
  });

  it('carries messages both ways, each pushed to the other side only; 1-2000 characters; anonymous hides the name', async () => {
    const { mentor, requester, request } = await acceptedRequest();
    const url = `/api/mentors/requests/${request.id}/messages`;

    const fromRequester = await post(t.app, url, { message: 'Thanks for accepting!' }, requester);
    expect(fromRequester.statusCode).toBe(201);
    expect(fromRequester.json()).toMatchObject({ sender: 'requester', sender_name: 'Nico New', isAnonymous: false, request_id: request.id });
    const fromMentor = await post(t.app, url, { message: 'Happy to help.', isAnonymous: true }, mentor.visitor);
    expect(fromMentor.json()).toMatchObject({ sender: 'mentor', sender_name: 'Anonymous', isAnonymous: true });
    expect((await post(t.app, url, { message: 'm'.repeat(2000) }, mentor.visitor)).statusCode).toBe(201);

    for (const bad of [{ message: '' }, { message: '   ' }, { message: 'm'.repeat(2001) }, { message: 5 }, { message: 'ok', isAnonymous: 'yes' }]) {
      expect((await post(t.app, url, bad, requester)).statusCode).toBe(400);
    }
    expect((await post(t.app, url, { message: 'm'.repeat(2001) }, requester)).json()).toEqual({ message: MENTOR_MESSAGES.messageTooLong });

    const notes = await outboxEvents(t.sql, 'ama.visitor.notify');
    const pushes = notes.filter((n) => (n.message as { type: string; data: { request_id: number } }).type === 'mentor_message'
      && (n.message as { data: { request_id: number } }).data.request_id === request.id);
    expect(pushes.map((n) => [n.to, (n.message as { data: { message: MentorMessage } }).data.message.message.slice(0, 21)])).toEqual([
      [addressOf(mentor.visitor), 'Thanks for accepting!'],
      [addressOf(requester), 'Happy to help.'],
      [addressOf(requester), 'm'.repeat(21)],
    ]);

    for (const who of [mentor.visitor, requester]) {
      const thread = (await get(t.app, `/api/mentors/requests/${request.id}`, who)).json<MentorThread>();
      expect(thread.messages.map((m) => m.sender)).toEqual(['requester', 'mentor', 'mentor']);
      expect(thread.request.message_count).toBe(3);
    }
  });

  it('keeps threads private: another visitor gets 404 for reading and writing; staff read any thread', async () => {
    const { mentor, request } = await acceptedRequest();
    await post(t.app, `/api/mentors/requests/${request.id}/messages`, { message: 'Private advice' }, mentor.visitor);
    const stranger = newVisitor();
    const read = await get(t.app, `/api/mentors/requests/${request.id}`, stranger);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ message: MENTOR_MESSAGES.requestNotFound });
    expect(read.body).not.toContain('Private advice');
    expect((await get(t.app, '/api/mentors/requests/999999', stranger)).json()).toEqual(read.json());
    expect((await post(t.app, `/api/mentors/requests/${request.id}/messages`, { message: 'Let me in' }, stranger)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/mentors/requests/${request.id}` })).statusCode).toBe(401);
    expect((await get(t.app, '/api/mentors/requests/abc', stranger)).statusCode).toBe(400);
    const strangerLists = (await get(t.app, '/api/mentors/requests', stranger)).json();
    expect(strangerLists).toEqual({ received: [], sent: [] });

    const staff = await t.staff('GET', `/api/admin/mentors/requests/${request.id}`, undefined, 'Moderator');
    expect(staff.statusCode).toBe(200);
    expect(staff.json<MentorThread>()).toMatchObject({ request: { id: request.id, role: 'staff' }, messages: [{ message: 'Private advice' }] });
    const list = await t.staff('GET', `/api/admin/mentors/${mentor.application.id}/requests`);
    expect(list.json<MentorRequest[]>().map((r) => r.id)).toEqual([request.id]);
    expect((await t.staff('GET', '/api/admin/mentors/requests/999999')).statusCode).toBe(404);
  });

  it('freezes the threads of a suspended mentor', async () => {
    const { mentor, requester, request } = await acceptedRequest();
    await t.staff('PUT', `/api/admin/mentors/${mentor.application.id}/status`, { status: 'suspended' });
    const res = await post(t.app, `/api/mentors/requests/${request.id}/messages`, { message: 'Still there?' }, requester);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: MENTOR_MESSAGES.mentorUnavailable });
    expect((await get(t.app, `/api/mentors/requests/${request.id}`, requester)).statusCode).toBe(200);
  });
});

describe('per-visitor limits', () => {
  it('stops request spam: the sixth request of a visitor within an hour is a 429, another visitor is unaffected', async () => {
    const spammer = newVisitor();
    for (let i = 0; i < 5; i++) {
      expect((await post(t.app, `/api/mentors/${900_000 + i}/requests`, validMentorRequest(), spammer)).statusCode).toBe(404);
    }
    const limited = await post(t.app, '/api/mentors/900010/requests', validMentorRequest(), spammer);
    expect(limited.statusCode).toBe(429);
    expect(typeof limited.json<{ message: string }>().message).toBe('string');
    expect((await post(t.app, '/api/mentors/900010/requests', validMentorRequest(), { ...newVisitor(), ip: spammer.ip })).statusCode).toBe(404);
  });

  it('limits thread messages per visitor', async () => {
    const chatty = newVisitor();
    for (let i = 0; i < 30; i++) {
      expect((await post(t.app, '/api/mentors/requests/900000/messages', { message: 'x' }, chatty)).statusCode).toBe(404);
    }
    expect((await post(t.app, '/api/mentors/requests/900000/messages', { message: 'x' }, chatty)).statusCode).toBe(429);
  });
});
