import { ANONYMOUS } from '@wfm/contracts/shared';
import { badRequest, conflict, forbidden, notFound, notifyVisitor, type Visitor } from '@wfm/service-kit';
import {
  MENTOR_LIMITS,
  MENTOR_MESSAGES,
  type MentorMessage,
  type MentorMessageBody,
  type MentorRequest,
  type MentorRequestBody,
  type MentorThread,
  type MyMentorRequestsResponse,
} from '@wfm/contracts/ama';
import type { AmaContext } from '../context.ts';
import { approvedMentor } from '../mentors/mentors-service.ts';
import { findByVisitor, findMentor } from '../mentors/mentors-repository.ts';
import * as repo from './mentor-requests-repository.ts';

type Role = 'mentor' | 'requester';

/**
 * The caller's side of a request: the mentor (the verified visitor who applied) or the requester.
 * Anyone else gets the same 404 as for a request that does not exist, so ids reveal nothing.
 */
function roleOf(row: repo.RequestRow, visitor: Visitor): Role {
  if (row.mentor_hash.equals(visitor.hash)) return 'mentor';
  if (row.requester_hash.equals(visitor.hash)) return 'requester';
  throw notFound(MENTOR_MESSAGES.requestNotFound);
}

const view = ({ requester_hash: _r, mentor_hash: _m, mentor_status: _s, ...request }: repo.RequestRow, role: MentorRequest['role']): MentorRequest => ({
  ...request,
  role,
});

/** A visitor asks an approved mentor for mentoring; one open request per mentor, never to oneself. */
export async function createRequest(
  ctx: AmaContext,
  visitor: Visitor,
  mentorId: number,
  body: MentorRequestBody & { requester_name: string; requester_contact: string; message: string; goals: string },
): Promise<MentorRequest> {
  return ctx.sql.begin(async (tx) => {
    const mentor = await approvedMentor(ctx, mentorId, tx);
    if (mentor.visitor_hash.equals(visitor.hash)) throw badRequest(MENTOR_MESSAGES.ownMentor);
    const id = await repo.insertRequest(tx, { ...body, mentor_id: mentorId, requester_hash: visitor.hash, now: ctx.now() });
    if (id === null) throw conflict(MENTOR_MESSAGES.openRequest);
    await notifyVisitor(tx, ctx.schema, mentor.visitor_hash, { type: 'mentor_request', data: { request_id: id, status: 'pending' } });
    return view((await repo.findRequest(tx, id))!, 'requester');
  });
}

export async function myRequests(ctx: AmaContext, visitor: Visitor): Promise<MyMentorRequestsResponse> {
  const mentor = await findByVisitor(ctx.sql, visitor.hash);
  const [received, sent] = await Promise.all([
    mentor ? repo.listForMentor(ctx.sql, mentor.id) : Promise.resolve([]),
    repo.listForRequester(ctx.sql, visitor.hash),
  ]);
  return {
    received: received.map((r) => ({ ...r, role: 'mentor' as const })),
    sent: sent.map((r) => ({ ...r, role: 'requester' as const })),
  };
}

export async function thread(ctx: AmaContext, visitor: Visitor, id: number): Promise<MentorThread> {
  const row = await repo.findRequest(ctx.sql, id);
  if (!row) throw notFound(MENTOR_MESSAGES.requestNotFound);
  const role = roleOf(row, visitor);
  return { request: view(row, role), messages: await repo.listMessages(ctx.sql, id, MENTOR_LIMITS.threadMessages) };
}

/** The mentor accepts or declines a pending request; the requester hears it live. */
export async function answer(
  ctx: AmaContext,
  visitor: Visitor,
  id: number,
  status: 'accepted' | 'declined',
): Promise<MentorRequest> {
  return ctx.sql.begin(async (tx) => {
    const row = await repo.findRequest(tx, id, true);
    if (!row) throw notFound(MENTOR_MESSAGES.requestNotFound);
    if (roleOf(row, visitor) !== 'mentor') throw forbidden(MENTOR_MESSAGES.mentorOnly);
    if (row.status !== 'pending') throw conflict(MENTOR_MESSAGES.requestDecided(row.status));
    if (row.mentor_status !== 'approved') throw conflict(MENTOR_MESSAGES.mentorUnavailable);
    await repo.setRequestStatus(tx, id, status, ctx.now());
    await notifyVisitor(tx, ctx.schema, row.requester_hash, { type: 'mentor_request', data: { request_id: id, status } });
    return view((await repo.findRequest(tx, id))!, 'mentor');
  });
}

/**
 * Either side writes in an accepted request's thread (while the mentor is approved); the other
 * side's sockets get the message. The name is the mentor's or the requester's, or Anonymous.
 */
export async function sendMessage(
  ctx: AmaContext,
  visitor: Visitor,
  id: number,
  body: MentorMessageBody & { message: string; isAnonymous: boolean },
): Promise<MentorMessage> {
  return ctx.sql.begin(async (tx) => {
    const row = await repo.findRequest(tx, id, true);
    if (!row) throw notFound(MENTOR_MESSAGES.requestNotFound);
    const role = roleOf(row, visitor);
    if (row.status !== 'accepted') throw conflict(MENTOR_MESSAGES.notAccepted);
    if (row.mentor_status !== 'approved') throw conflict(MENTOR_MESSAGES.mentorUnavailable);
    const name = role === 'mentor' ? row.mentor_name : row.requester_name;
    const message = await repo.insertMessage(tx, {
      request_id: id,
      sender: role,
      sender_name: body.isAnonymous ? ANONYMOUS : name,
      message: body.message,
      is_anonymous: body.isAnonymous,
      now: ctx.now(),
    });
    const other = role === 'mentor' ? row.requester_hash : row.mentor_hash;
    await notifyVisitor(tx, ctx.schema, other, { type: 'mentor_message', data: { request_id: id, message } });
    return message;
  });
}

/** Staff read any thread (right "mentors"). */
export async function staffThread(ctx: AmaContext, id: number): Promise<MentorThread> {
  const row = await repo.findRequest(ctx.sql, id);
  if (!row) throw notFound(MENTOR_MESSAGES.requestNotFound);
  return { request: view(row, 'staff'), messages: await repo.listMessages(ctx.sql, id, MENTOR_LIMITS.threadMessages) };
}

/** Staff list one mentor's requests. */
export async function staffRequestsOf(ctx: AmaContext, mentorId: number): Promise<MentorRequest[]> {
  if (!(await findMentor(ctx.sql, mentorId))) throw notFound(MENTOR_MESSAGES.mentorNotFound);
  return (await repo.listForMentor(ctx.sql, mentorId, 500)).map((r) => ({ ...r, role: 'staff' as const }));
}
