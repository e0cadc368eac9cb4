import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_CATEGORIES, JOB_MESSAGES, JOB_TYPES } from '@wfm/contracts/jobs';
import {
  approve,
  buildJobs,
  createJob,
  get,
  namedVisitor,
  newVisitor,
  postJob,
  publicIds,
  recordEvents,
  staffCall,
  uniqueWord,
  validJob,
  type JobsTest,
} from './helpers.ts';
import { uniqueUsername } from '@wfm/service-kit/testing-names';

let t: JobsTest;
beforeAll(async () => {
  t = await buildJobs();
});
afterAll(async () => t?.close());

describe('POST /api/jobs', () => {
  it('stores a pending job with every field and answers it (201)', async () => {
    const res = await postJob(t.app, validJob({ tags: ['wfm', 'forecasting'] }));
    expect(res.statusCode).toBe(201);
    const job = res.json();
    expect(job).toMatchObject({
      title: 'Workforce Planner',
      company: 'Acme Contact Centres',
      location: 'Manila, Philippines',
      job_type: 'Full-time',
      category: 'Workforce Management',
      salary_range: '$50k - $60k',
      tags: ['wfm', 'forecasting'],
      status: 'pending',
    });
    expect(job.id).toBeGreaterThan(0);
    expect(typeof job.created_at).toBe('number');
    expect(job).not.toHaveProperty('poster_hash');
  });

  it('never publishes a job: a client status is ignored and the job is not listed until approved', async () => {
    const q = uniqueWord('self');
    const job = await createJob(t.app, { title: `Planner ${q}`, status: 'approved' });
    expect(job.status).toBe('pending');
    expect(await publicIds(t.app, `?q=${q}`)).toEqual([]);
    await approve(t, job.id);
    expect(await publicIds(t.app, `?q=${q}`)).toEqual([job.id]);
  });

  it('sets submitted_by from the visitor username, ignoring the client value', async () => {
    const username = uniqueUsername('poster');
    const visitor = await namedVisitor(username);
    const res = await postJob(t.app, validJob({ submitted_by: 'SomeoneElse' }), visitor);
    expect(res.statusCode).toBe(201);
    expect(res.json().submitted_by).toBe(username);
  });

  it('sets submitted_by to Anonymous without a username or token, whatever the client sends', async () => {
    expect((await postJob(t.app, validJob({ submitted_by: 'mod_one' }), newVisitor())).json().submitted_by).toBe('Anonymous');
    expect((await postJob(t.app, validJob({ submitted_by: 'x' }), null)).json().submitted_by).toBe('Anonymous');
  });

  it('defaults tags to [] and accepts them as JSON text', async () => {
    const { tags: _omit, ...noTags } = validJob();
    expect((await postJob(t.app, noTags)).json().tags).toEqual([]);
    expect((await postJob(t.app, validJob({ tags: '["a","b"]' }))).json().tags).toEqual(['a', 'b']);
    expect((await postJob(t.app, validJob({ salary_range: '' }))).json().salary_range).toBeNull();
  });

  it('accepts the bounds exactly', async () => {
    const res = await postJob(
      t.app,
      validJob({
        title: 'T'.repeat(150),
        company: 'C'.repeat(100),
        location: 'L'.repeat(100),
        description: 'D'.repeat(5000),
        requirements: 'R'.repeat(2000),
        salary_range: 'S'.repeat(100),
      }),
    );
    expect(res.statusCode).toBe(201);
    for (const job_type of JOB_TYPES) expect((await postJob(t.app, validJob({ job_type }))).statusCode).toBe(201);
    for (const category of JOB_CATEGORIES) expect((await postJob(t.app, validJob({ category }))).statusCode).toBe(201);
  });

  it('takes any job type and category of 1-50 characters (spec 3 §5), also outside the forms\' lists', async () => {
    for (const [job_type, category] of [
      ['Internship', 'Cooking'],
      ['J', 'K'],
      ['J'.repeat(50), 'K'.repeat(50)],
      [` ${'J'.repeat(50)} `, ` ${'K'.repeat(50)} `],
    ]) {
      const res = await postJob(t.app, validJob({ job_type, category }));
      expect(res.statusCode, `${job_type} / ${category}`).toBe(201);
      expect(res.json()).toMatchObject({ job_type: job_type!.trim(), category: category!.trim() });
    }
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['empty title', { title: '' }, JOB_MESSAGES.titleRequired],
    ['blank title', { title: '   ' }, JOB_MESSAGES.titleRequired],
    ['title 151', { title: 'T'.repeat(151) }, JOB_MESSAGES.titleTooLong],
    ['company 101', { company: 'C'.repeat(101) }, JOB_MESSAGES.companyTooLong],
    ['empty company', { company: '' }, JOB_MESSAGES.companyRequired],
    ['location 101', { location: 'L'.repeat(101) }, JOB_MESSAGES.locationTooLong],
    ['empty location', { location: '' }, JOB_MESSAGES.locationRequired],
    ['description 5001', { description: 'D'.repeat(5001) }, JOB_MESSAGES.descriptionTooLong],
    ['empty description', { description: '' }, JOB_MESSAGES.descriptionRequired],
    ['requirements 2001', { requirements: 'R'.repeat(2001) }, JOB_MESSAGES.requirementsTooLong],
    ['empty requirements', { requirements: '' }, JOB_MESSAGES.requirementsRequired],
    ['salary 101', { salary_range: 'S'.repeat(101) }, JOB_MESSAGES.salaryTooLong],
    ['empty job type', { job_type: '' }, JOB_MESSAGES.jobTypeRequired],
    ['blank job type', { job_type: '   ' }, JOB_MESSAGES.jobTypeRequired],
    ['missing job type', { job_type: undefined }, JOB_MESSAGES.jobTypeRequired],
    ['job type 51', { job_type: 'J'.repeat(51) }, JOB_MESSAGES.jobTypeTooLong],
    ['empty category', { category: '' }, JOB_MESSAGES.categoryRequired],
    ['missing category', { category: undefined }, JOB_MESSAGES.categoryRequired],
    ['category a number', { category: 3 }, JOB_MESSAGES.categoryRequired],
    ['category 51', { category: 'K'.repeat(51) }, JOB_MESSAGES.categoryTooLong],
    ['javascript URL', { apply_url: 'javascript:alert(1)' }, JOB_MESSAGES.applyUrl],
    ['ftp URL', { apply_url: 'ftp://example.com/job' }, JOB_MESSAGES.applyUrl],
    ['not a URL', { apply_url: 'apply by email' }, JOB_MESSAGES.applyUrl],
    ['missing URL', { apply_url: undefined }, JOB_MESSAGES.applyUrl],
    ['title a number', { title: 42 }, JOB_MESSAGES.titleRequired],
    ['tags not JSON', { tags: '[oops' }, JOB_MESSAGES.tags],
    ['tags of objects', { tags: [{ a: 1 }] }, JOB_MESSAGES.tags],
  ];
  it.each(refusals)('refuses %s with 400 and its message', async (_name, overrides, message) => {
    const res = await postJob(t.app, validJob(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('answers 400 {message} to bodies that are not a job (no body, an array, bad JSON)', async () => {
    for (const payload of [undefined, '[]', '{"title":', 'null']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/jobs',
        headers: { 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode, String(payload)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });
});

describe('GET /api/jobs', () => {
  it('lists approved jobs only, newest first', async () => {
    const word = uniqueWord('list');
    const older = await createJob(t.app, { title: `Analyst ${word}` });
    t.clock.advance(1000);
    const newer = await createJob(t.app, { title: `Lead ${word}` });
    const rejected = await createJob(t.app, { title: `Spam ${word}` });
    await createJob(t.app, { title: `Pending ${word}` });
    await approve(t, older.id);
    await approve(t, newer.id);
    await staffCall(t, 'PUT', `/api/admin/jobs/${rejected.id}/status`, { status: 'rejected' });
    const res = await get(t.app, `/api/jobs?q=${word}`);
    expect(res.json().map((j: { id: number }) => j.id)).toEqual([newer.id, older.id]);
    expect(res.json().every((j: { status: string }) => j.status === 'approved')).toBe(true);
  });

  it('searches title, company and location, case-insensitively, by word beginnings', async () => {
    const w = uniqueWord('srch');
    const byTitle = await createJob(t.app, { title: `Scheduler ${w}title` });
    const byCompany = await createJob(t.app, { company: `${w}company Ltd` });
    const byLocation = await createJob(t.app, { location: `${w}town, Cebu` });
    for (const j of [byTitle, byCompany, byLocation]) await approve(t, j.id);
    expect(await publicIds(t.app, `?q=${w.toUpperCase()}TITLE`)).toEqual([byTitle.id]);
    expect(await publicIds(t.app, `?q=${w}COMP`)).toEqual([byCompany.id]);
    expect(await publicIds(t.app, `?q=${encodeURIComponent(`${w}town cebu`)}`)).toEqual([byLocation.id]);
    expect((await publicIds(t.app, `?q=${w}`)).sort()).toEqual([byTitle.id, byCompany.id, byLocation.id].sort());
    expect(await publicIds(t.app, `?q=${w}nothing`)).toEqual([]);
  });

  it('treats hostile search text as words (no error, no injection)', async () => {
    for (const q of ["'", "a' OR 1=1 --", '!&|:*()', '\\', '%_']) {
      const res = await get(t.app, `/api/jobs?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
    }
    expect((await get(t.app, `/api/jobs?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('filters by category, job type and "shows pay"; All means no filter', async () => {
    const w = uniqueWord('flt');
    const a = await createJob(t.app, { title: `A ${w}`, category: 'Analytics & Reporting', job_type: 'Contract', salary_range: '' });
    const b = await createJob(t.app, { title: `B ${w}`, category: 'Management', job_type: 'Contract' });
    const c = await createJob(t.app, { title: `C ${w}`, category: 'Management', job_type: 'Part-time' });
    for (const j of [a, b, c]) await approve(t, j.id);
    const ids = async (query: string) => (await publicIds(t.app, `?q=${w}&${query}`)).sort();
    expect(await ids(`category=${encodeURIComponent('Analytics & Reporting')}`)).toEqual([a.id]);
    expect(await ids('category=Management&job_type=Contract')).toEqual([b.id]);
    expect(await ids('job_type=Contract')).toEqual([a.id, b.id].sort());
    expect(await ids('category=All&job_type=All')).toEqual([a.id, b.id, c.id].sort());
    expect(await ids('shows_pay=true')).toEqual([b.id, c.id].sort());
    expect((await get(t.app, `/api/jobs?category=${'K'.repeat(51)}`)).json()).toEqual({ message: JOB_MESSAGES.categoryTooLong });
    expect((await get(t.app, `/api/jobs?job_type=${'J'.repeat(51)}`)).json()).toEqual({ message: JOB_MESSAGES.jobTypeTooLong });
    expect((await get(t.app, '/api/jobs?limit=abc')).statusCode).toBe(400);
  });

  it('lists a job of a category and type outside the forms\' lists under All, and filters on them', async () => {
    const w = uniqueWord('odd');
    const odd = await createJob(t.app, { title: `Odd ${w}`, category: `Niche ${w}`, job_type: 'Internship' });
    const usual = await createJob(t.app, { title: `Usual ${w}`, category: 'Management', job_type: 'Contract' });
    for (const j of [odd, usual]) await approve(t, j.id);
    const ids = async (query: string) => (await publicIds(t.app, `?q=${w}&${query}`)).sort();
    expect(await ids('')).toEqual([odd.id, usual.id].sort());
    expect(await ids('category=All&job_type=All')).toEqual([odd.id, usual.id].sort());
    expect(await ids(`category=${encodeURIComponent(`Niche ${w}`)}`)).toEqual([odd.id]);
    expect(await ids('job_type=Internship')).toEqual([odd.id]);
    expect(await ids('category=Management')).toEqual([usual.id]);
  });
});

describe('staff calls', () => {
  it('lists every status for staff, newest first, with the spam flag', async () => {
    const pending = await createJob(t.app);
    const res = await staffCall(t, 'GET', '/api/admin/jobs');
    expect(res.statusCode).toBe(200);
    const row = res.json().find((j: { id: number }) => j.id === pending.id);
    expect(row).toMatchObject({ status: 'pending', flagged: false, approved_at: null, expires_at: null });
    expect((await staffCall(t, 'GET', '/api/admin/jobs?status=pending')).json().every((j: { status: string }) => j.status === 'pending')).toBe(true);
  });

  it('moves pending to approved or rejected, and refuses other transitions with 409', async () => {
    const a = await createJob(t.app);
    const r = await createJob(t.app);
    expect((await approve(t, a.id)).status).toBe('approved');
    const rejected = await staffCall(t, 'PUT', `/api/admin/jobs/${r.id}/status`, { status: 'rejected' });
    expect(rejected.json().status).toBe('rejected');
    const again = await staffCall(t, 'PUT', `/api/admin/jobs/${a.id}/status`, { status: 'rejected' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'A approved job cannot be rejected' });
    expect((await staffCall(t, 'PUT', `/api/admin/jobs/${r.id}/status`, { status: 'approved' })).statusCode).toBe(409);
    for (const status of ['pending', 'expired', 'published', '', 1]) {
      expect((await staffCall(t, 'PUT', `/api/admin/jobs/${a.id}/status`, { status })).statusCode).toBe(400);
    }
  });

  it('edits a job with the same bounds; title, company and URL must be non-blank', async () => {
    const job = await createJob(t.app);
    const edited = await staffCall(t, 'PUT', `/api/admin/jobs/${job.id}`, validJob({ title: 'Senior Planner', job_type: 'Temporary', salary_range: '' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: job.id, title: 'Senior Planner', job_type: 'Temporary', salary_range: null, status: 'pending' });
    for (const [field, message] of [
      ['title', JOB_MESSAGES.titleRequired],
      ['company', JOB_MESSAGES.companyRequired],
      ['apply_url', JOB_MESSAGES.applyUrl],
    ] as const) {
      const res = await staffCall(t, 'PUT', `/api/admin/jobs/${job.id}`, validJob({ [field]: '  ' }));
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect((await staffCall(t, 'PUT', `/api/admin/jobs/${job.id}`, validJob({ description: 'x'.repeat(5001) }))).statusCode).toBe(400);
    // Staff keep a job's category and type outside the lists (1-50 characters, like posting).
    const kept = await staffCall(t, 'PUT', `/api/admin/jobs/${job.id}`, validJob({ category: 'K'.repeat(50), job_type: 'Internship' }));
    expect(kept.json()).toMatchObject({ category: 'K'.repeat(50), job_type: 'Internship' });
    const tooLong = await staffCall(t, 'PUT', `/api/admin/jobs/${job.id}`, validJob({ category: 'K'.repeat(51) }));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: JOB_MESSAGES.categoryTooLong });
  });

  it('deletes a job; it leaves the public list', async () => {
    const job = await createJob(t.app);
    await approve(t, job.id);
    const res = await staffCall(t, 'DELETE', `/api/admin/jobs/${job.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, id: job.id });
    expect(await publicIds(t.app)).not.toContain(job.id);
  });

  it('answers 404 "Job not found" for unknown ids and 400 for malformed ones', async () => {
    const unknown = 987654;
    for (const [method, url, body] of [
      ['PUT', `/api/admin/jobs/${unknown}/status`, { status: 'approved' }],
      ['PUT', `/api/admin/jobs/${unknown}`, validJob()],
      ['DELETE', `/api/admin/jobs/${unknown}`, undefined],
    ] as const) {
      const res = await staffCall(t, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ message: JOB_MESSAGES.notFound });
    }
    for (const id of ['abc', '0', '-1', '1.5', '9'.repeat(20)]) {
      expect((await staffCall(t, 'DELETE', `/api/admin/jobs/${id}`)).statusCode, id).toBe(400);
    }
  });

  it('writes an audit entry (jobs.staff.action) for each change, and the job events', async () => {
    const events = await recordEvents(t, ['jobs.staff.action', 'jobs.job.submitted', 'jobs.job.approved', 'jobs.job.rejected', 'jobs.job.updated', 'jobs.job.deleted']);
    const a = await createJob(t.app);
    const r = await createJob(t.app);
    await events.waitFor('jobs.job.submitted', (d) => d.id === a.id);
    await approve(t, a.id);
    const approved = await events.waitFor('jobs.job.approved', (d) => d.id === a.id);
    expect(approved).toMatchObject({ id: a.id, status: 'approved', title: 'Workforce Planner' });
    expect(approved).not.toHaveProperty('flagged');
    await staffCall(t, 'PUT', `/api/admin/jobs/${r.id}/status`, { status: 'rejected' });
    await events.waitFor('jobs.job.rejected', (d) => d.id === r.id);
    await staffCall(t, 'PUT', `/api/admin/jobs/${a.id}`, validJob());
    await events.waitFor('jobs.job.updated', (d) => d.id === a.id);
    await staffCall(t, 'DELETE', `/api/admin/jobs/${a.id}`);
    await events.waitFor('jobs.job.deleted', (d) => d.id === a.id);
    for (const [action, id] of [['job.approve', a.id], ['job.reject', r.id], ['job.update', a.id], ['job.delete', a.id]] as const) {
      const entry = await events.waitFor('jobs.staff.action', (d) => d.action === action && d.target_id === String(id));
      expect(entry).toMatchObject({ staff_id: 7, staff_username: 'mod_one', role: 'Moderator', target_type: 'job' });
    }
  });
});

describe('My job posts and withdrawal', () => {
  it('lists the visitor\'s own postings in every status; other visitors and no token see none', async () => {
    const me = newVisitor();
    const first = await createJob(t.app, {}, me);
    const second = await createJob(t.app, {}, me);
    await approve(t, second.id);
    await createJob(t.app);
    const mine = await get(t.app, '/api/jobs/mine', me);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().map((j: { id: number; status: string }) => [j.id, j.status])).toEqual([
      [second.id, 'approved'],
      [first.id, 'pending'],
    ]);
    expect((await get(t.app, '/api/jobs/mine', newVisitor())).json()).toEqual([]);
    expect((await get(t.app, '/api/jobs/mine', null)).statusCode).toBe(401);
    expect((await get(t.app, '/api/jobs/mine', { token: 'made-up', ip: '10.0.0.1' })).statusCode).toBe(401);
  });

  it('lets only the poster withdraw a job', async () => {
    const me = newVisitor();
    const job = await createJob(t.app, {}, me);
    await approve(t, job.id);
    const del = (v: { token: string; ip: string } | null) =>
      t.app.inject({ method: 'DELETE', url: `/api/jobs/${job.id}`, remoteAddress: v?.ip ?? '10.9.9.9', headers: v ? { 'x-anon-token': v.token } : {} });
    const other = await del(newVisitor());
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: JOB_MESSAGES.notYours });
    expect((await del(null)).statusCode).toBe(401);
    expect(await publicIds(t.app)).toContain(job.id);
    const own = await del(me);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ success: true, id: job.id });
    expect(await publicIds(t.app)).not.toContain(job.id);
    expect((await del(me)).statusCode).toBe(404);
  });

  it('a job posted without a verified visitor can be withdrawn by nobody', async () => {
    const job = await createJob(t.app, {}, null);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/jobs/${job.id}`, headers: { 'x-anon-token': newVisitor().token } });
    expect(res.statusCode).toBe(403);
  });
});

describe('spam defence', () => {
  it('flags a URL once a second visitor posts it (all its postings), not when one visitor repeats it', async () => {
    const url = `https://www.Spam.example.com/apply/${uniqueWord()}/`;
    const me = newVisitor();
    const a = await createJob(t.app, { apply_url: url }, me);
    const b = await createJob(t.app, { apply_url: url }, me);
    const flagOf = async (id: number) =>
      (await staffCall(t, 'GET', '/api/admin/jobs')).json().find((j: { id: number }) => j.id === id).flagged as boolean;
    expect(await flagOf(a.id)).toBe(false);
    expect(await flagOf(b.id)).toBe(false);
    const c = await createJob(t.app, { apply_url: url.replace('https://www.Spam', 'http://spam').replace(/\/$/, '') }, newVisitor());
    expect([await flagOf(a.id), await flagOf(b.id), await flagOf(c.id)]).toEqual([true, true, true]);
    const other = await createJob(t.app, { apply_url: `https://spam.example.com/apply/${uniqueWord()}` });
    expect(await flagOf(other.id)).toBe(false);
  });
});
