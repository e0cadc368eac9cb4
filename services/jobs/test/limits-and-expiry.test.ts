import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '@wfm/service-kit';
import { RATE_LIMIT_MESSAGE } from '@wfm/service-kit';
import { EXPIRE_JOBS, expiryTasks } from '../src/postings/postings-expiry-task.ts';
import { approve, buildJobs, createJob, newVisitor, postJob, publicIds, recordEvents, staffCall, validJob, type JobsTest } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('expiry (controllable clock)', () => {
  let t: JobsTest;
  beforeAll(async () => {
    t = await buildJobs({ env: { JOBS_EXPIRY_DAYS: '30' } });
  });
  afterAll(async () => t?.close());

  const runExpiry = async () => {
    const handler = expiryTasks(t.ctx).handlers.find((h) => h.name === EXPIRE_JOBS)!;
    return handler.run({}, { id: '1', attempt: 1, logger: t.app.log as unknown as Logger });
  };

  it('registers the expiry as a repeatable job', () => {
    const jobs = expiryTasks(t.ctx);
    expect(jobs.repeat).toEqual([{ name: EXPIRE_JOBS, everyMs: 15 * 60_000 }]);
  });

  it('expires an approved job 30 days after approval; staff can re-approve it', async () => {
    const events = await recordEvents(t, ['jobs.job.expired']);
    const job = await createJob(t.app);
    const other = await createJob(t.app);
    const approved = await approve(t, job.id);
    expect(approved.expires_at).toBe(t.clock.now() + 30 * DAY);
    t.clock.advance(30 * DAY - 1);
    expect(await runExpiry()).toEqual({ expired: 0 });
    expect(await publicIds(t.app)).toContain(job.id);
    t.clock.advance(1);
    expect(await runExpiry()).toEqual({ expired: 1 });
    expect(await publicIds(t.app)).not.toContain(job.id);
    await events.waitFor('jobs.job.expired', (d) => d.id === job.id);
    const row = (await staffCall(t, 'GET', '/api/admin/jobs')).json().find((j: { id: number }) => j.id === job.id);
    expect(row.status).toBe('expired');
    // A pending job never expires; an expired one may only be re-approved.
    expect((await staffCall(t, 'GET', '/api/admin/jobs?status=pending')).json().map((j: { id: number }) => j.id)).toContain(other.id);
    expect((await staffCall(t, 'PUT', `/api/admin/jobs/${job.id}/status`, { status: 'rejected' })).statusCode).toBe(409);
    const again = await approve(t, job.id);
    expect(again.expires_at).toBe(t.clock.now() + 30 * DAY);
    expect(await publicIds(t.app)).toContain(job.id);
  });

  it('takes the period from JOBS_EXPIRY_DAYS', async () => {
    const short = await buildJobs({ env: { JOBS_EXPIRY_DAYS: '2' } });
    try {
      const job = await createJob(short.app);
      expect((await approve(short, job.id)).expires_at).toBe(short.clock.now() + 2 * DAY);
    } finally {
      await short.close();
    }
  });
});

describe('posting limits', () => {
  let t: JobsTest;
  beforeAll(async () => {
    t = await buildJobs();
  });
  afterAll(async () => t?.close());

  it('allows 5 postings an hour per visitor, then 429 with the kit message', async () => {
    const me = newVisitor();
    for (let i = 0; i < 5; i++) expect((await postJob(t.app, validJob(), me)).statusCode).toBe(201);
    const res = await postJob(t.app, validJob(), { ...me, ip: '10.200.0.1' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: RATE_LIMIT_MESSAGE });
    expect((await postJob(t.app, validJob(), newVisitor())).statusCode).toBe(201);
  });

  it('allows 30 postings an hour per address, whatever the tokens', async () => {
    const ip = '10.201.0.1';
    for (let i = 0; i < 30; i++) expect((await postJob(t.app, validJob(), { ...newVisitor(), ip })).statusCode).toBe(201);
    expect((await postJob(t.app, validJob(), { ...newVisitor(), ip })).statusCode).toBe(429);
  });
});
