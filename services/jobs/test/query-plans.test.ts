import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildJobs, type JobsTest } from './helpers.ts';

let t: JobsTest;
beforeAll(async () => {
  t = await buildJobs();
});
afterAll(async () => t?.close());

/** The plan of a list query with sequential scans priced out: an index must be able to serve it. */
async function plan(query: string): Promise<string> {
  return t.sql.begin(async (tx) => {
    await tx`SET LOCAL enable_seqscan = off`;
    const rows = await tx.unsafe<{ 'QUERY PLAN': string }[]>(`EXPLAIN ${query}`);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

it('the public list reads the approved partial index', async () => {
  const text = await plan(`SELECT id FROM job_postings WHERE status = 'approved' ORDER BY created_at DESC, id DESC LIMIT 100`);
  expect(text).toContain('job_postings_public_idx');
  expect(text).not.toContain('Seq Scan');
});

it('search by title, company or location uses the full-text index, not a sequential scan', async () => {
  const text = await plan(
    `SELECT id FROM job_postings WHERE status = 'approved' AND search @@ to_tsquery('simple', '''acme'':*') ORDER BY created_at DESC, id DESC LIMIT 100`,
  );
  expect(text).toMatch(/job_postings_(search|public)_idx/);
  expect(text).not.toContain('Seq Scan');
});

it('My job posts and the expiry job have their indexes', async () => {
  expect(await plan(`SELECT id FROM job_postings WHERE poster_hash = '\\x00'::bytea ORDER BY created_at DESC, id DESC`)).toContain(
    'job_postings_poster_idx',
  );
  expect(await plan(`SELECT id FROM job_postings WHERE status = 'approved' AND expires_at <= 5`)).toContain('job_postings_expiry_idx');
});
