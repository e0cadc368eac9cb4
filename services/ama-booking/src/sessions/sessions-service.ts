import { notFound, recordStaffAction, writeEvent, type Db, type StaffIdentity } from '@wfm/service-kit';
import type { z } from 'zod';
import {
  AMA_MESSAGES,
  type AmaSession,
  type PricingBody as PricingSchema,
  type SessionBody as SessionSchema,
  type SessionPricing,
  type SessionStatus,
  type StaffSession,
} from '@wfm/contracts/ama';
import type { AmaContext } from '../context.ts';
import * as repo from './sessions-repository.ts';
import { sessionView } from './sessions-view.ts';

type SessionInput = z.output<typeof SessionSchema>;
type PricingInput = z.output<typeof PricingSchema>;

export async function listSessions(ctx: AmaContext, audience: 'public' | 'staff' = 'public'): Promise<AmaSession[]> {
  const now = ctx.now();
  return (await repo.listSessions(ctx.sql)).map((row) => sessionView(row, now, audience));
}

/** One session as an answer; `db` is the caller's transaction when there is one. */
export async function getSession(
  ctx: AmaContext,
  id: number,
  audience: 'public' | 'staff' = 'public',
  db: Db = ctx.sql,
): Promise<AmaSession> {
  const row = await repo.findSession(db, id);
  if (!row) throw notFound(AMA_MESSAGES.sessionNotFound);
  return sessionView(row, ctx.now(), audience);
}

export async function listStaffSessions(ctx: AmaContext): Promise<StaffSession[]> {
  const sessions = await listSessions(ctx, 'staff');
  const totals = await repo.sessionTotals(ctx.sql);
  return sessions.map((s) => ({
    ...s,
    booking_count: totals.get(s.id)?.booking_count ?? 0,
    question_count: totals.get(s.id)?.question_count ?? 0,
  }));
}

const pricingAnswer = (p: repo.PricingRow): SessionPricing => ({
  price: p.price,
  currency: p.currency,
  payment_methods: JSON.stringify(p.payment_methods),
});

/** A session's pricing; `db` is the caller's transaction when there is one. */
export async function getPricing(ctx: AmaContext, id: number, db: Db = ctx.sql): Promise<SessionPricing> {
  const pricing = await repo.findPricing(db, id);
  if (!pricing) {
    if (!(await repo.findSession(db, id))) throw notFound(AMA_MESSAGES.sessionNotFound);
    throw notFound(AMA_MESSAGES.pricingNotFound);
  }
  return pricingAnswer(pricing);
}

const sessionEvent = (id: number, status: SessionStatus | null, at: number) => ({ id, status, at });

function fields(input: SessionInput, status: SessionStatus): repo.SessionFields {
  return {
    title: input.title,
    description: input.description,
    host_name: input.host_name,
    host_bio: input.host_bio,
    scheduled_time: input.scheduled_time,
    duration_minutes: input.duration_minutes,
    max_participants: input.max_participants,
    max_questions: input.max_questions,
    zoom_link: input.zoom_link,
    image_url: input.image_url,
    status,
  };
}

export async function createSession(ctx: AmaContext, staff: StaffIdentity, input: SessionInput) {
  const now = ctx.now();
  return ctx.sql.begin(async (tx) => {
    const status = input.status ?? 'scheduled';
    const id = await repo.insertSession(tx, fields(input, status), now);
    if (input.image_url) await repo.setUploadReferenced(tx, [uploadName(input.image_url)].filter(isName), true);
    await writeEvent(tx, 'ama.session.created', sessionEvent(id, status, now));
    await recordStaffAction(tx, ctx, staff, { action: 'ama.session.create', target: { type: 'ama_session', id: String(id) } });
    return getSession(ctx, id, 'staff', tx);
  });
}

