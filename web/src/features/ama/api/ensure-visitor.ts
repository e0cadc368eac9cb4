import type { QueryClient } from '@tanstack/react-query';
import { visitorTokenQueryOptions } from '../../../lib/visitor-token.ts';

/**
 * Waits for the visitor's token (shared with the shell's session query, so no second session is
 * made): bookings, receipts and questions are refused without a verified visitor.
 */
export async function ensureVisitor(queryClient: QueryClient): Promise<void> {
  await queryClient.ensureQueryData(visitorTokenQueryOptions());
}
