import type { Visitor, VisitorRecords } from '@wfm/service-kit';
import type { AmaContext } from '../context.ts';
import { myRequests, thread } from '../mentor-requests/mentor-requests-service.ts';
import { removeMentor } from '../mentors/mentors-service.ts';
import { removeQuestion } from '../questions/questions-service.ts';
import * as repo from './visitor-data-repository.ts';

/**
 * The visitor's AMA and mentor records. Mentor threads (sent and, for a mentor, received) are
 * exported as the app shows them to this visitor: the request and every message of the thread,
 * the other side's included, since the visitor already reads those (docs/decisions.md).
 */
export async function exportAma(ctx: AmaContext, visitor: Visitor): Promise<VisitorRecords> {
  const [records, requests] = await Promise.all([repo.recordsOf(ctx.sql, visitor.hash), myRequests(ctx, visitor)]);
  const mentor_requests = await Promise.all(
    [...requests.sent, ...requests.received].map(async (r) => ({ ...(await thread(ctx, visitor, r.id)) }) as Record<string, unknown>),
  );
  return { ...records, mentor_requests };
}

/**
 * Deletes the visitor's questions and mentor application (with the requests made to them), each
 * with its event. Bookings stay: a booking is a payment record staff reconcile receipts against, not
 * content; the visitor keeps its reference and staff cancel on request (docs/decisions.md). Requests
 * the visitor sent to a mentor stay too: the thread is also the mentor's.
 */
export async function eraseAma(ctx: AmaContext, visitor: Visitor): Promise<Record<string, number>> {
  const ids = await repo.contentIdsOf(ctx.sql, visitor.hash);
  let questions = 0;
  for (const id of ids.questions) if (await removeQuestion(ctx, id)) questions += 1;
  const mentor_application = ids.mentor !== null && (await ctx.sql.begin((tx) => removeMentor(tx, ctx, ids.mentor!))) ? 1 : 0;
  return { questions, mentor_application };
}
