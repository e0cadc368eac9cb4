import type { Db } from '@wfm/service-kit';
import type { MentorApplication, MentorStatus, PublicMentor, StaffMentor } from '@wfm/contracts/ama';

/** A stored application, with the applicant's hash (never leaves the service). */
export type MentorRow = MentorApplication & { visitor_hash: Buffer };

const PUBLIC_COLUMNS = (db: Db) => db`
  m.id, m.name, m.years_experience, m.bio, m.expertise_tags, m.timezone, m.availability_hours, m.created_at`;
const OWN_COLUMNS = (db: Db) => db`
  ${PUBLIC_COLUMNS(db)}, m.status, m.contact_info, m.linkedin_url, m.submitted_by, m.updated_at`;

export interface MentorFields {
  name: string;
  years_experience: number;
  bio: string;
  expertise_tags: string[];
  timezone: string;
  availability_hours: string;
  contact_info: string;
  linkedin_url: string | null;
}

const tagKeys = (tags: string[]) => tags.map((t) => t.toLowerCase());

export async function findByVisitor(db: Db, hash: Buffer, lock = false): Promise<MentorRow | null> {
  const rows = await db<MentorRow[]>`
    SELECT ${OWN_COLUMNS(db)}, m.visitor_hash FROM mentors m WHERE m.visitor_hash = ${hash} ${lock ? db`FOR UPDATE` : db``}`;
  return rows[0] ?? null;
}

export async function findMentor(db: Db, id: number, lock = false): Promise<MentorRow | null> {
  const rows = await db<MentorRow[]>`
    SELECT ${OWN_COLUMNS(db)}, m.visitor_hash FROM mentors m WHERE m.id = ${id} ${lock ? db`FOR UPDATE` : db``}`;
  return rows[0] ?? null;
}

/** A new application; null when this visitor already has one (the unique hash decides, race-safe). */
export async function insertMentor(
  db: Db,
  f: MentorFields & { submitted_by: string; visitor_hash: Buffer; now: number },
): Promise<MentorApplication | null> {
  const rows = await db<MentorApplication[]>`
    INSERT INTO mentors AS m (name, years_experience, bio, expertise_tags, tag_keys, timezone, availability_hours,
                              contact_info, linkedin_url, submitted_by, visitor_hash, created_at, updated_at)
    VALUES (${f.name}, ${f.years_experience}, ${f.bio}, ${f.expertise_tags}, ${tagKeys(f.expertise_tags)}, ${f.timezone},
            ${f.availability_hours}, ${f.contact_info}, ${f.linkedin_url}, ${f.submitted_by}, ${f.visitor_hash}, ${f.now}, ${f.now})
    ON CONFLICT (visitor_hash) DO NOTHING
    RETURNING ${OWN_COLUMNS(db)}`;
  return rows[0] ?? null;
}

/** A rejected applicant applies again: the same row, new fields, pending again. */
export async function reapply(db: Db, id: number, f: MentorFields & { submitted_by: string; now: number }): Promise<MentorApplication> {
  const [row] = await db<MentorApplication[]>`
    UPDATE mentors AS m SET name = ${f.name}, years_experience = ${f.years_experience}, bio = ${f.bio},
      expertise_tags = ${f.expertise_tags}, tag_keys = ${tagKeys(f.expertise_tags)}, timezone = ${f.timezone},
      availability_hours = ${f.availability_hours}, contact_info = ${f.contact_info}, linkedin_url = ${f.linkedin_url},
      submitted_by = ${f.submitted_by}, status = 'pending', created_at = ${f.now}, updated_at = ${f.now}
    WHERE m.id = ${id}
    RETURNING ${OWN_COLUMNS(db)}`;
  return row!;
}

/** Approved mentors, newest first, optionally with one expertise tag (any case). */
export async function listApproved(db: Db, f: { tag?: string | undefined; limit: number; offset: number }) {
  const tagFilter = f.tag ? db`AND m.tag_keys @> ARRAY[${f.tag.toLowerCase()}]::text[]` : db``;
  const mentors = await db<PublicMentor[]>`
    SELECT ${PUBLIC_COLUMNS(db)} FROM mentors m WHERE m.status = 'approved' ${tagFilter}
    ORDER BY m.created_at DESC, m.id DESC LIMIT ${f.limit} OFFSET ${f.offset}`;
  const [count] = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM mentors m WHERE m.status = 'approved' ${tagFilter}`;
  return { mentors, total: count!.n };
}

/** Every tag of an approved mentor (the case most mentors use), most used first. */
export async function approvedTags(db: Db): Promise<Array<{ tag: string; count: number }>> {
  return db<Array<{ tag: string; count: number }>>`
    SELECT mode() WITHIN GROUP (ORDER BY t.tag) AS tag, count(*)::int AS count
    FROM mentors m CROSS JOIN LATERAL unnest(m.expertise_tags) AS t(tag)
    WHERE m.status = 'approved'
    GROUP BY lower(t.tag) ORDER BY count(*) DESC, lower(t.tag) LIMIT 100`;
}

export async function listAll(db: Db, f: { status?: MentorStatus | undefined; limit: number; offset: number }): Promise<StaffMentor[]> {
  return db<StaffMentor[]>`
    SELECT ${OWN_COLUMNS(db)}, (SELECT count(*)::int FROM mentor_requests r WHERE r.mentor_id = m.id) AS request_count
    FROM mentors m ${f.status ? db`WHERE m.status = ${f.status}` : db``}
    ORDER BY m.created_at DESC, m.id DESC LIMIT ${f.limit} OFFSET ${f.offset}`;
}

export async function findStaffMentor(db: Db, id: number): Promise<StaffMentor | null> {
  const rows = await db<StaffMentor[]>`
    SELECT ${OWN_COLUMNS(db)}, (SELECT count(*)::int FROM mentor_requests r WHERE r.mentor_id = m.id) AS request_count
    FROM mentors m WHERE m.id = ${id}`;
  return rows[0] ?? null;
}

export async function setStatus(db: Db, id: number, status: MentorStatus, now: number): Promise<void> {
  await db`UPDATE mentors SET status = ${status}, updated_at = ${now} WHERE id = ${id}`;
}

/** Deletes the application with its requests and messages (cascade). */
export async function deleteMentor(db: Db, id: number): Promise<boolean> {
  const rows = await db`DELETE FROM mentors WHERE id = ${id} RETURNING id`;
  return rows.length > 0;
}
