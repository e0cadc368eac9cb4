import {
  ANONYMITY_THRESHOLD,
  POLL_MESSAGES,
  PROFILE_ANSWERS,
  type CreatePollResponse,
  type PollBreakdown,
  type PollCategory,
  type PollDetail,
  type PollSort,
  type PollStats,
  type PollSummary,
  type ProfileAnswers,
  type ProfileQuestion,
} from '@wfm/contracts/catalog';
import {
  badRequest,
  conflict,
  forbidden,
  heldAnswer,
  holdWrite,
  notFound,
  recordStaffAction,
  recordVisitorSeen,
  writeEvent,
  type Db,
  type HeldRelease,
  type ServiceContext,
  type StaffIdentity,
} from '@wfm/service-kit';
import { protectGroups } from './polls-anonymity.ts';
import * as polls from './polls-repository.ts';
import { withPercentages } from './polls-tallies.ts';

const FOREIGN_KEY_VIOLATION = '23503';

/** closed once expires_at has passed; active while a close date lies ahead; open without one. */
export function pollStatus(expiresAt: number | null, now: number): PollSummary['status'] {
  if (expiresAt === null) return 'open';
  return expiresAt > now ? 'active' : 'closed';
}

export function toSummary(row: polls.PollRow, now: number): PollSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    created_by: row.created_by,
    created_at: row.created_at,
    expires_at: row.expires_at,
    status: pollStatus(row.expires_at, now),
    options: withPercentages(row.options),
    total_votes: row.total_votes,
    profile_questions: row.profile_questions,
  };
}

export interface NewPollInput {
  title: string;
  description: string;
  category: PollCategory;
  options: string[];
  expires_at?: number | undefined;
  created_by: string;
  profile_questions: ProfileQuestion[];
}

/**
 * Creates the poll, or holds it for staff review when many visitors create the same poll (title,
 * description and options; ctx.duplicates, `writer` is who it counts). A held poll is answered as
 * it will read once released, except that its options have no ids yet (0): nobody can vote on it.
 */
export async function createPoll(ctx: ServiceContext, input: NewPollInput, creatorHash: Buffer | null, writer: string): Promise<CreatePollResponse> {
  const now = ctx.now();
  if (input.expires_at !== undefined && input.expires_at <= now) throw badRequest(POLL_MESSAGES.expiryInPast);
  const row = {
    title: input.title,
    description: input.description,
    category: input.category,
    createdBy: input.created_by,
    expiresAt: input.expires_at ?? null,
    profileQuestions: input.profile_questions,
    options: input.options,
  };
  const verdict = await ctx.duplicates.check([input.title, input.description, ...input.options], writer);
  return ctx.sql.begin(async (tx) => {
    if (verdict.held) {
      const id = await holdWrite(tx, ctx, {
        kind: 'poll',
        table: 'polls',
        payload: row,
        authorTokenHash: creatorHash,
        title: row.title,
        body: [row.description, ...row.options.map((o) => `- ${o}`)].filter((line) => line !== '').join('\n'),
        authorName: row.createdBy,
        copies: verdict.copies,
      });
      const summary = toSummary(
        { ...row, id, created_by: row.createdBy, created_at: now, expires_at: row.expiresAt, total_votes: 0, profile_questions: row.profileQuestions, options: row.options.map((text) => ({ id: 0, text, votes: 0 })) },
        now,
      );
      return { ...summary, userVote: null, ...heldAnswer };
    }
    const created = await polls.insertPoll(tx, { ...row, creatorHash });
    const summary = toSummary(created, now);
    await writeEvent(tx, 'catalog.poll.created', summary);
    return { ...summary, userVote: null };
  });
}

/** Publishes a held poll under its reserved id, as createPoll would have (staff release). */
export const releasePoll: HeldRelease = async (tx, item, now) => {
  const row = item.payload as Omit<polls.NewPoll, 'creatorHash' | 'id'>;
  const created = await polls.insertPoll(tx, { ...row, creatorHash: item.author_token_hash, id: item.item_id });
  await writeEvent(tx, 'catalog.poll.created', toSummary(created, now));
};

export interface ListPollsInput {
  category?: PollCategory | undefined;
  sort: PollSort;
  limit: number;
  offset: number;
}

/** `mine`: My Polls of that visitor hash; null when the token was not one identity issued (none listed). */
export async function listPolls(ctx: ServiceContext, input: ListPollsInput, mine?: Buffer | null): Promise<PollSummary[]> {
  if (mine === null) return [];
  const now = ctx.now();
  const rows = await polls.listPolls(ctx.sql, { ...input, creatorHash: mine, now });
  return rows.map((row) => toSummary(row, now));
}

export async function getPoll(ctx: ServiceContext, id: number, visitorHash: Buffer | null): Promise<PollDetail> {
  const [row, userVote] = await Promise.all([
    polls.findPoll(ctx.sql, id),
    visitorHash ? polls.findVote(ctx.sql, id, visitorHash) : Promise.resolve(null),
  ]);
  if (!row) throw notFound(POLL_MESSAGES.notFound);
  return { ...toSummary(row, ctx.now()), userVote };
}

