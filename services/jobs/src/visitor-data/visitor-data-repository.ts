import type { Db } from '@wfm/service-kit';

/** The visitor's job posts for "Your data": what they wrote and its status; the staff-only repeated-URL flag stays out. */
export async function jobPostsOf(db: Db, poster: Buffer) {
  return db<Record<string, unknown>[]>`
    SELECT id, title, company, location, job_type, category, description, requirements, salary_range, apply_url, tags,
      submitted_by, status, created_at, updated_at, approved_at, expires_at
    FROM job_postings WHERE poster_hash = ${poster} ORDER BY created_at, id`;
}
