import { establishedVisitor, type Db } from '@wfm/service-kit';
import type { AdminPoll, PollCategory, PollSort, ProfileAnswers, ProfileQuestion } from '@wfm/contracts/catalog';
import type { OptionCount } from './polls-tallies.ts';

/** A poll row with its options (counts only; percentages and status are the service's). */
export interface PollRow {
  id: number;
  title: string;
  description: string;
  category: PollCategory;
  created_by: string;
  created_at: number;
  expires_at: number | null;
  total_votes: number;
  profile_questions: ProfileQuestion[];
  options: OptionCount[];
}

const POLL_COLUMNS = 'id, title, description, category, created_by, created_at, expires_at, total_votes, profile_questions';
/** The options of the row `p`, in their order, as JSON. */
const OPTIONS_OF_P = `(SELECT coalesce(json_agg(json_build_object('id', o.id, 'text', o.text, 'votes', o.votes) ORDER BY o.position), '[]'::json)
   FROM poll_options o WHERE o.poll_id = p.id) AS options`;

export interface NewPoll {
  title: string;
  description: string;
  category: PollCategory;
  createdBy: string;
  creatorHash: Buffer | null;
  expiresAt: number | null;
  profileQuestions: ProfileQuestion[];
  options: string[];
  /** The id reserved when the poll was held for review (kit_held_items), given on its release. */
  id?: number | undefined;
}

export async function insertPoll(db: Db, poll: NewPoll): Promise<PollRow> {
  const given = poll.id !== undefined;
  const [row] = await db<{ id: number }[]>`
    INSERT INTO polls (${given ? db`id, ` : db``}title, description, category, created_by, creator_hash, expires_at, profile_questions)
    ${given ? db`OVERRIDING SYSTEM VALUE` : db``}
    VALUES (${given ? db`${poll.id!}, ` : db``}${poll.title}, ${poll.description}, ${poll.category}, ${poll.createdBy}, ${poll.creatorHash},
            ${poll.expiresAt}, ${poll.profileQuestions})
    RETURNING id`;
  const positions = poll.options.map((_, i) => i);
  await db`
    INSERT INTO poll_options (poll_id, position, text)
    SELECT ${row!.id}, position, text FROM unnest(${positions}::smallint[], ${poll.options}::text[]) AS t(position, text)`;
  return (await findPoll(db, row!.id))!;
}

export async function findPoll(db: Db, id: number): Promise<PollRow | null> {
  const rows = await db<PollRow[]>`SELECT ${db.unsafe(POLL_COLUMNS)}, ${db.unsafe(OPTIONS_OF_P)} FROM polls p WHERE id = ${id}`;
  return rows[0] ?? null;
}

/** The option the visitor chose in the poll, or null. */
export async function findVote(db: Db, pollId: number, visitorHash: Buffer): Promise<number | null> {
  const rows = await db<{ option_id: number }[]>`
    SELECT option_id FROM poll_votes WHERE poll_id = ${pollId} AND visitor_hash = ${visitorHash}`;
  return rows[0]?.option_id ?? null;
}

export interface PollFilters {
  category?: PollCategory | undefined;
  creatorHash?: Buffer | undefined;
  sort: PollSort;
  now: number;
  limit: number;
  offset: number;
}

/**
 * One page of polls. `ending` puts polls still open with a close date first (nearest close first),
 * then polls without one (newest first), then closed polls (most recently closed first); each part
 * is read from its own index, so the order depends on the clock without a sort over every poll.
 */
export function listPolls(db: Db, f: PollFilters) {
  const conditions = [];
  if (f.category) conditions.push(db`category = ${f.category}`);
  if (f.creatorHash) conditions.push(db`creator_hash = ${f.creatorHash}`);
  const where = conditions.length === 0 ? db`TRUE` : conditions.reduce((all, c) => db`${all} AND ${c}`);
  const cols = db.unsafe(POLL_COLUMNS);
  const options = db.unsafe(OPTIONS_OF_P);
  if (f.sort !== 'ending') {
    const order = f.sort === 'popular' ? db`total_votes DESC, created_at DESC, id DESC` : db`created_at DESC, id DESC`;
    return db<PollRow[]>`
      SELECT ${cols}, ${options} FROM (
        SELECT ${cols} FROM polls WHERE ${where} ORDER BY ${order} LIMIT ${f.limit} OFFSET ${f.offset}
      ) p ORDER BY ${order}`;
  }
  const upTo = f.limit + f.offset;
  return db<PollRow[]>`
    SELECT ${cols}, ${options} FROM (
      (SELECT ${cols}, 0 AS part, expires_at AS k1, id AS k2 FROM polls
        WHERE ${where} AND expires_at > ${f.now} ORDER BY expires_at, id LIMIT ${upTo})
      UNION ALL
      (SELECT ${cols}, 1 AS part, -created_at AS k1, -id AS k2 FROM polls
        WHERE ${where} AND expires_at IS NULL ORDER BY created_at DESC, id DESC LIMIT ${upTo})
      UNION ALL
      (SELECT ${cols}, 2 AS part, -expires_at AS k1, -id AS k2 FROM polls
        WHERE ${where} AND expires_at <= ${f.now} ORDER BY expires_at DESC, id DESC LIMIT ${upTo})
    ) p
    ORDER BY part, k1, k2
    LIMIT ${f.limit} OFFSET ${f.offset}`;
}

