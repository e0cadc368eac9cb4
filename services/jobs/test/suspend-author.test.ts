import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUSPENSION_MESSAGES, SuspensionsListResponse } from '@wfm/contracts/identity';
import { suspensionMessage } from '@wfm/service-kit';
import { buildJobs, createJob, newVisitor, postJob, recordEvents, validJob, type JobsTest } from './helpers.ts';

// "Suspend the poster" against the real PostgreSQL and the project's identity process, which keeps
// the decision (its kit copy is what refuses the writes).

let t: JobsTest;
beforeAll(async () => {
  t = await buildJobs();
});
afterAll(async () => t?.close());

const MOD = { role: 'Moderator' as const, id: 7, username: 'mod_one' };
const suspendPoster = (id: number | string, payload: unknown) => {
  const url = `/api/admin/jobs/${id}/suspend-author`;
  return t.app.inject({ method: 'POST', url, headers: t.staffHeaders(MOD, { method: 'POST', url }), payload: payload as Record<string, unknown> });
};

describe('suspend the poster of a job posting', () => {
  it('refuses every later write of the poster (with time and reason), not of others; audited; kept by identity', async () => {
    const poster = newVisitor();
    const job = await createJob(t.app, {}, poster);
    const events = await recordEvents(t, ['jobs.staff.action']);
    const res = await suspendPoster(job.id, { duration_ms: 3_600_000, reason: 'fake job ads' });
    expect(res.statusCode).toBe(201);
    const s = res.json<{ service: string; visitor: string; until: number; reason: string }>();
    expect(s).toMatchObject({ service: 'jobs', until: t.clock.now() + 3_600_000, reason: 'fake job ads', staff: 'mod_one' });

    const refused = await postJob(t.app, validJob(), poster);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(`Your account is suspended until ${new Date(s.until).toISOString()}: fake job ads`);
    expect(refused.json().message).toBe(suspensionMessage(s));
    expect((await postJob(t.app, validJob(), newVisitor())).statusCode).toBe(201);

    await events.waitFor('jobs.staff.action', (d) => d.action === 'visitor.suspend' && d.target_id === String(job.id));
    const kept = await fetch(`${process.env.IDENTITY_URL}/internal/standings?at=${t.clock.now()}`);
    expect(SuspensionsListResponse.parse(await kept.json()).suspensions).toContainEqual(expect.objectContaining({ service: 'jobs', visitor: s.visitor }));
  });

  it('answers 404 with a message for a posting without a known poster or no posting; 400 for a bad body', async () => {
    const anonymous = await createJob(t.app, {}, null);
    for (const id of [anonymous.id, 987654321]) {
      const res = await suspendPoster(id, { duration_ms: null, reason: 'x' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(SUSPENSION_MESSAGES.authorNotFound);
    }
    const job = await createJob(t.app);
    for (const body of [{}, { duration_ms: 1, reason: 'x' }, { duration_ms: null, reason: '' }, { duration_ms: null, reason: 'x', extra: 1 }]) {
      const res = await suspendPoster(job.id, body);
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await suspendPoster('abc', { duration_ms: null, reason: 'x' })).statusCode).toBe(400);
  });
});
