import {
  conflict,
  forbidden,
  notFound,
  notifyVisitor,
  recordStaffAction,
  writeEvent,
  type Db,
  type StaffIdentity,
  type Visitor,
} from '@wfm/service-kit';
import {
  MENTOR_MESSAGES,
  MENTOR_TRANSITIONS,
  type MentorApplication,
  type MentorsResponse,
  type MentorStatus,
  type StaffMentor,
} from '@wfm/contracts/ama';
import type { AmaContext } from '../context.ts';
import * as repo from './mentors-repository.ts';

const own = ({ visitor_hash: _hash, ...application }: repo.MentorRow): MentorApplication => application;

/**
 * A visitor with a username applies; the application waits for staff. One application per visitor:
 * a pending or approved one is a 409, a suspended one 403; a rejected applicant may apply again
 * (the same row goes back to pending with the new answers). `username` is the visitor's name as
 * identity knows it (the route asks ctx.identity.username), null when they have none.
 */
export async function apply(
  ctx: AmaContext,
  visitor: Visitor,
  username: string | null,
  fields: repo.MentorFields,
): Promise<MentorApplication> {
  if (!username) throw forbidden(MENTOR_MESSAGES.usernameRequired);
  return ctx.sql.begin(async (tx) => {
    const now = ctx.now();
    const existing = await repo.findByVisitor(tx, visitor.hash, true);
    let application: MentorApplication | null;
    if (existing?.status === 'rejected') {
      application = await repo.reapply(tx, existing.id, { ...fields, submitted_by: username, now });
    } else if (existing?.status === 'suspended') {
      throw forbidden(MENTOR_MESSAGES.suspended);
    } else {
      application = existing ? null : await repo.insertMentor(tx, { ...fields, submitted_by: username, visitor_hash: visitor.hash, now });
    }
    if (!application) throw conflict(MENTOR_MESSAGES.alreadyApplied);
    await writeEvent(tx, 'ama.mentor.applied', { id: application.id, status: 'pending', at: now });
    return application;
  });
}

export async function myApplication(ctx: AmaContext, visitor: Visitor): Promise<{ application: MentorApplication | null }> {
  const row = await repo.findByVisitor(ctx.sql, visitor.hash);
  return { application: row ? own(row) : null };
}

export async function directory(
  ctx: AmaContext,
  query: { tag?: string | undefined; limit: number; offset: number },
): Promise<MentorsResponse> {
  const [page, tags] = await Promise.all([repo.listApproved(ctx.sql, query), repo.approvedTags(ctx.sql)]);
  return { ...page, tags };
}

/** An approved mentor (the only ones visitors can reach), else 404. */
export async function approvedMentor(ctx: AmaContext, id: number, db: Db = ctx.sql, lock = false) {
  const mentor = await repo.findMentor(db, id, lock);
  if (!mentor || mentor.status !== 'approved') throw notFound(MENTOR_MESSAGES.mentorNotFound);
  return mentor;
}

export const listStaffMentors = (ctx: AmaContext, query: Parameters<typeof repo.listAll>[1]) => repo.listAll(ctx.sql, query);

/** Staff decide, suspend or reinstate along MENTOR_TRANSITIONS; the applicant hears it live. */
export async function changeStatus(
  ctx: AmaContext,
  staff: StaffIdentity,
  id: number,
  status: MentorStatus,
): Promise<StaffMentor> {
  return ctx.sql.begin(async (tx) => {
    const mentor = await repo.findMentor(tx, id, true);
    if (!mentor) throw notFound(MENTOR_MESSAGES.mentorNotFound);
    if (!MENTOR_TRANSITIONS[mentor.status].includes(status)) throw conflict(MENTOR_MESSAGES.badTransition(mentor.status, status));
    const now = ctx.now();
    await repo.setStatus(tx, id, status, now);
    await writeEvent(tx, 'ama.mentor.status_changed', { id, status, at: now });
    await notifyVisitor(tx, ctx.schema, mentor.visitor_hash, { type: 'mentor_application', data: { id, status } });
    const action = { approved: mentor.status === 'suspended' ? 'reinstate' : 'approve', rejected: 'reject', suspended: 'suspend', pending: 'reopen' }[status];
    await recordStaffAction(tx, ctx, staff, { action: `mentor.${action}`, target: { type: 'mentor', id: String(id) } });
    return (await repo.findStaffMentor(tx, id))!;
  });
}

/** Deletes a mentor (application, directory entry and their requests) with its event; false when there was none. Staff and "Your data" erase share it. */
export async function removeMentor(tx: Db, ctx: AmaContext, id: number): Promise<boolean> {
  if (!(await repo.deleteMentor(tx, id))) return false;
  await writeEvent(tx, 'ama.mentor.deleted', { id, status: null, at: ctx.now() });
  return true;
}

export async function deleteMentor(ctx: AmaContext, staff: StaffIdentity, id: number) {
  return ctx.sql.begin(async (tx) => {
    if (!(await removeMentor(tx, ctx, id))) throw notFound(MENTOR_MESSAGES.mentorNotFound);
    await recordStaffAction(tx, ctx, staff, { action: 'mentor.delete', target: { type: 'mentor', id: String(id) } });
    return { success: true as const, id };
  });
}
