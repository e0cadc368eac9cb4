import { z } from 'zod';

/**
 * GET /api/polls/stats. activePolls: polls not closed. totalVotes: votes on all polls.
 * participationRate: percent (0-100, one decimal) — of the visitors who voted on any active
 * poll, the average share that voted on each active poll
 * (= votes on active polls / (activePolls x distinct voters on active polls) x 100; 0 when none).
 */
export const PollStats = z.object({
  activePolls: z.number().int().nonnegative(),
  totalVotes: z.number().int().nonnegative(),
  participationRate: z.number().min(0).max(100),
});
export type PollStats = z.infer<typeof PollStats>;
