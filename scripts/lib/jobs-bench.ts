import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { DistributedRun } from './distributed.ts';

/** What `npm run bench jobs` borrows from scripts/lib/bench-harness.ts (shared run, guard and measurement). */
export interface JobsBenchTools {
  pgAdminUrl: string;
  servicePassword: string;
  startRun(database: string): Promise<DistributedRun>;
  stopRun(run: DistributedRun, database: string): Promise<void>;
  measure(label: string, url: string, opts?: { gatewayPid?: number }): Promise<{ reqPerSec: number }>;
  checkAlive(): void;
}

export const JOB_POSTINGS = 5_000;
/** A word in the titles of one job in 50, for the search figure. */
export const JOBS_SEARCH_WORD = 'erlang';

/** Seeds approved (and some pending) postings as the jobs service's own role. */
async function seedJobs(databaseUrl: string, count: number): Promise<void> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`
      INSERT INTO jobs.job_postings (title, company, location, job_type, category, description, requirements, salary_range,
        apply_url, apply_url_key, submitted_by, status, created_at, updated_at, approved_at, expires_at)
      SELECT
        -- Every 50th from the first: approved (every 10th is pending), so the search finds 90 postings.
        CASE WHEN i % 50 = 1 THEN 'Erlang Capacity Planner ' || i ELSE 'Workforce Analyst ' || i END,
        'Company ' || (i % 400), 'City ' || (i % 120),
        (ARRAY['Full-time','Part-time','Contract','Temporary'])[1 + i % 4],
        (ARRAY['Workforce Management','Analytics & Reporting','Contact Center Operations','Management','Quality Assurance'])[1 + i % 5],
        repeat('Own the forecast, the schedule and the intraday plan. ', 6), 'Three years of WFM experience.',
        CASE WHEN i % 3 = 0 THEN NULL ELSE '$' || (40 + i % 30) || 'k - $' || (60 + i % 30) || 'k' END,
        'https://careers.example.com/jobs/' || i, 'careers.example.com/jobs/' || i, 'Anonymous',
        CASE WHEN i % 10 = 0 THEN 'pending' ELSE 'approved' END,
        1700000000000 + i * 60000, 1700000000000 + i * 60000, 1700000000000 + i * 60000, 4102444800000
      FROM generate_series(1, ${count}) AS i`;
    await sql`ANALYZE jobs.job_postings`;
  } finally {
    await sql.end();
  }
}

/**
 * The public jobs list through the gateway's read cache against the gateway's no-I/O ceiling
 * (/healthz, measured before and after, the mean used), ending with `ratio jobs/ceiling: <x.xx>`.
 */
export async function benchJobs(tools: JobsBenchTools): Promise<void> {
  const database = `wfm_bench_jobs_${randomBytes(3).toString('hex')}`;
  const run = await tools.startRun(database);
  try {
    const url = new URL(tools.pgAdminUrl);
    url.pathname = `/${database}`;
    url.username = 'jobs_svc';
    url.password = tools.servicePassword;
    const started = Date.now();
    await seedJobs(url.toString(), JOB_POSTINGS);
    console.log(`\nseeded ${JOB_POSTINGS} job postings in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const gateway = run.gatewayUrl;
    const gatewayPid = run.processes.get('gateway')?.pid;
    const ceilingLabel = 'GET /healthz (ceiling, no proxy)';
    console.log('\nthrough the gateway (the public list is served from its read cache until a job changes)\n');
    const before = await tools.measure(ceilingLabel, `${gateway}/healthz`, { gatewayPid });
    const list = await tools.measure('GET /api/jobs', `${gateway}/api/jobs`, { gatewayPid });
    const middle = await tools.measure(ceilingLabel, `${gateway}/healthz`, { gatewayPid });
    const search = await tools.measure(`GET /api/jobs?q=${JOBS_SEARCH_WORD}`, `${gateway}/api/jobs?q=${JOBS_SEARCH_WORD}`, { gatewayPid });
    const after = await tools.measure(ceilingLabel, `${gateway}/healthz`, { gatewayPid });

    console.log('\njobs service direct (no cache), same load\n');
    await tools.measure('GET /api/jobs', `${run.serviceUrls.jobs}/api/jobs`);
    await tools.measure(`GET /api/jobs?q=${JOBS_SEARCH_WORD}`, `${run.serviceUrls.jobs}/api/jobs?q=${JOBS_SEARCH_WORD}`);

    tools.checkAlive();
    console.log('');
    console.log(`ratio jobs?q=${JOBS_SEARCH_WORD}/ceiling: ${(search.reqPerSec / ((middle.reqPerSec + after.reqPerSec) / 2)).toFixed(2)}`);
    console.log(`ratio jobs/ceiling: ${(list.reqPerSec / ((before.reqPerSec + middle.reqPerSec) / 2)).toFixed(2)}`);
  } finally {
    await tools.stopRun(run, database);
  }
}