export async function updateSession(ctx: AmaContext, staff: StaffIdentity, id: number, input: SessionInput) {
  const now = ctx.now();
  return ctx.sql.begin(async (tx) => {
    const current = await repo.findSession(tx, id);
    if (!current) throw notFound(AMA_MESSAGES.sessionNotFound);
    const status = input.status ?? current.status;
    // The edit form does not always carry the image: keep the uploaded one unless another is given.
    const next = fields({ ...input, image_url: input.image_url ?? current.image_url }, status);
    await repo.updateSession(tx, id, next, now);
    if (next.image_url !== current.image_url) {
      await repo.setUploadReferenced(tx, [uploadName(current.image_url)].filter(isName), false);
      await repo.setUploadReferenced(tx, [uploadName(next.image_url)].filter(isName), true);
    }
    await writeEvent(tx, 'ama.session.updated', sessionEvent(id, status, now));
    await recordStaffAction(tx, ctx, staff, { action: 'ama.session.update', target: { type: 'ama_session', id: String(id) } });
    return getSession(ctx, id, 'staff', tx);
  });
}

export async function setStatus(ctx: AmaContext, staff: StaffIdentity, id: number, status: SessionStatus) {
  const now = ctx.now();
  return ctx.sql.begin(async (tx) => {
    if (!(await repo.setSessionStatus(tx, id, status, now))) throw notFound(AMA_MESSAGES.sessionNotFound);
    await writeEvent(tx, 'ama.session.updated', sessionEvent(id, status, now));
    await recordStaffAction(tx, ctx, staff, { action: `ama.session.status.${status}`, target: { type: 'ama_session', id: String(id) } });
    return getSession(ctx, id, 'staff', tx);
  });
}

export async function deleteSession(ctx: AmaContext, staff: StaffIdentity, id: number) {
  const now = ctx.now();
  return ctx.sql.begin(async (tx) => {
    const deleted = await repo.deleteSession(tx, id);
    if (!deleted) throw notFound(AMA_MESSAGES.sessionNotFound);
    await repo.setUploadReferenced(tx, [uploadName(deleted.image_url)].filter(isName), false);
    await writeEvent(tx, 'ama.session.deleted', sessionEvent(id, null, now));
    await recordStaffAction(tx, ctx, staff, { action: 'ama.session.delete', target: { type: 'ama_session', id: String(id) } });
    return { success: true as const, id };
  });
}

export async function setImage(ctx: AmaContext, staff: StaffIdentity, id: number, url: string) {
  const now = ctx.now();
  return ctx.sql.begin(async (tx) => {
    const changed = await repo.setSessionImage(tx, id, url, now);
    if (!changed) throw notFound(AMA_MESSAGES.sessionNotFound);
    await repo.setUploadReferenced(tx, [uploadName(changed.previous)].filter(isName), false);
    await repo.setUploadReferenced(tx, [uploadName(url)].filter(isName), true);
    await writeEvent(tx, 'ama.session.updated', sessionEvent(id, null, now));
    await recordStaffAction(tx, ctx, staff, { action: 'ama.session.image', target: { type: 'ama_session', id: String(id) } });
    return getSession(ctx, id, 'staff', tx);
  });
}

export async function savePricing(
  ctx: AmaContext,
  staff: StaffIdentity,
  id: number,
  input: PricingInput,
  action: 'create' | 'update',
): Promise<SessionPricing> {
  const now = ctx.now();
  return ctx.sql.begin(async (tx) => {
    if (!(await repo.lockSession(tx, id))) throw notFound(AMA_MESSAGES.sessionNotFound);
    const pricing: repo.PricingRow = { price: input.price, currency: input.currency, payment_methods: input.payment_methods };
    await repo.upsertPricing(tx, id, pricing, now);
    await repo.touchSession(tx, id, now);
    await writeEvent(tx, 'ama.session.updated', sessionEvent(id, null, now));
    await recordStaffAction(tx, ctx, staff, { action: `ama.pricing.${action}`, target: { type: 'ama_session', id: String(id) } });
    return getPricing(ctx, id, tx);
  });
}

/** The stored upload name of one of our image urls (/uploads/ama/<name>), else null. */
export function uploadName(url: string | null): string | null {
  const match = url ? /^\/uploads\/ama\/([a-f0-9]{32}\.[a-z]{2,4})$/.exec(url) : null;
  return match?.[1] ?? null;
}
const isName = (name: string | null): name is string => name !== null;
