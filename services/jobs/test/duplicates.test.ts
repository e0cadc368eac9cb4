import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJobs, createJob, newVisitor, staffCall, uniqueWord, type JobsTest } from './helpers.ts';

// Jobs wait for staff approval anyway, so the duplicate-content check (issue 25) flags the 3rd and
// later postings of the same description (from fresh tokens and addresses) for the staff list.
let t: JobsTest;
beforeAll(async () => {
  t = await buildJobs({ env: { DUPLICATE_CONTENT_HOLD_AT: '3' } });
});
afterAll(async () => t?.close());

describe('the same job description from many visitors', () => {
  it('is flagged for staff from the 3rd poster on; a distinct description is not', async () => {
    const description = `Work from home, earn $5000 a week, no experience, apply at example.test/${uniqueWord('job')}`;
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await createJob(t.app, { description }, newVisitor())).id);
    const other = (await createJob(t.app, { description: `A real planner role ${uniqueWord()} with a long enough description` }, newVisitor())).id;
    const list = (await staffCall(t, 'GET', '/api/admin/jobs')).json<Array<{ id: number; flagged: boolean }>>();
    const flagged = (id: number) => list.find((j) => j.id === id)!.flagged;
    expect(ids.map(flagged)).toEqual([false, false, true, true]);
    expect(flagged(other)).toBe(false);
  });
});