/**
 * One vote per verified visitor per poll. 404 unknown poll; 400 an option of another poll or a
 * profile answer the poll did not ask for; 403 closed; 409 a second vote (also when sent in parallel:
 * the vote table's primary key decides, and only the request that inserted counts the vote).
 */
export async function vote(
  ctx: ServiceContext,
  pollId: number,
  input: { option_id: number; profile?: ProfileAnswers | undefined },
  visitorHash: Buffer,
): Promise<PollDetail> {
  await ctx.sql.begin(async (tx) => {
    const now = ctx.now();
    const poll = await polls.findPollForVote(tx, pollId);
    if (!poll) throw notFound(POLL_MESSAGES.notFound);
    if (pollStatus(poll.expires_at, now) === 'closed') throw forbidden(POLL_MESSAGES.closed);
    if (!(await polls.optionInPoll(tx, pollId, input.option_id))) throw badRequest(POLL_MESSAGES.optionNotInPoll);
    const profile = input.profile ?? {};
    for (const question of Object.keys(profile) as ProfileQuestion[]) {
      if (profile[question] !== undefined && !poll.profile_questions.includes(question)) throw badRequest(POLL_MESSAGES.notAsked);
    }
    // A poll deleted by staff since it was read: its foreign key refuses the vote.
    const inserted = await polls.insertVote(tx, { pollId, optionId: input.option_id, visitorHash, profile }).catch((err: unknown) => {
      if ((err as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw notFound(POLL_MESSAGES.notFound);
      throw err;
    });
    if (!inserted) throw conflict(POLL_MESSAGES.alreadyVoted);
    // From a day after the first vote this service sees from the visitor, their votes count in breakdowns.
    await recordVisitorSeen(tx, visitorHash, now);
    const tallies = await polls.countVote(tx, pollId, input.option_id, now);
    if (!tallies) throw forbidden(POLL_MESSAGES.closed);
    const shares = withPercentages(tallies.options.map((o) => ({ ...o, text: '' })));
    await writeEvent(tx, 'catalog.poll.voted', {
      poll_id: pollId,
      total_votes: tallies.total_votes,
      options: shares.map((o) => ({ id: o.id, votes: o.votes, percentage: o.percentage })),
    });
  });
  // Read after the commit, outside the poll row's lock: the poll as it stands, with the caller's choice.
  const row = await polls.findPoll(ctx.sql, pollId);
  if (!row) throw notFound(POLL_MESSAGES.notFound);
  return { ...toSummary(row, ctx.now()), userVote: input.option_id };
}

/** See the PollStats contract for what participationRate means. */
export async function stats(ctx: ServiceContext): Promise<PollStats> {
  const s = await polls.pollStats(ctx.sql, ctx.now());
  const denominator = s.active * s.activeVoters;
  const rate = denominator === 0 ? 0 : Math.round(((s.activeVotes * 100) / denominator) * 10) / 10;
  return { activePolls: s.active, totalVotes: s.total, participationRate: Math.min(100, rate) };
}

/**
 * Results by one profile question, each group shown only when it cannot identify anyone. Groups
 * count only the votes of established visitors (the kit's established-visitors: first seen a day or
 * more ago), so throwaway tokens minted today cannot fill a group around one real voter and unmask
 * them by subtraction; the poll's own totals still count every vote.
 */
export async function breakdown(ctx: ServiceContext, pollId: number, by: ProfileQuestion): Promise<PollBreakdown> {
  const poll = await polls.findPoll(ctx.sql, pollId);
  if (!poll) throw notFound(POLL_MESSAGES.notFound);
  if (!poll.profile_questions.includes(by)) throw badRequest(POLL_MESSAGES.notAsked);
  const { counts, established } = await polls.establishedProfileCounts(ctx.sql, pollId, by, ctx.now());
  const groups = PROFILE_ANSWERS[by].map((value) => ({
    value,
    options: poll.options.map((o) => ({
      id: o.id,
      text: o.text,
      votes: counts.find((c) => c.value === value && c.option_id === o.id)?.votes ?? 0,
    })),
  }));
  const groupsShown = protectGroups(groups, { votes: poll.total_votes, established });
  return { poll_id: pollId, by, threshold: ANONYMITY_THRESHOLD, groups: groupsShown };
}

export function listStaffPolls(ctx: ServiceContext, limit: number, offset: number) {
  return polls.listStaffPolls(ctx.sql, limit, offset);
}

/** Deletes the poll with its event (lists drop it, open pages refetch); false when there was none. Staff and "Your data" erase share it. */
export async function removePoll(tx: Db, ctx: ServiceContext, id: number): Promise<boolean> {
  if (!(await polls.deletePoll(tx, id))) return false;
  await writeEvent(tx, 'catalog.poll.deleted', { id, at: ctx.now() });
  return true;
}

export async function deletePoll(ctx: ServiceContext, staff: StaffIdentity, id: number): Promise<{ success: true; id: number }> {
  return ctx.sql.begin(async (tx) => {
    if (!(await removePoll(tx, ctx, id))) throw notFound(POLL_MESSAGES.notFound);
    await recordStaffAction(tx, ctx, staff, { action: 'poll.delete', target: { type: 'poll', id } });
    return { success: true as const, id };
  });
}