/** Records the vote; false when this visitor had already voted on the poll (the primary key decides). */
export async function insertVote(
  db: Db,
  vote: { pollId: number; optionId: number; visitorHash: Buffer; profile: ProfileAnswers },
): Promise<boolean> {
  const rows = await db`
    INSERT INTO poll_votes (poll_id, visitor_hash, option_id, region, size, channel)
    VALUES (${vote.pollId}, ${vote.visitorHash}, ${vote.optionId}, ${vote.profile.region ?? null},
            ${vote.profile.size ?? null}, ${vote.profile.channel ?? null})
    ON CONFLICT (poll_id, visitor_hash) DO NOTHING
    RETURNING poll_id`;
  return rows.length === 1;
}

export async function optionInPoll(db: Db, pollId: number, optionId: number): Promise<boolean> {
  const rows = await db`SELECT 1 FROM poll_options WHERE poll_id = ${pollId} AND id = ${optionId}`;
  return rows.length === 1;
}

/** What a vote needs to know about its poll, without its options' texts; null when unknown. */
export async function findPollForVote(
  db: Db,
  id: number,
): Promise<{ expires_at: number | null; profile_questions: ProfileQuestion[] } | null> {
  const rows = await db<Array<{ expires_at: number | null; profile_questions: ProfileQuestion[] }>>`
    SELECT expires_at, profile_questions FROM polls WHERE id = ${id}`;
  return rows[0] ?? null;
}

/**
 * Counts a vote and answers the poll's tallies after it, or null (nothing counted) once the poll
 * has closed. The option is counted first and the poll row last, so the voters of one poll queue
 * on its row only for the tally read and the commit, and each reads tallies that include every
 * vote counted before its own (total_votes equals the sum of its options).
 */
export async function countVote(
  db: Db,
  pollId: number,
  optionId: number,
  now: number,
): Promise<{ total_votes: number; options: Array<{ id: number; votes: number }> } | null> {
  await db`UPDATE poll_options SET votes = votes + 1 WHERE id = ${optionId}`;
  const rows = await db<{ total_votes: number }[]>`
    UPDATE polls SET total_votes = total_votes + 1
    WHERE id = ${pollId} AND (expires_at IS NULL OR expires_at > ${now})
    RETURNING total_votes`;
  if (rows.length === 0) return null;
  const options = await db<Array<{ id: number; votes: number }>>`
    SELECT id, votes FROM poll_options WHERE poll_id = ${pollId} ORDER BY position`;
  return { total_votes: rows[0]!.total_votes, options };
}

export interface PollStatsRow {
  active: number;
  total: number;
  activeVotes: number;
  activeVoters: number;
}

export async function pollStats(db: Db, now: number): Promise<PollStatsRow> {
  const [counts] = await db<{ active: number; total: number; active_votes: number }[]>`
    SELECT count(*) FILTER (WHERE expires_at IS NULL OR expires_at > ${now})::int AS active,
           coalesce(sum(total_votes), 0)::int AS total,
           coalesce(sum(total_votes) FILTER (WHERE expires_at IS NULL OR expires_at > ${now}), 0)::int AS active_votes
    FROM polls`;
  const [voters] = await db<{ n: number }[]>`
    SELECT count(DISTINCT v.visitor_hash)::int AS n
    FROM poll_votes v JOIN polls p ON p.id = v.poll_id
    WHERE p.expires_at IS NULL OR p.expires_at > ${now}`;
  return { active: counts!.active, total: counts!.total, activeVotes: counts!.active_votes, activeVoters: voters!.n };
}

/**
 * Votes of established visitors (first seen by this service a day or more before `now`, see the
 * kit's established-visitors) per (answer, option) of one profile question in one poll; voters who
 * skipped it are left out. `established` is every established vote of the poll, answered or not.
 */
export async function establishedProfileCounts(
  db: Db,
  pollId: number,
  question: ProfileQuestion,
  now: number,
): Promise<{ counts: Array<{ value: string; option_id: number; votes: number }>; established: number }> {
  const rows = await db<Array<{ value: string | null; option_id: number; votes: number }>>`
    SELECT v.${db(question)} AS value, v.option_id, count(*)::int AS votes
    FROM poll_votes v WHERE v.poll_id = ${pollId} AND ${establishedVisitor(db, 'v.visitor_hash', now)}
    GROUP BY 1, 2`;
  const counts = rows.filter((r): r is { value: string; option_id: number; votes: number } => r.value !== null);
  return { counts, established: rows.reduce((sum, r) => sum + r.votes, 0) };
}

export async function listStaffPolls(db: Db, limit: number, offset: number): Promise<{ polls: AdminPoll[]; total: number }> {
  const [polls, count] = await Promise.all([
    db<AdminPoll[]>`
      SELECT id, title, description, total_votes, created_at, category, created_by, expires_at,
             (SELECT count(*) FROM poll_options o WHERE o.poll_id = p.id)::int AS options_count
      FROM polls p ORDER BY created_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
    db<{ total: number }[]>`SELECT count(*)::int AS total FROM polls`,
  ]);
  return { polls, total: count[0]!.total };
}

/** Deletes the poll with its options and votes; false when there was none. */
export async function deletePoll(db: Db, id: number): Promise<boolean> {
  const rows = await db`DELETE FROM polls WHERE id = ${id} RETURNING id`;
  return rows.length === 1;
}
