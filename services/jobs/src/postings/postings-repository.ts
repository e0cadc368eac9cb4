import type { Db } from '@wfm/service-kit';
import type { Job, JobInput, JobListFilters, JobStatus, StaffJob } from '@wfm/contracts/jobs';

const PUBLIC_COLUMNS = `id, title, company, location, job_type, category, description, requirements, salary_range,
  apply_url, tags, submitted_by, status, created_at`;
const STAFF_COLUMNS = `${PUBLIC_COLUMNS}, flagged, approved_at, expires_at, updated_at`;

type Row = Omit<Job, 'tags'> & { tags: unknown };
const toJob = <T extends Row>(row: T) => ({ ...row, tags: Array.isArray(row.tags) ? (row.tags as string[]) : [] });

/**
 * Search words as a prefix query: each word of letters or digits (in any script), lower-cased,
 * must begin a word of the title, company or location. Quoting the lexemes keeps the text inert.
 */
export function searchQuery(q: string | undefined): string | null {
  const words = (q ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 10);
  return words.length ? words.map((w) => `'${w}':*`).join(' & ') : null;
}

export async function listApproved(db: Db, f: JobListFilters): Promise<Job[]> {
  const tsquery = searchQuery(f.q);
  const conditions = [db`status = 'approved'`];
  if (tsquery) conditions.push(db`search @@ to_tsquery('simple', ${tsquery})`);
  if (f.category) conditions.push(db`category = ${f.category}`);
  if (f.job_type) conditions.push(db`job_type = ${f.job_type}`);
  if (f.shows_pay) conditions.push(db`salary_range IS NOT NULL`);
  const where = conditions.reduce((acc, c) => db`${acc} AND ${c}`);
  const rows = await db<Row[]>`
    SELECT ${db.unsafe(PUBLIC_COLUMNS)} FROM job_postings WHERE ${where}
    ORDER BY created_at DESC, id DESC LIMIT ${f.limit} OFFSET ${f.offset}`;
  return rows.map(toJob);
}

export async function listByPoster(db: Db, posterHash: Buffer): Promise<Job[]> {
  const rows = await db<Row[]>`
    SELECT ${db.unsafe(PUBLIC_COLUMNS)} FROM job_postings WHERE poster_hash = ${posterHash}
    ORDER BY created_at DESC, id DESC LIMIT 200`;
  return rows.map(toJob);
}

export async function listAll(db: Db, f: { status?: JobStatus | undefined; limit: number; offset: number }): Promise<StaffJob[]> {
  const rows = await db<(Row & Omit<StaffJob, keyof Job>)[]>`
    SELECT ${db.unsafe(STAFF_COLUMNS)} FROM job_postings
    ${f.status ? db`WHERE status = ${f.status}` : db``}
    ORDER BY created_at DESC, id DESC LIMIT ${f.limit} OFFSET ${f.offset}`;
  return rows.map(toJob);
}

export async function findStaffJob(db: Db, id: number, lock = false): Promise<StaffJob | null> {
  const [row] = await db<(Row & Omit<StaffJob, keyof Job>)[]>`
    SELECT ${db.unsafe(STAFF_COLUMNS)} FROM job_postings WHERE id = ${id} ${lock ? db`FOR UPDATE` : db``}`;
  return row ? toJob(row) : null;
}

export async function findPoster(db: Db, id: number): Promise<{ poster_hash: Buffer | null } | null> {
  const [row] = await db<{ poster_hash: Buffer | null }[]>`SELECT poster_hash FROM job_postings WHERE id = ${id} FOR UPDATE`;
  return row ?? null;
}

export interface NewJob extends JobInput {
  submitted_by: string;
  poster_hash: Buffer | null;
  apply_url_key: string;
  flagged: boolean;
  now: number;
}

export async function insertJob(db: Db, job: NewJob): Promise<StaffJob> {
  const [row] = await db<(Row & Omit<StaffJob, keyof Job>)[]>`
    INSERT INTO job_postings (title, company, location, job_type, category, description, requirements, salary_range,
      apply_url, apply_url_key, tags, submitted_by, poster_hash, flagged, created_at, updated_at)
    VALUES (${job.title}, ${job.company}, ${job.location}, ${job.job_type}, ${job.category}, ${job.description},
      ${job.requirements}, ${job.salary_range}, ${job.apply_url}, ${job.apply_url_key}, ${db.json(job.tags)},
      ${job.submitted_by}, ${job.poster_hash}, ${job.flagged}, ${job.now}, ${job.now})
    RETURNING ${db.unsafe(STAFF_COLUMNS)}`;
  return toJob(row!);
}

/**
 * Flags every posting of this apply URL once it comes from more than one poster (a posting
 * without a verified poster counts as a poster of its own). Answers whether the URL is flagged.
 */
export async function flagRepeatedUrl(db: Db, urlKey: string): Promise<boolean> {
  const [row] = await db<{ posters: number }[]>`
    SELECT count(DISTINCT coalesce(encode(poster_hash, 'hex'), 'job:' || id))::int AS posters
    FROM job_postings WHERE apply_url_key = ${urlKey}`;
  if ((row?.posters ?? 0) < 2) return false;
  await db`UPDATE job_postings SET flagged = true WHERE apply_url_key = ${urlKey} AND NOT flagged`;
  return true;
}

export async function setStatus(
  db: Db,
  id: number,
  status: JobStatus,
  at: { now: number; expiresAt?: number },
): Promise<StaffJob> {
  const [row] = await db<(Row & Omit<StaffJob, keyof Job>)[]>`
    UPDATE job_postings SET status = ${status}, updated_at = ${at.now},
      approved_at = ${status === 'approved' ? at.now : db`approved_at`},
      expires_at = ${status === 'approved' ? (at.expiresAt ?? null) : db`expires_at`}
    WHERE id = ${id} RETURNING ${db.unsafe(STAFF_COLUMNS)}`;
  return toJob(row!);
}

export async function updateJob(db: Db, id: number, input: JobInput & { apply_url_key: string; now: number }): Promise<StaffJob | null> {
  const [row] = await db<(Row & Omit<StaffJob, keyof Job>)[]>`
    UPDATE job_postings SET title = ${input.title}, company = ${input.company}, location = ${input.location},
      job_type = ${input.job_type}, category = ${input.category}, description = ${input.description},
      requirements = ${input.requirements}, salary_range = ${input.salary_range}, apply_url = ${input.apply_url},
      apply_url_key = ${input.apply_url_key}, tags = ${db.json(input.tags)}, updated_at = ${input.now}
    WHERE id = ${id} RETURNING ${db.unsafe(STAFF_COLUMNS)}`;
  return row ? toJob(row) : null;
}

export async function deleteJob(db: Db, id: number): Promise<boolean> {
  const rows = await db`DELETE FROM job_postings WHERE id = ${id} RETURNING id`;
  return rows.length > 0;
}

/** Approved jobs whose time is up become expired; answers their ids. */
export async function expireDue(db: Db, now: number): Promise<number[]> {
  const rows = await db<{ id: number }[]>`
    UPDATE job_postings SET status = 'expired', updated_at = ${now}
    WHERE status = 'approved' AND expires_at <= ${now} RETURNING id`;
  return rows.map((r) => r.id);
}
